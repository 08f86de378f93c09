import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  channelLabels,
  closureReasonLabels,
  orientationLabels,
  statusLabels,
  ticketTypeLabels,
} from '@contract/messages';
import { REPORTS, type ReportId } from '@contract/report';
import { formatSantiagoShort, fromSantiagoWallClock } from '@contract/date-time';
import { queryRows, type Database } from '../../db/client';
import { classification, profile, ticket } from '../../db/schema';
import { computeStatistics, type CreatedRange } from '../statistics';
import { lateCondition } from '../tickets/sla';
import type { TicketStatus } from '@contract/ticket-codes';
import type { Cell, TableSink } from './sinks';

const monthNames = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** The month in Chilean time: [first instant, first instant of the next month). */
export function monthRange(year: number, month: number): CreatedRange {
  const start = (y: number, m: number) => fromSantiagoWallClock({ year: y, month: m, day: 1, hour: 0, minute: 0, second: 0 })!;
  return { from: start(year, month), to: month === 12 ? start(year + 1, 1) : start(year, month + 1) };
}

/** A timestamp as milliseconds since 1970, a plain number for the driver to read. */
const epochMs = (column: AnyPgColumn) => sql`(extract(epoch from ${column}) * 1000)::bigint`;
const santiago = (ms: number | null) => (ms === null ? null : formatSantiagoShort(ms));

/** Rows per read: large enough that a read costs little per row, small enough to stay flat in memory. */
const ROWS_PER_READ = 5000;

/**
 * One detail row as the database sends it: a JSON array in the order of DETAIL_COLUMNS,
 * dates as epoch milliseconds, codes still to be named. One field per row instead of two
 * dozen: the drivers' per-field cost (the embedded one's above all) dominated the export.
 */
type DetailRow = { cells: string; id: number; createdKey: string };
type DetailCells = [
  folio: string, type: string, classification: string, status: string, late: boolean, channel: string,
  dateEvent: number, createdAt: number, kilometer: number, orientation: string, sector: string, commune: string,
  description: string, fullName: string | null, rut: string | null, email: string | null, phone: string | null,
  realAddress: string | null, assignee: string | null, dueAt: number, closedAt: number | null, closureReason: string | null,
];

export const DETAIL_COLUMNS = [
  'Folio', 'Tipo', 'Clasificación', 'Estado', 'Atrasado', 'Canal', 'Fecha del evento', 'Fecha de ingreso',
  'Kilómetro', 'Orientación', 'Sector', 'Comuna', 'Descripción', 'Nombre', 'RUT', 'Correo', 'Teléfono',
  'Dirección', 'Responsable', 'Vence', 'Fecha de cierre', 'Motivo de cierre',
];

/** The columns of one detail row (see DetailRow). */
const detailSelect = (now: Date) => sql`json_build_array(
    ${ticket.folio}, ${ticket.type}, ${classification.name}, ${ticket.statusCode}, ${lateCondition(now)}, ${ticket.channelCode},
    ${epochMs(ticket.dateEvent)}, ${epochMs(ticket.createdAt)}, ${ticket.kilometer}, ${ticket.orientation}, ${ticket.sector}, ${ticket.commune},
    ${ticket.description}, ${ticket.fullName}, ${ticket.rut}, ${ticket.email}, ${ticket.phone},
    ${ticket.realAddress}, "assignee"."first_name" || ' ' || "assignee"."last_name", ${epochMs(ticket.dueAt)}, ${epochMs(ticket.closedAt)}, ${ticket.closureReason}
  )::text as "cells", ${ticket.id} as "id", ${ticket.createdAt}::text as "createdKey"`;

/** The cells of DETAIL_COLUMNS, in order, with codes named as the screens name them. */
function detailCells(row: DetailRow): Cell[] {
  const c = JSON.parse(row.cells) as DetailCells;
  return [
    c[0],
    ticketTypeLabels[c[1] as keyof typeof ticketTypeLabels] ?? c[1],
    c[2],
    statusLabels[c[3] as TicketStatus] ?? c[3],
    c[4] ? 'Sí' : 'No',
    channelLabels[c[5] as keyof typeof channelLabels] ?? c[5],
    santiago(c[6]),
    santiago(c[7]),
    c[8],
    orientationLabels[c[9] as keyof typeof orientationLabels] ?? c[9],
    c[10], c[11], c[12], c[13], c[14], c[15], c[16], c[17], c[18],
    santiago(c[19]),
    santiago(c[20]),
    c[21] ? (closureReasonLabels[c[21] as keyof typeof closureReasonLabels] ?? c[21]) : null,
  ];
}

/**
 * Report 1: every ticket created in the month, read in keyset batches so memory stays flat
 * and other requests can use the database between batches (the embedded one has a single
 * connection). Each batch goes to the sink in one piece.
 */
async function detailReport(db: Database, range: CreatedRange, sink: TableSink, now: Date) {
  await sink.header(DETAIL_COLUMNS);
  const columns = detailSelect(now);
  const read = (after: DetailRow | null): Promise<DetailRow[]> =>
    queryRows<DetailRow>(
      db,
      // A row comparison walks the (created_at, id) index from where the last batch stopped.
      sql`select ${columns}
          from ${ticket}
          join ${classification} on ${classification.id} = ${ticket.classificationId}
          left join ${profile} as "assignee" on "assignee"."id" = ${ticket.assignedToId}
          where ${ticket.createdAt} >= ${range.from} and ${ticket.createdAt} < ${range.to}
            ${after ? sql`and (${ticket.createdAt}, ${ticket.id}) > (${after.createdKey}::timestamptz, ${after.id})` : sql``}
          -- NULLS FIRST: the exact reverse of the index (created_at DESC NULLS LAST, id DESC NULLS LAST),
          -- so PostgreSQL reads it backwards instead of sorting the whole month for every batch.
          order by ${ticket.createdAt} asc nulls first, ${ticket.id} asc nulls first
          limit ${ROWS_PER_READ}`,
    );
  let next: Promise<DetailRow[]> | null = read(null);
  try {
    while (next) {
      const rows: DetailRow[] = await next;
      // The database prepares the next batch while this one is formatted and written.
      next = rows.length === ROWS_PER_READ ? read(rows[rows.length - 1]!) : null;
      await sink.rows(rows.map(detailCells));
    }
  } finally {
    // The reader left mid-way: the batch already asked for is not wanted.
    await next?.catch(() => undefined);
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

