import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pagedOf } from '@contract/envelope';
import { messages } from '@contract/messages';
import { canReadAccessRecord } from '@contract/permissions';
import { accessRecordEntrySchema, accessRecordQuerySchema } from '@contract/privacy-access-record';
import { routeSchema } from '../../http/route-schema';
import { allowRoles, requireAuth } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { resolveAccessRecordQuery, searchAccessRecord } from '../../domain/privacy/access-record-search';

const tags: [string] = ['Privacidad'];

const unknownMessage = { actor: messages.accessRecordPersonUnknown, subject: messages.accessRecordPersonUnknown, folio: messages.accessRecordFolioUnknown };

/** The record of staff reads of personal data, for the admin and the inspector (decision 151). */
export async function accessRecordRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const search = routeSchema({
    summary: 'Registro de accesos a datos personales: quién leyó los datos de quién, cuándo y qué (administrador e inspector)',
    tags,
    access: 'roles',
    querystring: accessRecordQuerySchema,
    success: { payload: pagedOf(accessRecordEntrySchema) },
  });
  app.get('/api/privacy/access-record', { onRequest: [requireAuth, allowRoles(canReadAccessRecord)], schema: search }, async (request) => {
    const query = request.query;
    if (query.from && query.to && query.from > query.to) throw badRequest(messages.validationFailed, { to: messages.accessRecordRangeInvalid });
    const { filter, unknown } = await resolveAccessRecordQuery(app.db, query);
    if (unknown) throw badRequest(messages.validationFailed, { [unknown]: unknownMessage[unknown] });
    return { payload: await searchAccessRecord(app.db, filter) };
  });
}
