import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  channelLabels,
  closureReasonLabels,
  orientationLabels,
  statusLabels,
  ticketTypeLabels,
} from '@contract/messages';
import { REPORTS, type ReportId } from '@contract/report';
import { TIME_ZONE, fromSantiagoWallClock } from '@contract/date-time';
import type { Database } from '../../db/client';
import { classification, profile, ticket } from '../../db/schema';
import { computeStatistics, type CreatedRange } from '../statistics';
import { isLate } from '../tickets/sla';
import type { TicketStatus } from '@contract/ticket-codes';
import type { TableSink } from './sinks';

const monthNames = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** The month in Chilean time: [first instant, first instant of the next month). */
export function monthRange(year: number, month: number): CreatedRange {
  const start = (y: number, m: number) => fromSantiagoWallClock({ year: y, month: m, day: 1, hour: 0, minute: 0, second: 0 })!;
  return { from: start(year, month), to: month === 12 ? start(year + 1, 1) : start(year, month + 1) };
}

const dateTime = new Intl.DateTimeFormat('es-CL', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
export const formatReportDate = (date: Date | null) => (date ? dateTime.format(date).replace(',', '') : null);

const ROWS_PER_READ = 1000;

type DetailRow = {
  id: number;
  folio: string;
  type: string;
  classificationName: string;
  statusCode: string;
  channelCode: string;
  dateEvent: Date;
  createdAt: Date;
  kilometer: number;
  orientation: string;
  sector: string;
  commune: string;
  description: string;
  fullName: string | null;
  rut: string | null;
  email: string | null;
  phone: string | null;
  realAddress: string | null;
  assigneeFirst: string | null;
  assigneeLast: string | null;
  dueAt: Date;
  pausedAt: Date | null;
  closedAt: Date | null;
  closureReason: string | null;
};

export const DETAIL_COLUMNS = [
  'Folio', 'Tipo', 'Clasificación', 'Estado', 'Atrasado', 'Canal', 'Fecha del evento', 'Fecha de ingreso',
  'Kilómetro', 'Orientación', 'Sector', 'Comuna', 'Descripción', 'Nombre', 'RUT', 'Correo', 'Teléfono',
  'Dirección', 'Responsable', 'Vence', 'Fecha de cierre', 'Motivo de cierre',
];

/** Report 1: every ticket created in the month, read in keyset batches so memory stays flat. */
async function detailReport(db: Database, range: CreatedRange, sink: TableSink, now: Date) {
  const assignee = alias(profile, 'assignee');
  await sink.header(DETAIL_COLUMNS);
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    // A row comparison walks the (created_at, id) index from where the last batch stopped.
    const keyset: SQL | undefined = after ? sql`(${ticket.createdAt}, ${ticket.id}) > (${after.createdAt}, ${after.id})` : undefined;
    const rows: DetailRow[] = await db
      .select({
        id: ticket.id,
        folio: ticket.folio,
        type: ticket.type,
        classificationName: classification.name,
        statusCode: ticket.statusCode,
        channelCode: ticket.channelCode,
        dateEvent: ticket.dateEvent,
        createdAt: ticket.createdAt,
        kilometer: ticket.kilometer,
        orientation: ticket.orientation,
        sector: ticket.sector,
        commune: ticket.commune,
        description: ticket.description,
        fullName: ticket.fullName,
        rut: ticket.rut,
        email: ticket.email,
        phone: ticket.phone,
        realAddress: ticket.realAddress,
        assigneeFirst: assignee.firstName,
        assigneeLast: assignee.lastName,
        dueAt: ticket.dueAt,
        pausedAt: ticket.pausedAt,
        closedAt: ticket.closedAt,
        closureReason: ticket.closureReason,
      })
      .from(ticket)
      .innerJoin(classification, eq(classification.id, ticket.classificationId))
      .leftJoin(assignee, eq(assignee.id, ticket.assignedToId))
      .where(and(gte(ticket.createdAt, range.from), lt(ticket.createdAt, range.to), keyset))
      // NULLS FIRST: the exact reverse of the index (created_at DESC NULLS LAST, id DESC NULLS LAST),
      // so PostgreSQL reads it backwards instead of sorting the whole month for every batch.
      .orderBy(sql`${ticket.createdAt} asc nulls first`, sql`${ticket.id} asc nulls first`)
      .limit(ROWS_PER_READ);
    for (const r of rows) {
      const status = r.statusCode as TicketStatus;
      await sink.row([
        r.folio,
        ticketTypeLabels[r.type as keyof typeof ticketTypeLabels] ?? r.type,
        r.classificationName,
        statusLabels[status] ?? status,
        isLate({ statusCode: status, dueAt: r.dueAt, pausedAt: r.pausedAt }, now) ? 'Sí' : 'No',
        channelLabels[r.channelCode as keyof typeof channelLabels] ?? r.channelCode,
        formatReportDate(r.dateEvent),
        formatReportDate(r.createdAt),
        Number(r.kilometer),
        orientationLabels[r.orientation as keyof typeof orientationLabels] ?? r.orientation,
        r.sector,
        r.commune,
        r.description,
        r.fullName,
        r.rut,
        r.email,
        r.phone,
        r.realAddress,
        r.assigneeFirst ? `${r.assigneeFirst} ${r.assigneeLast}` : null,
        formatReportDate(r.dueAt),
        formatReportDate(r.closedAt),
        r.closureReason ? (closureReasonLabels[r.closureReason as keyof typeof closureReasonLabels] ?? r.closureReason) : null,
      ]);
    }
    if (rows.length < ROWS_PER_READ) break;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** Report 2: the month in numbers, from the same computation as the statistics call. */
async function summaryReport(db: Database, range: CreatedRange, sink: TableSink, now: Date, title: string) {
  const stats = await computeStatistics(db, { kind: 'all' }, now, range);
  await sink.heading(title);
  await sink.blank();
  await sink.header(['Indicador', 'Valor']);
  await sink.row(['Eventos ingresados', stats.counters.total]);
  await sink.row(['Nuevos (sin gestión)', stats.counters.new]);
  await sink.row(['Activos', stats.counters.active]);
  await sink.row(['Atrasados', stats.counters.late]);
  await sink.row(['Cerrados', stats.counters.closed]);
  await sink.row(['Tiempo promedio de primera respuesta (horas)', stats.averages.firstResponseHours]);
  await sink.row(['Tiempo promedio de resolución (horas)', stats.averages.resolutionHours]);
  const section = async (heading: string, rows: [string, number][]) => {
    await sink.blank();
    await sink.header([heading, 'Cantidad']);
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
  await sink.header([
    'Clasificación', 'Tipo', 'Plazo (horas)', 'Ingresados', 'Cerrados', 'Cerrados dentro de plazo',
    'Cerrados fuera de plazo', 'Cumplimiento (%)', 'Activos atrasados',
  ]);
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

/** Writes report `id` for the month into the sink and ends it. */
export async function writeMonthlyReport(
  db: Database,
  id: ReportId,
  year: number,
  month: number,
  sink: TableSink,
  now = new Date(),
): Promise<void> {
  const range = monthRange(year, month);
  const title = `${REPORTS[id].title}: ${monthNames[month - 1]} de ${year}`;
  if (id === 1) await detailReport(db, range, sink, now);
  else if (id === 2) await summaryReport(db, range, sink, now, title);
  else await complianceReport(db, range, sink, now);
  await sink.end();
}

