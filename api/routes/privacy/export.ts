import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@contract/messages';
import { santiagoWallClockMs } from '@contract/date-time';
import { SUBJECT_FILE_CONTENT_TYPE, subjectFileName } from '@contract/privacy-file';
import { conflict } from '../../http/errors';
import { routeSchema } from '../../http/route-schema';
import { principalOf, requireAuth } from '../../http/auth';
import { writeSubjectFile } from '../../domain/privacy/subject-file';
import { ZipOut } from '../../domain/privacy/zip-out';
import { recordAccessDelivered } from '../../domain/privacy/access-delivered';
import { holdExportLease } from '../../domain/privacy/export-lease';

const tags: [string] = ['Privacidad'];

/**
 * The signed-in person's access and portability file (Ley 19.628 as amended by Ley 21.719, arts. 5 and 9;
 * docs/decisions/148-access-and-portability-file.md). No id in the URL: only ever the caller's own data.
 */
export async function privacyExportRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const schema = routeSchema({
    summary: 'Todos los datos de quien llama, en un ZIP: datos.json y un CSV por tabla (derechos de acceso y portabilidad)',
    tags,
    access: 'signed-in',
    success: {
      content: {
        [SUBJECT_FILE_CONTENT_TYPE]: 'ZIP con datos.json (todo, estructurado, con la información del art. 5) y eventos.csv, historial.csv, comentarios.csv, adjuntos.csv, notificaciones.csv, seguidos.csv, sesiones.csv, consentimientos.csv, solicitudes.csv y accesos.csv (UTF-8 con BOM)',
      },
    },
    errors: [409],
  });
  app.get('/api/privacy/me/export', { onRequest: requireAuth, schema }, async (request, reply) => {
    const { profileId } = principalOf(request);
    // One download per account at a time, across processes: a second answers 409 at once.
    const release = await holdExportLease(app.db, profileId);
    if (!release) throw conflict(messages.privacyExportRunning);
    const now = new Date();
    const body = new PassThrough();
    const zip = new ZipOut(body);
    const context = { controller: app.config.privacyController, retentionDays: app.config.retentionDays, now };
    void (async () => {
      try {
        await writeSubjectFile(app.db, profileId, context, zip);
        await zip.finish();
        // Every byte handed over: the download is the person's ACCESS request, answered.
        await recordAccessDelivered(app.db, profileId, now, app.config.privacyRequestDays);
        // Free before the answer ends: the person's next download, right after this one, is not refused.
        await release().catch((err: unknown) => request.log.warn({ err }, 'subject file lease not released'));
        body.end();
      } catch (error) {
        // A reader that left is not the file's failure (Fastify destroys the body then).
        if (!body.destroyed) request.log.error({ err: error }, 'subject file stopped');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      } finally {
        await release().catch((err: unknown) => request.log.warn({ err }, 'subject file lease not released'));
      }
    })();
    const day = new Date(santiagoWallClockMs(now.getTime())).toISOString().slice(0, 10);
    return reply
      .header('content-type', SUBJECT_FILE_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${subjectFileName(day)}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
