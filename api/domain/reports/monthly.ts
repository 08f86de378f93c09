import type { Writable } from 'node:stream';
import { channelLabels, statusLabels, ticketTypeLabels } from '@contract/messages';
import { REPORTS, type CsvDialect, type ReportFormat, type ReportId } from '@contract/report';
import { formatMonthYear, fromSantiagoWallClock } from '@contract/date-time';
import type { CopyOut, Database } from '../../platform/db/client';
import { computeStatistics, type CreatedRange } from './statistics';
import { detailCsv, detailWorkbook, type DetailView } from './detail-report';
import { serviceLevelReport } from './service-level';
import { csvSink, xlsxSink, type Column, type TableSink } from './sinks';


/** The month in Chilean time: [first instant, first instant of the next month). */
export function monthRange(year: number, month: number): CreatedRange {
  const start = (y: number, m: number) => fromSantiagoWallClock({ year: y, month: m, day: 1, hour: 0, minute: 0, second: 0 })!;
  return { from: start(year, month), to: month === 12 ? start(year + 1, 1) : start(year, month + 1) };
}

/** Report 2: the month in numbers, from the same computation as the statistics call. */
async function summaryReport(db: Database, range: CreatedRange, sink: TableSink, now: Date, title: string) {
  const stats = await computeStatistics(db, { kind: 'all' }, now, range);
  await sink.heading(title);
  await sink.blank();
  await sink.header([{ name: 'Indicador' }, { name: 'Valor' }]);
  await sink.row(['Eventos ingresados', stats.counters.total]);
  await sink.row(['Nuevos (sin gestión)', stats.counters.new]);
  await sink.row(['Activos', stats.counters.active]);
  await sink.row(['Atrasados', stats.counters.late]);
  await sink.row(['Cerrados', stats.counters.closed]);
  await sink.row(['Tiempo promedio de primera respuesta (horas)', stats.averages.firstResponseHours]);
  await sink.row(['Tiempo promedio de resolución (horas)', stats.averages.resolutionHours]);
  const section = async (heading: string, rows: [string, number][]) => {
    await sink.blank();
    await sink.header([{ name: heading }, { name: 'Cantidad' }]);
    for (const row of rows) await sink.row(row);
  };
  await section('Por tipo', stats.byType.map((r) => [ticketTypeLabels[r.key], r.count]));
  await section('Por clasificación', stats.byClassification.map((r) => [r.name, r.count]));
  await section('Por canal', stats.byChannel.map((r) => [channelLabels[r.key], r.count]));
  await section('Por estado', stats.byStatus.map((r) => [statusLabels[r.key], r.count]));
  await section('Por sector', stats.bySector.map((r) => [r.key, r.count]));
  await section('Por comuna', stats.byCommune.map((r) => [r.key, r.count]));
}

/** Report 3: deadline compliance per classification, for tickets created in the month. */
async function complianceReport(db: Database, range: CreatedRange, sink: TableSink, now: Date) {
  const stats = await computeStatistics(db, { kind: 'all' }, now, range);
  const created = new Map(stats.byClassification.map((c) => [c.id, c.count]));
  const columns: Column[] = [
    'Clasificación', 'Tipo', 'Plazo (horas)', 'Ingresados', 'Cerrados', 'Cerrados dentro de plazo',
    'Cerrados fuera de plazo', 'Cumplimiento (%)', 'Activos atrasados',
  ].map((name) => ({ name }));
  await sink.header(columns);
  for (const c of stats.slaCompliance) {
    await sink.row([
      c.name,
      ticketTypeLabels[c.type],
      c.slaHours,
      created.get(c.classificationId) ?? 0,
      c.closed,
      c.onTime,
      c.closed - c.onTime,
      c.rate === null ? null : Math.round(c.rate * 1000) / 10,
      c.lateActive,
    ]);
  }
}

/**
 * Writes report `id` for the month into the sink and ends it. `copyOut` (PostgreSQL) lets the
 * detail's CSV come straight from the database (detail-report.ts).
 */
export async function writeMonthlyReport(
  db: Database,
  id: ReportId,
  year: number,
  month: number,
  sink: TableSink,
  options: { now?: Date; copyOut?: CopyOut; view?: DetailView } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const range = monthRange(year, month);
  const title = `${REPORTS[id].title}: ${formatMonthYear(month, year)}`;
  if (id === 1 && sink.csv) await detailCsv(db, options.copyOut, range, sink.csv, now, options.view);
  else if (id === 1) await detailWorkbook(db, range, sink, now, options.view);
  else if (id === 2) await summaryReport(db, range, sink, now, title);
  else if (id === 4) await serviceLevelReport(db, year, month, range, sink, now, REPORTS[id].title);
  else await complianceReport(db, range, sink, now);
  await sink.end();
}

/** The sink of a report in `format` (and, for CSV, `dialect`), written to `out`. */
export function reportSink(out: Writable, id: ReportId, format: ReportFormat, dialect: CsvDialect): TableSink {
  return format === 'csv' ? csvSink(out, dialect) : xlsxSink(out, REPORTS[id].sheet);
}
