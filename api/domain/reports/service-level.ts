import { sql } from 'drizzle-orm';
import { SERVICE_LEVEL_BREACH_LIMIT, type Breach, type DeadlineKind, type ServiceLevel, type ServiceLevelGroup } from '@contract/service-level';
import { deadlineKindLabels, ticketTypeLabels } from '@contract/messages';
import { formatMonthYear, formatSantiagoShort } from '@contract/date-time';
import type { TicketType } from '@contract/ticket-codes';
import { queryRows, queryRowsWithWorkMemory, type Database } from '../../platform/db/client';
import { businessCalendar, classification, profile, ticket } from '../../platform/db/schema';
import { AROUND_THE_CLOCK, businessTimeBetween } from '../calendar/business-time';
import { readCalendars } from '../calendar/store';
import { createdIn, RESOLVED, RESOLVED_ON_TIME, type CreatedRange } from './statistics';
import { lateCondition } from '../tickets/sla';
import { SHARED_COLUMNS, type Cell, type Column, type OnePer, type TableSink } from './sinks';

/**
 * The service-level report (issue 37, docs/decisions/183-service-level-report.md): per month, per
 * classification and per type, how many events were answered and resolved in time, the median and 90th
 * percentile of the time each took in business hours, and every breach. One grouped scan of the month
 * computes the numbers in the database (percentile_cont): the API never holds the month's events.
 * The month's events and "resolved in time" are the statistics call's definitions (statistics.ts).
 */

const HOUR_MS = 3_600_000;

/**
 * The first public staff answer (comments.ts sets first_answered_at, decision 179); an event from before
 * calendars has only first_response_at, its first change of any kind, and no first-answer target.
 */
const ANSWERED_AT = sql`coalesce(${ticket.firstAnsweredAt}, case when ${ticket.calendarId} is null then ${ticket.firstResponseAt} end)`;
const HAS_FIRST_TARGET = sql`${ticket.firstAnswerDueAt} is not null`;
const ANSWERED_ON_TIME = sql`${ANSWERED_AT} <= ${ticket.firstAnswerDueAt}`;
const ANSWERED_LATE = sql`${ANSWERED_AT} > ${ticket.firstAnswerDueAt}`;
/** Unanswered and past its deadline, the clock not stopped (on hold) before it: as sla.ts lateCondition. */
const unansweredOverdue = (now: Date) =>
  sql`(${ANSWERED_AT} is null and ${ticket.statusCode} <> 'CLOSED' and ${ticket.firstAnswerDueAt} < ${now}
       and coalesce(${ticket.pausedAt}, ${now}) > ${ticket.firstAnswerDueAt})`;

/**
 * Time to first answer and to resolution: the business time H1's lifecycle records, or, for an event
 * without it (created before calendars), the real elapsed time (decision 183 records the fallback).
 */
const FIRST_ANSWER_MS = sql`coalesce(${ticket.firstAnswerBusinessMs}::float8, extract(epoch from ${ANSWERED_AT} - ${ticket.createdAt}) * 1000)`;
const RESOLUTION_MS = sql`coalesce(${ticket.resolutionBusinessMs}::float8, extract(epoch from ${ticket.closedAt} - ${ticket.createdAt}) * 1000)`;

type GroupRow = {
  g: number;
  type: string | null;
  classification_id: number | null;
  received: number;
  fa_target: number;
  fa_on_time: number;
  fa_late: number;
  fa_overdue: number;
  fa_median: number | null;
  fa_p90: number | null;
  fa_real: number;
  closed: number;
  on_time: number;
  overdue: number;
  res_median: number | null;
  res_p90: number | null;
  res_real: number;
};

const toHours = (ms: number | null) => (ms === null ? null : Math.round((Number(ms) / HOUR_MS) * 10) / 10);
const rateOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

function groupOf(r: GroupRow | undefined): ServiceLevelGroup {
  const n = (v: number | undefined) => v ?? 0;
  const closed = n(r?.closed);
  const onTime = n(r?.on_time);
  const faOnTime = n(r?.fa_on_time);
  const faLate = n(r?.fa_late);
  return {
    received: n(r?.received),
    firstAnswer: {
      withTarget: n(r?.fa_target),
      withoutTarget: n(r?.received) - n(r?.fa_target),
      onTime: faOnTime,
      late: faLate,
      overdue: n(r?.fa_overdue),
      rate: rateOf(faOnTime, faOnTime + faLate),
      medianHours: toHours(r?.fa_median ?? null),
      p90Hours: toHours(r?.fa_p90 ?? null),
      realTimeMeasured: n(r?.fa_real),
    },
    resolution: {
      closed,
      onTime,
      late: closed - onTime,
      overdue: n(r?.overdue),
      rate: rateOf(onTime, closed),
      medianHours: toHours(r?.res_median ?? null),
      p90Hours: toHours(r?.res_p90 ?? null),
      realTimeMeasured: n(r?.res_real),
    },
  };
}

/** grouping(type, classification_id): 0b11 the month, 0b01 a type, 0b10 a classification. */
const SET = { total: 0b11, type: 0b01, classification: 0b10 };

export type ServiceLevelNumbers = Omit<ServiceLevel, 'breaches' | 'breachCount' | 'generatedAt'>;

export async function serviceLevelNumbers(db: Database, year: number, month: number, range: CreatedRange, now: Date): Promise<ServiceLevelNumbers> {
  const answered = sql`${ANSWERED_AT} is not null`;
  // The percentiles sort each group's times: with the default 4 MB a month of 200,000 events spilled to
  // disk; 64 MB for this one statement keeps the sorts in memory (the bench's budget, decision 183).
  const groupsQuery = queryRowsWithWorkMemory<GroupRow>(
    db,
    sql`select grouping(type, classification_id)::int as g, type, classification_id,
      count(*)::int as received,
      (count(*) filter (where ${HAS_FIRST_TARGET}))::int as fa_target,
      (count(*) filter (where ${ANSWERED_ON_TIME}))::int as fa_on_time,
      (count(*) filter (where ${ANSWERED_LATE}))::int as fa_late,
      (count(*) filter (where ${HAS_FIRST_TARGET} and ${unansweredOverdue(now)}))::int as fa_overdue,
      (percentile_cont(0.5) within group (order by ${FIRST_ANSWER_MS}) filter (where ${answered}))::float8 as fa_median,
      (percentile_cont(0.9) within group (order by ${FIRST_ANSWER_MS}) filter (where ${answered}))::float8 as fa_p90,
      (count(*) filter (where ${answered} and ${ticket.firstAnswerBusinessMs} is null))::int as fa_real,
      (count(*) filter (where ${RESOLVED}))::int as closed,
      (count(*) filter (where ${RESOLVED_ON_TIME}))::int as on_time,
      (count(*) filter (where ${lateCondition(now)}))::int as overdue,
      (percentile_cont(0.5) within group (order by ${RESOLUTION_MS}) filter (where ${RESOLVED}))::float8 as res_median,
      (percentile_cont(0.9) within group (order by ${RESOLUTION_MS}) filter (where ${RESOLVED}))::float8 as res_p90,
      (count(*) filter (where ${RESOLVED} and ${ticket.resolutionBusinessMs} is null))::int as res_real
    from ${ticket}
    where ${createdIn(range)}
    group by grouping sets ((), (type), (classification_id))`,
  );
  const categoriesQuery = db
    .select({
      id: classification.id,
      name: classification.name,
      type: classification.type,
      slaHours: classification.slaHours,
      firstAnswerHours: classification.firstAnswerHours,
      calendar: businessCalendar.name,
    })
    .from(classification)
    .leftJoin(businessCalendar, sql`${businessCalendar.id} = ${classification.calendarId}`)
    .orderBy(classification.id);
  const [groups, categories] = await Promise.all([groupsQuery, categoriesQuery]);
  const of = (set: number) => groups.filter((r) => r.g === set);
  const perClassification = new Map(of(SET.classification).map((r) => [r.classification_id!, r]));
  return {
    year,
    month,
    total: groupOf(of(SET.total)[0]),
    byType: of(SET.type)
      .map((r) => ({ type: r.type as TicketType, ...groupOf(r) }))
      .sort((a, b) => a.type.localeCompare(b.type)),
    // Every classification, as the statistics call's slaCompliance lists them.
    byClassification: categories.map((c) => ({
      id: c.id,
      name: c.name,
      type: c.type as TicketType,
      firstAnswerHours: c.firstAnswerHours,
      slaHours: c.slaHours,
      calendar: c.calendar ?? '',
      ...groupOf(perClassification.get(c.id)),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Breaches: one row per event and deadline it missed.

type BreachRow = {
  id: number;
  created_key: string;
  kind: DeadlineKind;
  folio: string;
  classification: string;
  type: string;
  due: string;
  met: string | null;
  paused: string | null;
  calendar_id: number | null;
  assignee: string | null;
};

const breachSelect = (range: CreatedRange, now: Date) => sql`
  select ${ticket.id}::int as id, ${ticket.createdAt}::text as created_key, d.kind, ${ticket.folio} as folio,
    ${classification.name} as classification, ${ticket.type} as type, d.due::text as due, d.met::text as met,
    ${ticket.pausedAt}::text as paused, ${ticket.calendarId} as calendar_id,
    "assignee"."first_name" || ' ' || "assignee"."last_name" as assignee
  from ${ticket}
  join ${classification} on ${classification.id} = ${ticket.classificationId}
  left join ${profile} as "assignee" on "assignee"."id" = ${ticket.assignedToId}
  cross join lateral (values ('FIRST_ANSWER', ${ticket.firstAnswerDueAt}, ${ANSWERED_AT}),
                             ('RESOLUTION', ${ticket.dueAt}, ${ticket.closedAt})) as d(kind, due, met)
  where ${createdIn(range)} and d.due is not null and (
    d.met > d.due
    or (d.met is null and ${ticket.statusCode} <> 'CLOSED' and d.due < ${now} and coalesce(${ticket.pausedAt}, ${now}) > d.due))`;

type Calendars = Awaited<ReturnType<typeof readCalendars>>;

function toBreach(row: BreachRow, calendars: Calendars, now: Date): Breach {
  const due = new Date(row.due);
  // Late until it was met; still pending, until the hold that stopped its clock, or now.
  const end = row.met ? new Date(row.met) : row.paused && new Date(row.paused) > due ? new Date(row.paused) : now;
  const calendar = (row.calendar_id !== null && calendars.get(row.calendar_id)?.calendar) || AROUND_THE_CLOCK;
  return {
    ticketId: Number(row.id),
    folio: row.folio,
    classification: row.classification,
    type: row.type as TicketType,
    deadline: row.kind,
    dueAt: due.toISOString(),
    metAt: row.met ? new Date(row.met).toISOString() : null,
    lateHours: toHours(businessTimeBetween(calendar, due, end))!,
    assignee: row.assignee,
  };
}

/** The month's latest SERVICE_LEVEL_BREACH_LIMIT breaches, for the JSON answer and the page. */
export async function latestBreaches(db: Database, range: CreatedRange, now: Date): Promise<Breach[]> {
  const [rows, calendars] = await Promise.all([
    queryRows<BreachRow>(
      db,
      sql`${breachSelect(range, now)} order by ${ticket.createdAt} desc, ${ticket.id} desc, d.kind limit ${SERVICE_LEVEL_BREACH_LIMIT}`,
    ),
    readCalendars(db),
  ]);
  return rows.map((r) => toBreach(r, calendars, now));
}

/**
 * How many breaches the month has, from its numbers: answered late or overdue unanswered, closed late or
 * overdue open; the same conditions breachSelect lists, without a second scan of the month.
 */
export const breachCountOf = (total: ServiceLevelGroup): number =>
  total.firstAnswer.late + total.firstAnswer.overdue + total.resolution.late + total.resolution.overdue;

/** Rows per read of the breaches in a file. */
const BREACHES_PER_READ = 5000;

/** Every breach of the month in keyset batches (creation order), the next read asked for while this one is written. */
async function everyBreach(db: Database, range: CreatedRange, now: Date, write: (rows: Breach[]) => Promise<void>): Promise<void> {
  const calendars = await readCalendars(db);
  const read = (after: BreachRow | null) =>
    queryRows<BreachRow>(
      db,
      sql`${breachSelect(range, now)}
        ${after ? sql`and (${ticket.createdAt}, ${ticket.id}, d.kind) > (${after.created_key}::timestamptz, ${after.id}, ${after.kind})` : sql``}
        order by ${ticket.createdAt}, ${ticket.id}, d.kind limit ${BREACHES_PER_READ}`,
    );
  let next: Promise<BreachRow[]> | null = read(null);
  try {
    while (next) {
      const rows: BreachRow[] = await next;
      next = rows.length === BREACHES_PER_READ ? read(rows[rows.length - 1]!) : null;
      await write(rows.map((r) => toBreach(r, calendars, now)));
    }
  } finally {
    await next?.catch(() => undefined);
  }
}

export async function computeServiceLevel(db: Database, year: number, month: number, range: CreatedRange, now = new Date()): Promise<ServiceLevel> {
  const [numbers, breaches] = await Promise.all([serviceLevelNumbers(db, year, month, range, now), latestBreaches(db, range, now)]);
  return {
    ...numbers,
    breachCount: breachCountOf(numbers.total),
    breaches,
    generatedAt: now.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// The file (report 4 of the catalogue, contract/report.ts): CSV or XLSX through the report sinks.

/** "sin meta" where a group has no first-answer target (issue 37). */
export const NO_TARGET = 'sin meta';

/** The month's numbers, a row per group; groupCells fills one value per column (OnePer). */
export const SERVICE_LEVEL_COLUMNS = [
  { name: 'Agrupación', width: 14 },
  { name: 'Nombre', width: 30 },
  { name: 'Ingresados' },
  { name: 'Con meta de primera respuesta' },
  { name: 'Respondidos en plazo' },
  { name: 'Respondidos fuera de plazo' },
  { name: 'Sin respuesta y vencidos' },
  { name: 'Respuesta en plazo (%)', kind: 'decimal' },
  { name: 'Mediana primera respuesta (horas hábiles)', kind: 'decimal' },
  { name: 'Percentil 90 primera respuesta (horas hábiles)', kind: 'decimal' },
  { name: 'Cerrados' },
  { name: 'Resueltos en plazo' },
  { name: 'Resueltos fuera de plazo' },
  { name: 'Activos atrasados' },
  { name: 'Resolución en plazo (%)', kind: 'decimal' },
  { name: 'Mediana resolución (horas hábiles)', kind: 'decimal' },
  { name: 'Percentil 90 resolución (horas hábiles)', kind: 'decimal' },
] as const satisfies readonly Column[];

/** The breaches, a row each; breachCells fills one value per column (OnePer). */
export const BREACH_COLUMNS = [
  SHARED_COLUMNS.folio,
  SHARED_COLUMNS.classification,
  SHARED_COLUMNS.type,
  { name: 'Plazo', width: 18 },
  { name: 'Vencía', width: 17 },
  { name: 'Cumplido', width: 17 },
  { name: 'Atraso (horas hábiles)', kind: 'decimal' },
  SHARED_COLUMNS.assignee,
] as const satisfies readonly Column[];

const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

function groupCells(kind: string, name: string, g: ServiceLevelGroup): OnePer<typeof SERVICE_LEVEL_COLUMNS, Cell> {
  const noTarget = g.firstAnswer.withTarget === 0;
  return [
    kind,
    name,
    g.received,
    g.firstAnswer.withTarget,
    g.firstAnswer.onTime,
    g.firstAnswer.late,
    g.firstAnswer.overdue,
    noTarget ? NO_TARGET : percent(g.firstAnswer.rate),
    g.firstAnswer.medianHours,
    g.firstAnswer.p90Hours,
    g.resolution.closed,
    g.resolution.onTime,
    g.resolution.late,
    g.resolution.overdue,
    percent(g.resolution.rate),
    g.resolution.medianHours,
    g.resolution.p90Hours,
  ];
}

/** An instant as text in Chilean time (DD-MM-YYYY HH:MM): the breaches' table shares its sheet's column formats with the numbers above it. */
const santiagoText = (iso: string | null) => (iso === null ? null : formatSantiagoShort(new Date(iso).getTime()));

export async function serviceLevelReport(
  db: Database,
  year: number,
  month: number,
  range: CreatedRange,
  sink: TableSink,
  now: Date,
  title: string,
): Promise<void> {
  // The title goes out before the month is counted: the reader's first byte does not wait for the numbers.
  await sink.heading(`${title}: ${formatMonthYear(month, year)}`);
  await sink.blank();
  const numbers = await serviceLevelNumbers(db, year, month, range, now);
  await sink.header(SERVICE_LEVEL_COLUMNS);
  await sink.row(groupCells('Total', 'Todos los eventos', numbers.total));
  for (const t of numbers.byType) await sink.row(groupCells('Tipo', ticketTypeLabels[t.type], t));
  for (const c of numbers.byClassification) await sink.row(groupCells('Clasificación', c.name, c));
  await sink.blank();
  await sink.heading('Incumplimientos');
  await sink.header(BREACH_COLUMNS);
  await everyBreach(db, range, now, (rows) => sink.rows(rows.map(breachCells)));
}

function breachCells(b: Breach): OnePer<typeof BREACH_COLUMNS, Cell> {
  return [b.folio, b.classification, ticketTypeLabels[b.type], deadlineKindLabels[b.deadline], santiagoText(b.dueAt), santiagoText(b.metAt), b.lateHours, b.assignee];
}
