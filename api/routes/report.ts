import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { messages } from '@contract/messages';
import { REPORTS, REPORT_CONTENT_TYPES, isReportId, reportFileName } from '@contract/report';
import { reportQuerySchema } from '@contract/report-query';
import { REPORT_ROLES } from '@contract/roles';
import { notFound, parseOr400 } from '../http/errors';
import { principalOf, requireAuth, requireRole } from '../http/auth';
import { computeStatistics, type StatisticsScope } from '../services/statistics';
import { monthRange, writeMonthlyReport } from '../services/reports/monthly';
import { csvSink, xlsxSink } from '../services/reports/sinks';

/** month and year together, or neither (then the whole history). */
const statisticsQuery = reportQuerySchema
  .pick({ month: true, year: true })
  .partial()
  .refine((q) => (q.month === undefined) === (q.year === undefined), {
    message: messages.reportMonthInvalid,
    path: ['month'],
  });

export async function reportRoutes(app: FastifyInstance) {
  /** Every dashboard's numbers: the whole concession, or a driver's own tickets. */
  app.get('/api/report/reportStatistic', { preHandler: requireAuth }, async (request) => {
    const principal = principalOf(request);
    const query = parseOr400(statisticsQuery, request.query);
    const scope: StatisticsScope =
      principal.role === 'DRIVER' ? { kind: 'own', reporterId: principal.profileId } : { kind: 'all' };
    const range = query.month && query.year ? monthRange(query.year, query.month) : undefined;
    const compute = () => computeStatistics(app.db, scope, new Date(), range);
    // The concession-wide view is shared by every staff dashboard; a driver's own is small.
    const stats = scope.kind === 'all' ? await app.statisticsCache.get(`all:${query.year ?? ''}-${query.month ?? ''}`, compute) : await compute();
    return { payload: stats };
  });

  /** A monthly report as a file, streamed row by row at the pace of the reader. */
  app.get('/api/report/:id', { preHandler: [requireAuth, requireRole(...REPORT_ROLES)] }, async (request, reply) => {
    const id = Number((request.params as { id: string }).id);
    if (!Number.isInteger(id) || !isReportId(id)) throw notFound();
    const query = parseOr400(reportQuerySchema, request.query);
    const body = new PassThrough();
    const sink = query.format === 'csv' ? csvSink(body) : xlsxSink(body, REPORTS[id].title);
    writeMonthlyReport(app.db, id, query.year, query.month, sink).catch((error: unknown) => {
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
