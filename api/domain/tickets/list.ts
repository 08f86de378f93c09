import { and, asc, eq, gte, isNull, lt, lte, ne, not, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { santiagoDayStart, santiagoNextDayStart } from '@contract/date-time';
import { normalizeRut } from '@contract/rut';
import type { TicketListItem } from '@contract/ticket-dto';
import {
  SEARCH_COUNT_CAP,
  TOTAL_COUNT_CAP,
  type TicketCounters,
  type TicketListQuery,
  type TicketListResponse,
} from '@contract/ticket-list';
import { TICKET_STATUSES, type Channel, type Orientation, type TicketStatus, type TicketType } from '@contract/ticket-codes';
import { queryRows, type Database } from '../../platform/db/client';
import { classification, profile, ticket, ticketCounter } from '../../platform/db/schema';
import type { ReadCache } from '../../platform/cache/read-cache';
import type { ListScope } from './permissions';
import { fullNameOrNull } from '@contract/person-name';
import { isLate, lateCondition } from './sla';
import { allWordsInFolded, searchWords } from '../search/words';
import { readCalendars } from '../calendar/store';
import { calendarOf, deadlineOf } from './deadline';

/**
 * Ticket lists. Cost per page view, whatever the table size:
 * - the page walks an index in list order (schema.ts) and stops after page x size rows;
 * - total: a primary-key read of ticket_counter when only the scope, tab and status
 *   narrow the list, the late counter when the late filter alone does, else a count that stops after TOTAL_COUNT_CAP (SEARCH_COUNT_CAP
 *   with q) matches;
 * - counters: new and closed from ticket_counter, late from the partial index of
 *   active tickets by due date, kept by the API between ticket writes (countScope).
 *   See docs/decisions/020-ticket-counters.md.
 */
export function scopeKey(scope: ListScope): string {
  return scope.kind === 'all' ? 'all' : `${scope.kind === 'reporter' ? 'r' : 'a'}:${scope.profileId}`;
}

/** `profileId`: the scope's own, or a parameter of a prepared page (preparedPage). */
function scopeCondition(scope: ListScope, profileId: string | Placeholder = scope.kind === 'all' ? '' : scope.profileId): SQL | undefined {
  if (scope.kind === 'reporter') return eq(ticket.reporterId, profileId);
  if (scope.kind === 'assignee') return eq(ticket.assignedToId, profileId);
  return undefined;
}

const TAB_STATUSES: Record<TicketListQuery['tab'], readonly TicketStatus[]> = {
  all: TICKET_STATUSES,
  active: TICKET_STATUSES.filter((s) => s !== 'CLOSED'),
  closed: ['CLOSED'],
};

const FOLIO = /^[RSI]-\d{4}-\d{6,}$/i;
/** A whole RUT as typed with its dash or dots (a bare number may be part of anything). */
const WHOLE_RUT = /^\d{1,3}(?:\.?\d{3}){1,2}\s*-\s*[\dkK]$|^\d{1,3}\.\d{3}\.\d{3}[\dkK]$/;
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * q alone a whole folio, RUT or e-mail: an exact match on its own index. Anything else: every
 * word of q (api/domain/search/words.ts) somewhere in the ticket's folded search document
 * (folio, RUT with and without its dash, e-mail, name, description, classification, sector,
 * commune), in any order, through its trigram index (decision 169). A number is a part of
 * anything, so "123" and "000123" find R-2026-000123 (its sequence, with or without zeros).
 */
export function searchCondition(q: string): SQL {
  const text = q.trim();
  const words = searchWords(text);
  const only = words.length === 1 ? words[0]! : null;
  if (only && FOLIO.test(only)) return eq(ticket.folio, only.toUpperCase());
  const rut = WHOLE_RUT.test(text) ? normalizeRut(text) : null;
  if (rut) return eq(ticket.rut, rut);
  if (WHOLE_EMAIL.test(text)) return eq(ticket.email, text.toLowerCase());
  return allWordsInFolded(ticket.searchText, words) ?? sql`false`;
}

/** The filters other than scope, tab and status; when there are none, counters give the total. */
function filterConditions(query: TicketListQuery, now: Date): SQL[] {
  const where: SQL[] = [];
  if (query.classificationId !== undefined) where.push(eq(ticket.classificationId, query.classificationId));
  if (query.type) where.push(eq(ticket.type, query.type));
  if (query.sector) where.push(eq(ticket.sector, query.sector));
  if (query.commune) where.push(eq(ticket.commune, query.commune));
  if (query.orientation) where.push(eq(ticket.orientation, query.orientation));
  if (query.kmFrom !== undefined) where.push(gte(ticket.kilometer, query.kmFrom));
  if (query.kmTo !== undefined) where.push(lte(ticket.kilometer, query.kmTo));
  const from = query.dateFrom ? santiagoDayStart(query.dateFrom) : null;
  if (from) where.push(gte(ticket.createdAt, from));
  const to = query.dateTo ? santiagoNextDayStart(query.dateTo) : null;
  if (to) where.push(lt(ticket.createdAt, to));
  if (query.assignedToId === 'none') where.push(isNull(ticket.assignedToId));
  else if (query.assignedToId) where.push(eq(ticket.assignedToId, query.assignedToId));
  if (query.late === true) where.push(lateCondition(now));
  if (query.late === false) where.push(not(lateCondition(now)));
  if (query.q) where.push(searchCondition(query.q));
  return where;
}

/** `status`: the query's own, or a parameter of a prepared page (preparedPage). */
function statusConditions(query: TicketListQuery, status: string | Placeholder | undefined = query.status): SQL[] {
  const where: SQL[] = [];
  if (query.tab === 'active') where.push(ne(ticket.statusCode, 'CLOSED'));
  if (query.tab === 'closed') where.push(eq(ticket.statusCode, 'CLOSED'));
  if (query.status && status !== undefined) where.push(eq(ticket.statusCode, status));
  return where;
}

/**
 * The created-at indexes are (created_at DESC NULLS LAST, id DESC NULLS LAST). PostgreSQL
 * only walks an index for an ORDER BY with the same null placement (NOT NULL columns
 * included), and a plain DESC means NULLS FIRST: spelled out, or every list sorts the table.
 */
const ORDER: Record<TicketListQuery['sort'], SQL[]> = {
  'createdAt:desc': [sql`${ticket.createdAt} desc nulls last`, sql`${ticket.id} desc nulls last`],
  'createdAt:asc': [sql`${ticket.createdAt} asc nulls first`, sql`${ticket.id} asc nulls first`],
  'dueAt:asc': [asc(ticket.dueAt), asc(ticket.id)],
  'kilometer:asc': [asc(ticket.kilometer), asc(ticket.id)],
};

const assignee = alias(profile, 'assignee');

/**
 * A scope's tickets per status (from ticket_counter) and late at `now`, with the last
 * instant (epoch ms) these numbers hold if no ticket is written.
 */
export type ScopeCounters = { byStatus: Record<string, number>; late: number; validUntil: number };

/**
 * Only an active, unpaused ticket reaching its due date turns late with the clock (a paused
 * one is late or not by when it was paused), so the counters stay exact until the earliest
 * such due date still ahead, or a ticket write (see ReadCache).
 */
export async function countScope(db: Database, scope: ListScope, now: Date): Promise<ScopeCounters> {
  const [statusRows, [late], [next]] = await Promise.all([
    db
      .select({ statusCode: ticketCounter.statusCode, n: ticketCounter.n })
      .from(ticketCounter)
      .where(eq(ticketCounter.scopeKey, scopeKey(scope))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(ticket)
      .where(and(scopeCondition(scope), lateCondition(now))),
    db
      .select({ dueAt: sql<Date | null>`min(${ticket.dueAt})`.mapWith(ticket.dueAt) })
      .from(ticket)
      .where(and(scopeCondition(scope), ne(ticket.statusCode, 'CLOSED'), isNull(ticket.pausedAt), gte(ticket.dueAt, now))),
  ]);
  return {
    byStatus: Object.fromEntries(statusRows.map((r) => [r.statusCode, Number(r.n)])),
    late: late?.n ?? 0,
    validUntil: next?.dueAt ? next.dueAt.getTime() : Infinity,
  };
}

/** Counts matches up to the cap: a broad filter never scans the whole table. */
export async function countCapped(db: Database, where: SQL | undefined, cap = TOTAL_COUNT_CAP): Promise<{ total: number; capped: boolean }> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${ticket} where ${where ?? sql`true`} limit ${cap + 1}) capped`,
  );
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** A page's columns: the ticket, its classification's name and its assignee's name. */
function selectPage(db: Database, where: SQL | undefined, sort: TicketListQuery['sort']) {
  return db
    .select({
      id: ticket.id,
      folio: ticket.folio,
      type: ticket.type,
      classificationId: ticket.classificationId,
      classificationName: classification.name,
      statusCode: ticket.statusCode,
      channelCode: ticket.channelCode,
      kilometer: ticket.kilometer,
      sector: ticket.sector,
      commune: ticket.commune,
      orientation: ticket.orientation,
      dateEvent: ticket.dateEvent,
      fullName: ticket.fullName,
      anonymisedAt: ticket.anonymisedAt,
      rut: ticket.rut,
      assignedToId: ticket.assignedToId,
      assigneeFirstName: assignee.firstName,
      assigneeLastName: assignee.lastName,
      dueAt: ticket.dueAt,
      pausedAt: ticket.pausedAt,
      closedAt: ticket.closedAt,
      createdAt: ticket.createdAt,
      calendarId: ticket.calendarId,
    })
    .from(ticket)
    .innerJoin(classification, eq(classification.id, ticket.classificationId))
    .leftJoin(assignee, eq(assignee.id, ticket.assignedToId))
    .where(where)
    .orderBy(...ORDER[sort]);
}

function preparePage(db: Database, scope: ListScope, query: TicketListQuery, name: string) {
  const where = and(scopeCondition(scope, sql.placeholder('profileId')), ...statusConditions(query, sql.placeholder('status')));
  return selectPage(db, where, query.sort).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(name);
}

type PreparedPage = ReturnType<typeof preparePage>;
const preparedPages = new WeakMap<Database, Map<string, PreparedPage>>();

/**
 * The page of a list without filters (what most page views show) has one of few shapes:
 * scope kind x tab x status or not x sort. Each is built once per database and prepared by
 * PostgreSQL once per connection, instead of drizzle building its SQL and PostgreSQL planning
 * it on every call (a sixth of the API's time on list page 0). The values (profile, status,
 * page) are parameters; every shape still walks one of the list indexes.
 */
function preparedPage(db: Database, scope: ListScope, query: TicketListQuery): PreparedPage {
  const name = `ticket_page_${scope.kind}_${query.tab}_${query.status ? 'status' : 'any'}_${Object.keys(ORDER).indexOf(query.sort)}`;
  let byName = preparedPages.get(db);
  if (!byName) {
    byName = new Map();
    preparedPages.set(db, byName);
  }
  let page = byName.get(name);
  if (!page) {
    page = preparePage(db, scope, query, name);
    byName.set(name, page);
  }
  return page;
}

/** A tab's (and status's) total from the scope's counters. */
function totalOf(counts: ScopeCounters, query: TicketListQuery): number {
  const statuses = TAB_STATUSES[query.tab].filter((s) => !query.status || s === query.status);
  return statuses.reduce((sum, s) => sum + (counts.byStatus[s] ?? 0), 0);
}

/** Whether `total` is possible next to a page of `shown` rows: a short page tells the exact total. */
export function totalAgrees(total: number, shown: number, query: { page: number; size: number }): boolean {
  const before = query.page * query.size;
  if (shown === query.size) return total >= before + shown;
  if (shown > 0 || query.page === 0) return total === before + shown;
  return total <= before;
}

/** `counterCache`: the API's shared counters per scope; without it they are counted each time. */
export async function listTickets(
  db: Database,
  scope: ListScope,
  query: TicketListQuery,
  now: Date,
  counterCache?: ReadCache<ScopeCounters>,
): Promise<TicketListResponse> {
  const filters = filterConditions(query, now);
  // Without filters the page is a prepared statement and the total comes from the counters.
  const where = filters.length > 0 ? and(scopeCondition(scope), ...statusConditions(query), ...filters) : undefined;

  const pageQuery =
    filters.length === 0
      ? preparedPage(db, scope, query).execute({
          profileId: scope.kind === 'all' ? undefined : scope.profileId,
          status: query.status,
          limit: query.size,
          offset: query.page * query.size,
        })
      : selectPage(db, where, query.sort)
          .limit(query.size)
          .offset(query.page * query.size);
  // On PostgreSQL the four reads run on separate pool connections at once; the
  // embedded database queues them on its single connection.
  // The late filter alone counts what the late counter counts (decision 189): its total is that number.
  const lateAlone = query.late === true && filters.length === 1 && query.tab !== 'closed' && !query.status;
  const countersTotal = (c: ScopeCounters) => (lateAlone ? c.late : totalOf(c, query));
  const [rows, cachedCounts, filteredTotal, calendars] = await Promise.all([
    pageQuery,
    counterCache ? counterCache.get(scopeKey(scope), () => countScope(db, scope, now), (c) => c.validUntil) : countScope(db, scope, now),
    filters.length > 0 && !lateAlone ? countCapped(db, where, query.q ? SEARCH_COUNT_CAP : TOTAL_COUNT_CAP) : undefined,
    // Each row's time left runs on its own calendar: all of them read once per page (decision 181).
    readCalendars(db),
  ]);
  let counts = cachedCounts;
  // Counters cached by this process may predate a write made on another one (the invalidation
  // travels in milliseconds, not at once): a page that shows they are wrong counts again, so
  // a total never contradicts the rows beside it (docs/decisions/112-replicas.md).
  if (counterCache && !filteredTotal && !totalAgrees(countersTotal(counts), rows.length, query)) {
    counterCache.invalidate();
    counts = await counterCache.get(scopeKey(scope), () => countScope(db, scope, now), (c) => c.validUntil);
  }
  let total: number;
  let totalCapped = false;
  if (filteredTotal) {
    ({ total, capped: totalCapped } = filteredTotal);
  } else {
    total = countersTotal(counts);
  }

  const counters: TicketCounters = { new: counts.byStatus.NEW ?? 0, late: counts.late, closed: counts.byStatus.CLOSED ?? 0 };
  const content: TicketListItem[] = rows.map((r) => ({
    id: r.id,
    folio: r.folio,
    type: r.type as TicketType,
    classificationId: r.classificationId,
    classificationName: r.classificationName,
    statusCode: r.statusCode as TicketStatus,
    channelCode: r.channelCode as Channel,
    kilometer: r.kilometer,
    sector: r.sector,
    commune: r.commune,
    orientation: r.orientation as Orientation,
    dateEvent: r.dateEvent.toISOString(),
    fullName: r.fullName,
    anonymised: r.anonymisedAt !== null,
    rut: r.rut,
    assignedToId: r.assignedToId,
    assignedToName: fullNameOrNull(r.assigneeFirstName, r.assigneeLastName),
    dueAt: r.dueAt.toISOString(),
    closedAt: r.closedAt ? r.closedAt.toISOString() : null,
    late: isLate({ statusCode: r.statusCode as TicketStatus, dueAt: r.dueAt, pausedAt: r.pausedAt }, now),
    deadline: deadlineOf(calendarOf(calendars, r.calendarId), { statusCode: r.statusCode as TicketStatus, dueAt: r.dueAt, pausedAt: r.pausedAt }, now),
    createdAt: r.createdAt.toISOString(),
  }));
  return { content, page: query.page, size: query.size, total, totalCapped, counters };
}
