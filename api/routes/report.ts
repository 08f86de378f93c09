import { PassThrough } from 'node:stream';
import { Gauge } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@contract/zod';
import { statisticsSchema } from '@contract/statistics';
import { messages } from '@contract/messages';
import { REPORT_CONTENT_TYPES, SERVICE_LEVEL_REPORT, isReportId, reportFileName } from '@contract/report';
import { serviceLevelSchema } from '@contract/service-level';
import { reportQuerySchema } from '@contract/report-query';
import { canDownloadReports, canReadServiceLevel, canSeeEveryTicket, seesWholeRutInExports } from '@contract/permissions';
import { ApiError, forbidden, notFound } from '../http/errors';
import { routeSchema } from '../http/route-schema';
import { allowRoles, principalOf, requireAuth } from '../http/auth';
import { computeStatistics, type StatisticsScope } from '../domain/reports/statistics';
import { monthRange, reportSink, writeMonthlyReport } from '../domain/reports/monthly';
import { computeServiceLevel } from '../domain/reports/service-level';
import { ExportConnections, releaseWhenOver } from '../domain/reports/export-connections';

/** Seconds a refused export is told to wait (a month's CSV takes a few seconds at the database's speed). */
export const EXPORTS_BUSY_RETRY_AFTER_SECONDS = 5;

/** Reports whose rows name people (the detail of events: reporter's name, RUT, e-mail, phone). */
const REPORTS_NAMING_PEOPLE: number[] = [1];

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
  id: z.string().describe('1 a 4: el reporte mensual (sección 7); el 4, niveles de servicio, solo para la Inspección, supervisores y administración'),
});

export async function reportRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // At most EXPORT_CONNECTIONS exports at once in this process (decision 144), and how many run,
  // for /metrics and the alert of docs/operations.md.
  const exports = new ExportConnections(app.config.exportConnections);
  new Gauge({
    name: 'export_connections_in_use',
    help: 'Report exports running now, each holding at most one COPY connection (PostgreSQL)',
    registers: [app.metrics.registry],
    collect() {
      this.set(exports.inUse);
    },
  });
  new Gauge({
    name: 'export_connections_max',
    help: 'Report exports one process runs at once (EXPORT_CONNECTIONS); past them 503 with Retry-After',
    registers: [app.metrics.registry],
    collect() {
      this.set(exports.max);
    },
  });
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

  /**
   * The month's service levels (issue 37, decision 183): numbers per classification and type computed by
   * the database, and the latest breaches. The same numbers as a file: report 4.
   */
  const serviceLevel = routeSchema({
    summary: 'Niveles de servicio del mes: respuesta y resolución en plazo, medianas y percentil 90 en horas hábiles, incumplimientos',
    tags,
    access: 'roles',
    querystring: reportQuerySchema.pick({ month: true, year: true }),
    success: { payload: serviceLevelSchema },
  });
  app.get('/api/report/service-level', { onRequest: [requireAuth, allowRoles(canReadServiceLevel)], schema: serviceLevel }, async (request) => {
    const { year, month } = request.query;
    return { payload: await computeServiceLevel(app.db, year, month, monthRange(year, month)) };
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
    errors: [404, 503],
  });
  app.get('/api/report/:id', { onRequest: [requireAuth, allowRoles(canDownloadReports)], schema: report }, async (request, reply) => {
    const id = Number(request.params.id);
    if (!Number.isInteger(id) || !isReportId(id)) throw notFound();
    if (id === SERVICE_LEVEL_REPORT && !canReadServiceLevel(principalOf(request).role)) throw forbidden();
    const query = request.query;
    // A place among the process's exports, or 503 at once: a download never waits for one.
    const release = exports.tryAcquire();
    if (!release) {
      request.log.warn({ report: id, inUse: exports.inUse }, 'export refused: every export connection is busy');
      throw new ApiError(503, messages.exportsBusy, undefined, { 'retry-after': String(EXPORTS_BUSY_RETRY_AFTER_SECONDS) });
    }
    const body = new PassThrough();
    let writing: Promise<void>;
    try {
      const sink = reportSink(body, id, query.format, query.dialect);
      writing = writeMonthlyReport(app.db, id, query.year, query.month, sink, {
        copyOut: app.copyOut,
        // The RUT whole only to the roles that handle events (decision 147).
        view: { maskRut: !seesWholeRutInExports(principalOf(request).role) },
      }).catch((error: unknown) => {
        // A reader that left is not the report's failure (Fastify destroys the body then).
        if (!body.destroyed) request.log.error({ err: error, report: id }, 'report stopped');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    } catch (error) {
      release();
      throw error;
    }
    // Given back when the body is over (read, failed, or its reader left) and the writer has
    // let its COPY connection go.
    releaseWhenOver(release, body, writing);
    // The month's detail names each reporter (name, RUT, e-mail, phone): one entry per download (decision 151).
    if (REPORTS_NAMING_PEOPLE.includes(id)) {
      const reader = principalOf(request);
      app.accessRecord.note({ actorId: reader.profileId, actorRole: reader.role, subjectId: null, ticketId: null, what: 'export' });
    }
    return reply
      .header('content-type', REPORT_CONTENT_TYPES[query.format])
      .header('content-disposition', `attachment; filename="${reportFileName(id, query.year, query.month, query.format)}"`)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
