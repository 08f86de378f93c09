import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@contract/zod';
import { statisticsSchema } from '@contract/statistics';
import { messages } from '@contract/messages';
import { REPORT_CONTENT_TYPES, isReportId, reportFileName } from '@contract/report';
import { reportQuerySchema } from '@contract/report-query';
import { canDownloadReports, canSeeEveryTicket } from '@contract/permissions';
import { notFound } from '../http/errors';
import { routeSchema } from '../http/route-schema';
import { allowRoles, principalOf, requireAuth } from '../http/auth';
import { computeStatistics, type StatisticsScope } from '../domain/reports/statistics';
import { monthRange, reportSink, writeMonthlyReport } from '../domain/reports/monthly';

/** month and year together, or neither (then the whole history). */
const statisticsQuery = reportQuerySchema
  .pick({ month: true, year: true })
  .partial()
  .refine((q) => (q.month === undefined) === (q.year === undefined), {
    message: messages.reportMonthInvalid,
    path: ['month'],
  });

const tags: [string] = ['Reportes'];
const reportParams = z.object({
  id: z.string().describe('1 a 5: el reporte mensual (sección 7)'),
});

export async function reportRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  /** Every dashboard's numbers: the whole concession, or a driver's own tickets. */
  const statistics = routeSchema({
    summary: 'Las cifras de los paneles: toda la concesión, o los eventos propios de un conductor',
    tags,
    access: 'signed-in',
    querystring: statisticsQuery,
    success: { payload: statisticsSchema },
  });
  app.get('/api/report/reportStatistic', { onRequest: requireAuth, schema: statistics }, async (request) => {
    const principal = principalOf(request);
    const query = request.query;
    const scope: StatisticsScope = canSeeEveryTicket(principal.role) ? { kind: 'all' } : { kind: 'own', reporterId: principal.profileId };
    const range = query.month && query.year ? monthRange(query.year, query.month) : undefined;
    const compute = () => computeStatistics(app.db, scope, new Date(), range);
    // The concession-wide view is shared by every staff dashboard; a driver's own is small.
    const stats = scope.kind === 'all' ? await app.statisticsCache.get(`all:${query.year ?? ''}-${query.month ?? ''}`, compute) : await compute();
    return { payload: stats };
  });

  /** A monthly report as a file, streamed row by row at the pace of the reader. */
  const report = routeSchema({
    summary: 'Un reporte mensual como archivo (XLSX o CSV), enviado fila a fila',
    tags,
    access: 'roles',
    params: reportParams,
    querystring: reportQuerySchema,
    success: {
      content: {
        [REPORT_CONTENT_TYPES.xlsx]: 'Libro XLSX',
        [REPORT_CONTENT_TYPES.csv]: 'CSV en UTF-8 con BOM; por omisión con ";" y coma decimal, como lo abre Excel en Chile',
      },
    },
    errors: [404],
  });
  app.get('/api/report/:id', { onRequest: [requireAuth, allowRoles(canDownloadReports)], schema: report }, async (request, reply) => {
    const id = Number(request.params.id);
    if (!Number.isInteger(id) || !isReportId(id)) throw notFound();
    const query = request.query;
    const body = new PassThrough();
    const sink = reportSink(body, id, query.format, query.dialect);
    writeMonthlyReport(app.db, id, query.year, query.month, sink, { copyOut: app.copyOut }).catch((error: unknown) => {
      request.log.error({ err: error, report: id }, 'report stopped');
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('content-type', REPORT_CONTENT_TYPES[query.format])
      .header('content-disposition', `attachment; filename="${reportFileName(id, query.year, query.month, query.format)}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
