import { pipeline } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { channelLabels, closureReasonLabels, statusLabels, ticketTypeLabels } from '@contract/messages';
import { TIME_ZONE, santiagoWallClockMs } from '@contract/date-time';
import { formatPhone } from '@contract/phone';
import { formatRut } from '@contract/rut';
import { maskRut } from '@contract/rut-mask';
import { messages } from '@contract/messages';
import type { CsvDialect } from '@contract/report';
import { orientationLabel } from '@contract/road-lookup';
import { ORIENTATIONS, type TicketStatus } from '@contract/ticket-codes';
import { queryRows, type CopyOut, type Database } from '../../platform/db/client';
import { classification, profile, ticket } from '../../platform/db/schema';
import type { CreatedRange } from './statistics';
import { lateCondition } from '../tickets/sla';
import { readDestinations } from '../road/axis';
import { copyBinaryValues } from '../../platform/db/copy-binary';
import { CSV_FORMATS, FORMULA_START_CHARACTERS, SHARED_COLUMNS, type Cell, type Column, type CsvOut, type OnePer, type TableSink } from './sinks';

/**
 * Report 1, the month's tickets in detail (docs/decisions/122-reports-for-excel.md):
 * - as a workbook, typed cells (dates, numbers) read in keyset batches and written by exceljs;
 * - as CSV, each ticket's whole line built by the database in one query: PostgreSQL streams it
 *   with a binary `COPY … TO STDOUT` at its own speed; the embedded database runs the same
 *   query in batches. Both give the same bytes.
 */

const DATE = { kind: 'date' } as const;
/**
 * The file's columns, in order. The workbook's cells (typedCells) and the CSV's (csvCells) are typed as one
 * value per column of this tuple (PerColumn): a column added here and not there does not compile.
 */
export const DETAIL_COLUMNS = [
  SHARED_COLUMNS.folio,
  SHARED_COLUMNS.type,
  SHARED_COLUMNS.classification,
  { name: 'Estado', width: 12 },
  { name: 'Atrasado', width: 10 },
  { name: 'Canal', width: 16 },
  { name: 'Fecha del evento', ...DATE },
  { name: 'Fecha de ingreso', ...DATE },
  { name: 'Kilómetro', kind: 'decimal' },
  { name: 'Orientación', width: 30 },
  { name: 'Sector', width: 16 },
  { name: 'Comuna', width: 14 },
  { name: 'Descripción', width: 60 },
  { name: 'Nombre', width: 26 },
  { name: 'RUT', width: 13 },
  { name: 'Correo', width: 30 },
  { name: 'Teléfono', width: 16 },
  { name: 'Dirección', width: 30 },
  SHARED_COLUMNS.assignee,
  { name: 'Vence', ...DATE },
  { name: 'Fecha de cierre', ...DATE },
  { name: 'Motivo de cierre', width: 24 },
] as const satisfies readonly Column[];

/** One value per column of DETAIL_COLUMNS, in its order. */
type PerColumn<T> = OnePer<typeof DETAIL_COLUMNS, T>;

/** Rows per read: large enough that a read costs little per row, small enough to stay flat in memory. */
export const ROWS_PER_READ = 5000;

const inMonth = (range: CreatedRange) => sql`${ticket.createdAt} >= ${range.from} and ${ticket.createdAt} < ${range.to}`;
const fromTickets = sql`from ${ticket}
  join ${classification} on ${classification.id} = ${ticket.classificationId}
  left join ${profile} as "assignee" on "assignee"."id" = ${ticket.assignedToId}
  left join ${profile} as "reporter" on "reporter"."id" = ${ticket.reporterId}`;
/** The reporter's data are blocked (Ley 21.719 art. 8 ter): the file names nobody (decision 147). */
const reporterBlocked = sql`("reporter"."privacy_blocked_at" is not null)`;

/**
 * How the person asking sees the people in the file (contract/permissions.ts PERSONAL_DATA_PERMISSIONS):
 * `maskRut` shows 12.345.***-5 instead of the whole RUT.
 */
export type DetailView = { maskRut: boolean };
const WHOLE: DetailView = { maskRut: false };

/**
 * Each orientation as the screens show it, its destination beside the specification's label
 * ("Norte a Sur (hacia Valparaíso)", decision 157): read once per file.
 */
export type OrientationNames = Record<string, string>;
export async function orientationNames(db: Database): Promise<OrientationNames> {
  const destinations = await readDestinations(db);
  return Object.fromEntries(ORIENTATIONS.map((o) => [o, orientationLabel(o, destinations)]));
}
const assigneeName = sql`"assignee"."first_name" || ' ' || "assignee"."last_name"`;
/** NULLS FIRST: the exact reverse of the index (created_at DESC NULLS LAST, id DESC NULLS LAST), read backwards. */
const inCreationOrder = sql`order by ${ticket.createdAt} asc nulls first, ${ticket.id} asc nulls first`;

/** Reads a month in keyset batches, the next batch asked for while this one is written. */
async function inBatches<Row extends { id: number; createdKey: string }>(
  db: Database,
  columns: SQL,
  range: CreatedRange,
  write: (rows: Row[]) => Promise<void>,
): Promise<void> {
  const read = (after: Row | null) =>
    queryRows<Row>(
      db,
      sql`select ${columns}, ${ticket.id} as "id", ${ticket.createdAt}::text as "createdKey"
          ${fromTickets}
          where ${inMonth(range)}
            ${after ? sql`and (${ticket.createdAt}, ${ticket.id}) > (${after.createdKey}::timestamptz, ${after.id})` : sql``}
          ${inCreationOrder}
          limit ${ROWS_PER_READ}`,
    );
  let next: Promise<Row[]> | null = read(null);
  try {
    while (next) {
      const rows: Row[] = await next;
      next = rows.length === ROWS_PER_READ ? read(rows[rows.length - 1]!) : null;
      await write(rows);
    }
  } finally {
    // The reader left mid-way: the batch already asked for is not wanted.
    await next?.catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------
// The workbook: typed cells.

/** A timestamp as milliseconds since 1970, a plain number for the driver to read. */
const epochMs = (column: AnyPgColumn) => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * One row as the database sends it: a JSON array in the order of DETAIL_COLUMNS, dates as epoch
 * milliseconds, codes still to be named. One field per row instead of two dozen: the drivers'
 * per-field cost (the embedded one's above all) dominated the export.
 */
type JsonRow = { cells: string; id: number; createdKey: string };
type JsonCells = [
  folio: string, type: string, classification: string, status: string, late: boolean, channel: string,
  dateEvent: number, createdAt: number, kilometer: number, orientation: string, sector: string, commune: string,
  description: string, fullName: string | null, rut: string | null, email: string | null, phone: string | null,
  realAddress: string | null, assignee: string | null, dueAt: number, closedAt: number | null, closureReason: string | null,
  blocked: boolean,
];

const jsonColumns = (now: Date) => sql`json_build_array(
    ${ticket.folio}, ${ticket.type}, ${classification.name}, ${ticket.statusCode}, ${lateCondition(now)}, ${ticket.channelCode},
    ${epochMs(ticket.dateEvent)}, ${epochMs(ticket.createdAt)}, ${ticket.kilometer}, ${ticket.orientation}, ${ticket.sector}, ${ticket.commune},
    ${ticket.description}, ${ticket.fullName}, ${ticket.rut}, ${ticket.email}, ${ticket.phone},
    ${ticket.realAddress}, ${assigneeName}, ${epochMs(ticket.dueAt)}, ${epochMs(ticket.closedAt)}, ${ticket.closureReason},
    ${reporterBlocked}
  )::text as "cells"`;

/** A spreadsheet date cell showing the instant in Chilean time. */
const santiagoDate = (ms: number | null) => (ms === null ? null : new Date(santiagoWallClockMs(ms)));
const named = <T extends Record<string, string>>(labels: T, code: string) => labels[code as keyof T] ?? code;

function typedCells(row: JsonRow, view: DetailView, orientations: OrientationNames): PerColumn<Cell> {
  const c = JSON.parse(row.cells) as JsonCells;
  // Name, RUT, e-mail, phone and address of a blocked person, for everyone.
  const person = (value: string | null) => (c[22] ? messages.privacyDataBlocked : value);
  const rut = c[14] === null ? null : view.maskRut ? maskRut(c[14]) : formatRut(c[14]);
  return [
    c[0], named(ticketTypeLabels, c[1]), c[2], named(statusLabels, c[3] as TicketStatus), c[4] ? 'Sí' : 'No', named(channelLabels, c[5]),
    santiagoDate(c[6]), santiagoDate(c[7]), Number(c[8]), named(orientations, c[9]), c[10], c[11],
    c[12], person(c[13]), person(rut), person(c[15]), person(c[16] === null ? null : formatPhone(c[16])),
    person(c[17]), c[18], santiagoDate(c[19]), santiagoDate(c[20]), c[21] === null ? null : named(closureReasonLabels, c[21]),
  ];
}

export async function detailWorkbook(db: Database, range: CreatedRange, sink: TableSink, now: Date, view: DetailView = WHOLE): Promise<void> {
  await sink.header(DETAIL_COLUMNS);
  const orientations = await orientationNames(db);
  await inBatches<JsonRow>(db, jsonColumns(now), range, (rows) => sink.rows(rows.map((row) => typedCells(row, view, orientations))));
}

// ---------------------------------------------------------------------------------------------
// The CSV: text cells formatted by the database.

/** A code named as the screens name it (an unknown code as itself). */
const label = (column: SQL | AnyPgColumn, labels: Record<string, string>) =>
  sql`case ${column} ${sql.join(
    Object.entries(labels).map(([code, name]) => sql`when ${code} then ${name}`),
    sql` `,
  )} else ${column} end`;

/** Text a spreadsheet would run as a formula gets an apostrophe in front (sinks.ts, FORMULA_START_CHARACTERS). */
const safeText = (value: SQL | AnyPgColumn) =>
  sql`case when left(${value}, 1) in (${sql.join(
    FORMULA_START_CHARACTERS.map((c) => sql`${c}`),
    sql`, `,
  )}) then '''' || ${value} else ${value} end`;

const santiagoText = (column: AnyPgColumn) => sql`to_char(${column} at time zone ${TIME_ZONE}, 'DD-MM-YYYY HH24:MI')`;

/** 12345678-5 as 12.345.678-5 (contract/rut.ts formatRut); anything else as safe text. */
const rutText = sql`case when ${ticket.rut} ~ '^[0-9]{1,9}-[0-9K]$'
  then replace(to_char(split_part(${ticket.rut}, '-', 1)::bigint, 'FM999,999,999'), ',', '.') || '-' || split_part(${ticket.rut}, '-', 2)
  else ${safeText(ticket.rut)} end`;

/**
 * +56912345678 as +56 9 1234 5678, as the screens and the workbook show it (contract/phone.ts
 * formatPhone): one format in every file (decision 177). Built from the stored digits only, so
 * its "+" starts no formula a person wrote. Anything else as safe text.
 */
const phoneText = sql`case when ${ticket.phone} ~ '^[+]56[0-9]{9}$'
  then '+56 ' || substr(${ticket.phone}, 4, 1) || ' ' || substr(${ticket.phone}, 5, 4) || ' ' || substr(${ticket.phone}, 9)
  else ${safeText(ticket.phone)} end`;

/** 12.345.***-5, as contract/rut-mask.ts maskRut; anything else hidden whole. */
const maskedRutText = sql`case when ${ticket.rut} ~ '^[0-9]{1,9}-[0-9K]$'
  then regexp_replace(${rutText}, '[0-9]{3}-', '***-')
  else '***' end`;

/** A cell naming the reporter: "Datos bloqueados" while their data are blocked. */
const personText = (value: SQL) => sql`case when ${reporterBlocked} then ${messages.privacyDataBlocked}::text else ${value} end`;

/** The text cells of DETAIL_COLUMNS, in order. */
function csvCells(dialect: CsvDialect, now: Date, view: DetailView, orientations: OrientationNames): PerColumn<SQL> {
  const kilometer = sql`trim_scale(${ticket.kilometer})::text`;
  return [
    sql`${ticket.folio}`,
    label(ticket.type, ticketTypeLabels),
    safeText(classification.name),
    label(ticket.statusCode, statusLabels),
    sql`case when ${lateCondition(now)} then 'Sí' else 'No' end`,
    label(ticket.channelCode, channelLabels),
    santiagoText(ticket.dateEvent),
    santiagoText(ticket.createdAt),
    CSV_FORMATS[dialect].decimal === ',' ? sql`replace(${kilometer}, '.', ',')` : kilometer,
    label(ticket.orientation, orientations),
    safeText(ticket.sector),
    safeText(ticket.commune),
    safeText(ticket.description),
    personText(safeText(ticket.fullName)),
    personText(sql`case when ${ticket.rut} is null then null else ${view.maskRut ? maskedRutText : rutText} end`),
    personText(safeText(ticket.email)),
    personText(phoneText),
    personText(safeText(ticket.realAddress)),
    safeText(assigneeName),
    santiagoText(ticket.dueAt),
    santiagoText(ticket.closedAt),
    label(ticket.closureReason, closureReasonLabels),
  ];
}

/**
 * One whole CSV line per ticket, CRLF included, quoted as csvQuoted (sinks.ts) quotes: every
 * value in double quotes with its quotes doubled, nothing for a missing one. Built in SQL so both
 * databases give the same bytes, and PostgreSQL's binary COPY carries each line as it is (its CSV
 * mode would end lines with a bare LF).
 */
function csvLine(dialect: CsvDialect, now: Date, view: DetailView, orientations: OrientationNames): SQL {
  const quoted = csvCells(dialect, now, view, orientations).map((cell) => sql`coalesce('"' || replace(${cell}, '"', '""') || '"', '')`);
  return sql`${sql.join(quoted, sql` || ${CSV_FORMATS[dialect].separator} || `)} || ${'\r\n'} as "line"`;
}

/** The month's lines in order, as one query (what PostgreSQL copies). */
export function detailCsvQuery(range: CreatedRange, dialect: CsvDialect, now: Date, view: DetailView, orientations: OrientationNames): SQL {
  return sql`select ${csvLine(dialect, now, view, orientations)} ${fromTickets} where ${inMonth(range)} ${inCreationOrder}`;
}

/**
 * Writes the month's detail as CSV: the header, then the database's lines. `copyOut`
 * (PostgreSQL) streams them in one binary COPY; without it (the embedded database) they are read
 * in batches. Returns when everything is written; fails when the reader goes away.
 */
export async function detailCsv(
  db: Database,
  copyOut: CopyOut | undefined,
  range: CreatedRange,
  out: CsvOut,
  now: Date,
  view: DetailView = WHOLE,
): Promise<void> {
  const { dialect } = out;
  await out.header(DETAIL_COLUMNS);
  const orientations = await orientationNames(db);
  if (copyOut) {
    const copied = await copyOut(detailCsvQuery(range, dialect, now, view, orientations), 'format binary');
    const lines = copyBinaryValues();
    // A reader that goes away destroys the lines, and so the copy; a failed copy fails the lines.
    pipeline(copied, lines, () => undefined);
    try {
      await out.copied(lines);
    } finally {
      // The export keeps its place until its connection is gone (decision 144).
      await copied.connectionClosed;
    }
    return;
  }
  await inBatches<{ line: string; id: number; createdKey: string }>(db, csvLine(dialect, now, view, orientations), range, (rows) =>
    out.text(rows.map((row) => row.line).join('')),
  );
}
