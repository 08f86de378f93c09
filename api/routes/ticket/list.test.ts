import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import { ticketListResponseSchema, type TicketListResponse } from '@contract/ticket-list';
import { queryRows } from '../../platform/db/client';
import { ticket } from '../../platform/db/schema';
import { countCapped, totalAgrees } from '../../domain/tickets/list';
import { isLate } from '../../domain/tickets/sla';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, putTicket, signInCallers, type Callers } from '../../test/tickets';

let api: TestApi;
let who: Callers;
type Row = typeof ticket.$inferSelect;
let rows: Row[];

beforeAll(async () => {
  api = await createTestApi({ demoTickets: 60 });
  who = await signInCallers(api);
  // A few of our own, with known values to search for.
  await createTicket(api, who.driver, { fullName: 'Ignacia Zúñiga', email: 'ignacia@correo.demo', rut: '10.000.013-K', description: 'Semáforo apagado en el enlace' });
  const mine = await createTicket(api, who.operator, { kilometer: '50', orientation: 'SOUTH_NORTH' });
  await putTicket(api, who.operator, mine.id, { assignedToId: who.operator.id });
  rows = await api.database.db.select().from(ticket);
});
afterAll(() => api.close());

async function list(path: string, query: Record<string, string | number> = {}, caller = who.supervisor): Promise<TicketListResponse> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const response = await api.app.inject({ method: 'GET', url: `/api/ticket/list/${path}?${qs}`, headers: caller.headers });
  expect(response.statusCode, response.body).toBe(200);
  return ticketListResponseSchema.parse(response.json().payload);
}
const ids = (page: TicketListResponse) => page.content.map((t) => t.id).sort((a, b) => a - b);
const idsOf = (predicate: (r: Row) => boolean) => rows.filter(predicate).map((r) => r.id).sort((a, b) => a - b);
const now = () => new Date();
const lateRow = (r: Row) => isLate({ statusCode: r.statusCode as never, dueAt: r.dueAt, pausedAt: r.pausedAt }, now());
const countersOf = (subset: Row[]) => ({
  new: subset.filter((r) => r.statusCode === 'NEW').length,
  late: subset.filter((r) => isLate({ statusCode: r.statusCode as never, dueAt: r.dueAt, pausedAt: r.pausedAt }, now())).length,
  closed: subset.filter((r) => r.statusCode === 'CLOSED').length,
});

describe('the three scopes', () => {
  it('all: the paged shape, newest first, with total and counters from the counter table', async () => {
    const page = await list('all');
    expect(page).toMatchObject({ page: 0, size: 10, total: rows.length, totalCapped: false, counters: countersOf(rows) });
    expect(page.content).toHaveLength(10);
    const newest = [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).slice(0, 10);
    expect(page.content.map((t) => t.id)).toEqual(newest.map((r) => r.id));
  });

  it('me: a driver gets the tickets they reported, with their own counters', async () => {
    const page = await list('me', { size: 100 }, who.driver);
    const reported = rows.filter((r) => r.reporterId === who.driver.id);
    expect(ids(page)).toEqual(idsOf((r) => r.reporterId === who.driver.id));
    expect(page.total).toBe(reported.length);
    expect(page.counters).toEqual(countersOf(reported));
  });

  it('me: staff get the tickets assigned to them', async () => {
    const page = await list('me', { size: 100 }, who.operator);
    expect(ids(page)).toEqual(idsOf((r) => r.assignedToId === who.operator.id));
    expect(page.counters).toEqual(countersOf(rows.filter((r) => r.assignedToId === who.operator.id)));
  });

  it('operator/{id}: the tickets assigned to that person; unknown or malformed ids are 404', async () => {
    const page = await list(`operator/${who.supervisor.id}`, { size: 100 }, who.inspector);
    expect(ids(page)).toEqual(idsOf((r) => r.assignedToId === who.supervisor.id));
    for (const id of ['4f3c2b1a-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await api.app.inject({ method: 'GET', url: `/api/ticket/list/operator/${id}`, headers: who.supervisor.headers });
      expect(response.statusCode).toBe(404);
    }
  });

  it('pages without overlap and says the total on every page', async () => {
    const first = await list('all', { page: 0, size: 7 });
    const second = await list('all', { page: 1, size: 7 });
    expect(second.page).toBe(1);
    expect(first.content.some((t) => second.content.some((u) => u.id === t.id))).toBe(false);
    expect(second.total).toBe(first.total);
    const beyond = await list('all', { page: 1000, size: 7 });
    expect(beyond.content).toEqual([]);
  });
});

describe('tabs and filters', () => {
  const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(d);
  const cases: [string, () => Record<string, string | number>, (r: Row) => boolean][] = [
    ['tab active', () => ({ tab: 'active' }), (r) => r.statusCode !== 'CLOSED'],
    ['tab closed', () => ({ tab: 'closed' }), (r) => r.statusCode === 'CLOSED'],
    ['status', () => ({ status: 'IN_PROGRESS' }), (r) => r.statusCode === 'IN_PROGRESS'],
    ['tab and status together', () => ({ tab: 'closed', status: 'NEW' }), () => false],
    ['classificationId', () => ({ classificationId: rows[0]!.classificationId }), (r) => r.classificationId === rows[0]!.classificationId],
    ['type', () => ({ type: 'INCIDENT' }), (r) => r.type === 'INCIDENT'],
    ['sector', () => ({ sector: rows[1]!.sector }), (r) => r.sector === rows[1]!.sector],
    ['commune', () => ({ commune: 'Casablanca' }), (r) => r.commune === 'Casablanca'],
    ['orientation', () => ({ orientation: 'SOUTH_NORTH' }), (r) => r.orientation === 'SOUTH_NORTH'],
    ['kilometre range with a comma', () => ({ kmFrom: '20,5', kmTo: '60' }), (r) => r.kilometer >= 20.5 && r.kilometer <= 60],
    ['received from a day on', () => ({ dateFrom: day(rows[2]!.createdAt) }), (r) => day(r.createdAt) >= day(rows[2]!.createdAt)],
    ['received up to a day', () => ({ dateTo: day(rows[2]!.createdAt) }), (r) => day(r.createdAt) <= day(rows[2]!.createdAt)],
    ['unassigned queue', () => ({ assignedToId: 'none' }), (r) => r.assignedToId === null],
    ['assignee', () => ({ assignedToId: who.operator.id }), (r) => r.assignedToId === who.operator.id],
    ['late', () => ({ late: 'true' }), (r) => lateRow(r)],
    // The late filter alone takes its total from the late counter (decision 189); with a status or the closed tab it counts.
    ['late on the active tab', () => ({ tab: 'active', late: 'true' }), (r) => lateRow(r)],
    ['late in one status', () => ({ status: 'NEW', late: 'true' }), (r) => r.statusCode === 'NEW' && lateRow(r)],
    ['late on the closed tab', () => ({ tab: 'closed', late: 'true' }), () => false],
    ['not late', () => ({ late: 'false' }), (r) => !lateRow(r)],
    ['blank filters are ignored', () => ({ sector: '', q: '', kmFrom: '', status: '' }), () => true],
  ];

  it.each(cases)('%s', async (_name, query, predicate) => {
    const page = await list('all', { size: 100, ...query() });
    expect(ids(page)).toEqual(idsOf(predicate));
    expect(page.total).toBe(idsOf(predicate).length);
    // Counters belong to the scope, not to the filters.
    expect(page.counters).toEqual(countersOf(rows));
  });

  it('combines filters with the scope', async () => {
    const page = await list('me', { size: 100, tab: 'active' }, who.operator);
    expect(ids(page)).toEqual(idsOf((r) => r.assignedToId === who.operator.id && r.statusCode !== 'CLOSED'));
  });
});

describe('search (q)', () => {
  const search = async (q: string) => ids(await list('all', { size: 100, q }));

  it('finds by exact folio, by RUT typed with dots, by e-mail, by part of a name and of the description', async () => {
    const target = rows.find((r) => r.email === 'ignacia@correo.demo')!;
    expect(await search(target.folio)).toEqual([target.id]);
    expect(await search(target.folio.toLowerCase())).toEqual([target.id]);
    expect(await search('10.000.013-K')).toEqual([target.id]);
    expect(await search('ignacia@correo.demo')).toEqual([target.id]);
    expect(await search('zúñiga')).toEqual([target.id]);
    expect(await search('semáforo apagado')).toEqual([target.id]);
    // Parts: a RUT body without its check digit, a piece of an e-mail.
    expect(await search('10000013')).toEqual([target.id]);
    expect(await search('10.000.013')).toEqual([target.id]);
    expect(await search('ignacia@correo')).toEqual([target.id]);
  });

  it('finds words with or without their accents, in any case', async () => {
    const target = rows.find((r) => r.email === 'ignacia@correo.demo')!;
    expect(await search('zuniga')).toEqual([target.id]);
    expect(await search('ZUÑIGA')).toEqual([target.id]);
    expect(await search('semaforo apagado')).toEqual([target.id]);
    // Typed with accents the text does not have: still found.
    expect(await search('ignácia')).toEqual([target.id]);
  });

  it('treats LIKE wildcards as text', async () => {
    expect(await search('%%%')).toEqual([]);
    expect(await search('___')).toEqual([]);
  });
});

describe('sorting', () => {
  it.each([
    ['createdAt:asc', (a: Row, b: Row) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id],
    ['dueAt:asc', (a: Row, b: Row) => a.dueAt.getTime() - b.dueAt.getTime() || a.id - b.id],
    ['kilometer:asc', (a: Row, b: Row) => a.kilometer - b.kilometer || a.id - b.id],
  ] as const)('%s', async (sort, compare) => {
    const page = await list('all', { size: 15, sort });
    expect(page.content.map((t) => t.id)).toEqual([...rows].sort(compare).slice(0, 15).map((r) => r.id));
  });
});

describe('bad queries are 400 with per-field messages', () => {
  it.each([
    [{ size: 101 }, 'size'],
    [{ page: -1 }, 'page'],
    [{ sort: 'folio:asc' }, 'sort'],
    [{ tab: 'open' }, 'tab'],
    [{ status: 'DONE' }, 'status'],
    [{ kmFrom: 'diez' }, 'kmFrom'],
    [{ dateFrom: '2026-02-30' }, 'dateFrom'],
    [{ assignedToId: 'juan' }, 'assignedToId'],
  ])('%j', async (query, field) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const response = await api.app.inject({ method: 'GET', url: `/api/ticket/list/all?${qs}`, headers: who.supervisor.headers });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors.fields)).toEqual([field]);
  });

  it('says a search is too short', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/ticket/list/all?q=ab', headers: who.supervisor.headers });
    expect(response.json().errors.fields).toEqual({ q: formatMessage(messages.searchTooShort, { min: 3 }) });
  });
});

describe('capped totals', () => {
  it('counts up to the cap and says there are more', async () => {
    expect(await countCapped(api.database.db, ne(ticket.statusCode, 'NONE'), 5)).toEqual({ total: 5, capped: true });
    expect(await countCapped(api.database.db, eq(ticket.id, rows[0]!.id), 5)).toEqual({ total: 1, capped: false });
  });

  it('keeps the counter table equal to a fresh count', async () => {
    const [row] = await queryRows<{ n: number }>(api.database.db, sql`select sum(n)::int as n from ticket_counter where scope_key = 'all'`);
    expect(row!.n).toBe(rows.length);
  });
});

describe('the counters between ticket writes', () => {
  const lateNow = async () => (await list('all')).counters.late;

  it('count a ticket late when it reaches its due date reaches its due date, with no write in between', async () => {
    const waiting = rows.find((r) => r.statusCode === 'NEW' && r.pausedAt === null)!;
    const dueAt = new Date(Date.now() + 1_500);
    // Straight into the database: the API would count the change as a write.
    await api.database.db.update(ticket).set({ dueAt }).where(eq(ticket.id, waiting.id));
    api.app.counterCache.invalidate();
    const before = await lateNow();
    expect(await lateNow()).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, dueAt.getTime() - Date.now() + 50));
    expect(await lateNow()).toBe(before + 1);
  });

  it('move as soon as a late ticket is closed', async () => {
    const before = (await list('all')).counters;
    const [late] = await queryRows<{ id: number; status_code: string }>(
      api.database.db,
      sql`select id, status_code from ticket where status_code <> 'CLOSED' and paused_at is null and due_at < now() limit 1`,
    );
    const closed = await putTicket(api, who.supervisor, late!.id, { statusCode: 'CLOSED', closureReason: 'RESOLVED' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await list('all')).counters).toEqual({ new: before.new - (late!.status_code === 'NEW' ? 1 : 0), late: before.late - 1, closed: before.closed + 1 });
  });
});

describe('a total next to its rows', () => {
  it('never contradicts them, even when another process wrote after this one cached the counters', async () => {
    const mine = await createTicket(api, who.driver);
    const before = await list('me', { size: 100 }, who.driver);
    expect(before.total).toBe(before.content.length);
    // Another API process hands the ticket to someone else: this one hears of it only later.
    await api.database.db.update(ticket).set({ reporterId: who.operator.id }).where(eq(ticket.id, mine.id));
    const after = await list('me', { size: 100 }, who.driver);
    expect(after.content.map((t) => t.id)).not.toContain(mine.id);
    expect(after.total).toBe(after.content.length);
    expect(after.total).toBe(before.total - 1);
  });
});

describe('the late list’s total', () => {
  it('is the late counter on every page, and never contradicts the rows when another process closed one', async () => {
    const first = await list('all', { late: 'true', size: 2 });
    expect(first.total).toBe(first.counters.late);
    const all = await list('all', { late: 'true', size: 100 });
    expect(all.total).toBeGreaterThan(2);
    expect(all.total).toBe(all.content.length);
    const last = await list('all', { late: 'true', size: 2, page: Math.floor((all.total - 1) / 2) });
    expect(last.total).toBe(all.total);
    expect(last.content.length).toBe(all.total - 2 * Math.floor((all.total - 1) / 2));
    // Another API process closes a late event: this one's cached counters hear of it only later.
    await api.database.db.update(ticket).set({ statusCode: 'CLOSED', closedAt: new Date() }).where(eq(ticket.id, all.content[0]!.id));
    const after = await list('all', { late: 'true', size: 100 });
    expect(after.content.map((t) => t.id)).not.toContain(all.content[0]!.id);
    expect(after.total).toBe(after.content.length);
    expect(after.counters.late).toBe(all.total - 1);
  });
});

describe('totalAgrees', () => {
  it('accepts only totals a page of rows allows', () => {
    expect(totalAgrees(25, 10, { page: 0, size: 10 })).toBe(true);
    expect(totalAgrees(9, 10, { page: 0, size: 10 })).toBe(false);
    expect(totalAgrees(15, 5, { page: 1, size: 10 })).toBe(true);
    expect(totalAgrees(16, 5, { page: 1, size: 10 })).toBe(false);
    expect(totalAgrees(0, 0, { page: 0, size: 10 })).toBe(true);
    expect(totalAgrees(3, 0, { page: 0, size: 10 })).toBe(false);
    expect(totalAgrees(20, 0, { page: 2, size: 10 })).toBe(true);
    expect(totalAgrees(21, 0, { page: 2, size: 10 })).toBe(false);
  });
});
