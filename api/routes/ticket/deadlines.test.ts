import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@contract/ticket-dto';
import { queryRows } from '../../platform/db/client';
import { classification, ticket } from '../../platform/db/schema';
import { bearer, createTestApi, signIn, type TestApi } from '../../test/helper';
import { validTicketBody } from '../../test/tickets';

/**
 * Deadlines on the contract's clock (issue 37; docs/decisions/178-business-time-calendars.md and
 * 179-deadlines-on-the-calendar.md), through the API at chosen instants: the process's clock is set with
 * vi.setSystemTime (only Date is faked, so the database and the server run as usual).
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
}, 120_000);
afterAll(() => api.close());
afterEach(() => vi.useRealTimers());

const HOUR = 3_600_000;
// The demo's classifications (api/platform/db/seed/reference-data.ts).
const TOLL_CLAIM = 1; // Cobro de peaje: business hours, first answer 16 h, resolution 28 h
const PAVEMENT_CLAIM = 2; // Estado del pavimento: business hours, first answer 16 h, resolution 47 h
const ACCIDENT = 9; // Accidente de tránsito: around the clock, first answer 1 h, resolution 2 h

/** Sets the clock to a Santiago instant and signs the operator in then (a token lives 30 idle minutes). */
async function at(instant: string): Promise<Record<string, string>> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(instant));
  return bearer(await signIn(api.app, 'operador@concesion.demo'));
}

async function create(headers: Record<string, string>, classificationId: number): Promise<Ticket> {
  const response = await api.app.inject({
    method: 'POST',
    url: '/api/ticket',
    headers,
    payload: validTicketBody({ classificationId, dateEvent: new Date(Date.now() - HOUR).toISOString() }),
  });
  expect(response.statusCode).toBe(201);
  return response.json().payload;
}

async function put(headers: Record<string, string>, id: number, body: object): Promise<Ticket> {
  const response = await api.app.inject({ method: 'PUT', url: `/api/ticket/${id}`, headers, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload;
}

async function stored(id: number) {
  const [row] = await api.database.db.select().from(ticket).where(eq(ticket.id, id));
  return row!;
}

async function history(headers: Record<string, string>, id: number) {
  const response = await api.app.inject({ method: 'GET', url: `/api/ticket/${id}/history`, headers });
  return response.json().payload as { action: string; changes: Record<string, { from: unknown; to: unknown }> }[];
}

const operatorId = async () =>
  (await queryRows<{ id: string }>(api.database.db, sql`select id from profile where email = 'operador@concesion.demo'`))[0]!.id;

describe('deadlines on the classification’s calendar', () => {
  it('a claim filed on Thursday 17-09-2026 at 17:55, before the Fiestas Patrias weekend, is due in business hours, not on Monday', async () => {
    const headers = await at('2026-09-17T17:55:00-03:00');
    const claim = await create(headers, PAVEMENT_CLAIM);
    // 47 business hours: 5 minutes on Thursday, Friday 18 and Saturday 19 are holidays, 9.5 h a day from
    // Monday 21 to Thursday 24, and the last 8 h 55 min on Friday 25.
    expect(claim.dueAt).toBe(new Date('2026-09-25T17:25:00-03:00').toISOString());
    expect(claim.late).toBe(false);
    const row = await stored(claim.id);
    expect(row).toMatchObject({
      calendarId: 2,
      // 16 business hours: 5 minutes on Thursday, 9.5 h on Monday, 6 h 25 min on Tuesday.
      firstAnswerDueAt: new Date('2026-09-22T14:55:00-03:00'),
      // 75 % of each (DEADLINE_WARNING_SHARE's default): 35 h 15 min and 12 h of business time.
      warnAt: new Date('2026-09-24T15:10:00-03:00'),
      firstAnswerWarnAt: new Date('2026-09-22T10:55:00-03:00'),
      resolutionTargetMs: 47 * HOUR,
      firstAnswerTargetMs: 16 * HOUR,
      firstAnswerBusinessMs: null,
      resolutionBusinessMs: null,
    });
    // The history records the deadlines the event was given.
    const [created] = await history(headers, claim.id);
    expect(created).toMatchObject({
      action: 'CREATED',
      changes: { dueAt: { from: null, to: claim.dueAt }, firstAnswerDueAt: { from: null, to: row.firstAnswerDueAt!.toISOString() } },
    });
    // On Monday morning the claim is not late.
    const monday = await at('2026-09-21T09:00:00-03:00');
    const read = await api.app.inject({ method: 'GET', url: `/api/ticket/${claim.id}`, headers: monday });
    expect(read.json().payload.late).toBe(false);
  });

  it('across both daylight-saving changes, an incident gets exactly its hours and a claim its business hours', async () => {
    // Saturday 4 April 2026, 23:30: at midnight the clocks go back to 23:00 (a 25-hour night).
    let headers = await at('2026-04-04T23:30:00-03:00');
    const april = await create(headers, ACCIDENT);
    expect(Date.parse(april.dueAt) - Date.parse(april.createdAt)).toBe(2 * HOUR);
    expect(april.dueAt).toBe(new Date('2026-04-05T00:30:00-04:00').toISOString());
    // Saturday 5 September 2026, 23:30: at midnight the clocks jump to 01:00 (a 23-hour night).
    headers = await at('2026-09-05T23:30:00-04:00');
    const september = await create(headers, ACCIDENT);
    expect(Date.parse(september.dueAt) - Date.parse(september.createdAt)).toBe(2 * HOUR);
    expect(september.dueAt).toBe(new Date('2026-09-06T02:30:00-03:00').toISOString());
    expect((await stored(september.id)).firstAnswerDueAt).toEqual(new Date('2026-09-06T01:30:00-03:00'));

    // Thursday 2 April, 17:00: 1 h on Thursday, Good Friday and the weekend closed, 9.5 h on Monday and Tuesday
    // (now at UTC-4), the last 8 h on Wednesday from 08:30.
    headers = await at('2026-04-02T17:00:00-03:00');
    const claimInApril = await create(headers, TOLL_CLAIM);
    expect(claimInApril.dueAt).toBe(new Date('2026-04-08T16:30:00-04:00').toISOString());
    // Friday 4 September, 17:00: the same 28 business hours end on Wednesday 9 at 16:30, now at UTC-3.
    headers = await at('2026-09-04T17:00:00-04:00');
    const claimInSeptember = await create(headers, TOLL_CLAIM);
    expect(claimInSeptember.dueAt).toBe(new Date('2026-09-09T16:30:00-03:00').toISOString());
  });

  it('"En espera" across a holiday stops both clocks in business time; the first answer and the resolution keep the business time they took', async () => {
    // Monday 14 September 2026, 09:00: 28 business hours, due on Wednesday 16 at 18:00.
    let headers = await at('2026-09-14T09:00:00-03:00');
    const claim = await create(headers, TOLL_CLAIM);
    expect(claim.dueAt).toBe(new Date('2026-09-16T18:00:00-03:00').toISOString());
    await put(headers, claim.id, { assignedToId: await operatorId(), statusCode: 'IN_PROGRESS' });

    // Tuesday 15 at 10:00 the operator answers the driver: 9 h on Monday and 1.5 h on Tuesday.
    headers = await at('2026-09-15T10:00:00-03:00');
    const note = await api.app.inject({ method: 'POST', url: `/api/ticket/${claim.id}/comment`, headers, payload: { comment: 'Revisamos el cobro', internal: true } });
    expect(note.statusCode).toBe(201);
    expect((await stored(claim.id)).firstAnswerBusinessMs).toBeNull();
    const answer = await api.app.inject({ method: 'POST', url: `/api/ticket/${claim.id}/comment`, headers, payload: { comment: 'Estamos revisando su cobro' } });
    expect(answer.statusCode).toBe(201);
    expect((await stored(claim.id)).firstAnswerBusinessMs).toBe(10.5 * HOUR);

    // On hold on Wednesday 16 at 10:00, with 8 business hours left (20 h counted).
    headers = await at('2026-09-16T10:00:00-03:00');
    await put(headers, claim.id, { statusCode: 'ON_HOLD' });
    // Still on hold on Thursday evening, after the deadline's instant: not late.
    headers = await at('2026-09-17T19:00:00-03:00');
    expect((await put(headers, claim.id, { description: 'Cobro duplicado en el pórtico' })).late).toBe(false);

    // Back on Monday 21 at 09:00 (Friday 18 and Saturday 19 were holidays): the 8 hours left end at 17:00.
    headers = await at('2026-09-21T09:00:00-03:00');
    const resumed = await put(headers, claim.id, { statusCode: 'IN_PROGRESS' });
    expect(resumed.dueAt).toBe(new Date('2026-09-21T17:00:00-03:00').toISOString());
    const row = await stored(claim.id);
    // The warning instant (75 % of 28 h = 21 h) moved with it: 1 h after the resumption.
    expect(row.warnAt).toEqual(new Date('2026-09-21T10:00:00-03:00'));
    const moved = (await history(headers, claim.id)).at(-1)!;
    expect(moved.changes.dueAt).toEqual({ from: claim.dueAt, to: resumed.dueAt });

    headers = await at('2026-09-21T16:59:00-03:00');
    expect((await put(headers, claim.id, { description: 'Cobro duplicado en el pórtico 2' })).late).toBe(false);
    // Late from 17:00: the event, the late filter and its count read the moved deadline.
    headers = await at('2026-09-21T17:30:00-03:00');
    const late = await api.app.inject({ method: 'GET', url: `/api/ticket/list/me?late=true&size=50`, headers });
    expect(late.statusCode).toBe(200);
    expect(JSON.stringify(late.json().payload)).toContain(claim.folio);
    const closed = await put(headers, claim.id, { statusCode: 'CLOSED', closureReason: 'RESOLVED' });
    expect(closed.statusCode).toBe('CLOSED');
    // 20 h before the pause, 8.5 h after it: half an hour over the 28 h target.
    expect((await stored(claim.id)).resolutionBusinessMs).toBe(28.5 * HOUR);
  });

  it('a new classification keeps the business time counted and takes the new calendar and targets', async () => {
    // A claim of 47 business hours created Monday 14 September at 08:30, reclassified on Tuesday 15 at 08:30
    // (9.5 h counted) as one of 28 h: 18.5 h left from Tuesday 08:30 (9.5 h on Tuesday), due on Wednesday 16 at 17:30.
    let headers = await at('2026-09-14T08:30:00-03:00');
    const claim = await create(headers, PAVEMENT_CLAIM);
    headers = await at('2026-09-15T08:30:00-03:00');
    const moved = await put(headers, claim.id, { classificationId: TOLL_CLAIM });
    expect(moved.dueAt).toBe(new Date('2026-09-16T17:30:00-03:00').toISOString());
    expect(await stored(claim.id)).toMatchObject({ calendarId: 2, resolutionTargetMs: 28 * HOUR, firstAnswerTargetMs: 16 * HOUR });
    expect((await history(headers, claim.id)).at(-1)!.changes.dueAt).toEqual({ from: claim.dueAt, to: moved.dueAt });
  });

  it('a classification’s new targets and calendar apply only to events created afterwards', async () => {
    const headers = await at('2026-09-14T09:00:00-03:00');
    const before = await create(headers, TOLL_CLAIM);
    const [kept] = await api.database.db.select().from(classification).where(eq(classification.id, TOLL_CLAIM));
    try {
      await api.database.db.update(classification).set({ slaHours: 5, firstAnswerHours: null, calendarId: 1 }).where(eq(classification.id, TOLL_CLAIM));
      const after = await create(headers, TOLL_CLAIM);
      expect(Date.parse(after.dueAt) - Date.parse(after.createdAt)).toBe(5 * HOUR);
      expect(await stored(after.id)).toMatchObject({ calendarId: 1, firstAnswerDueAt: null, resolutionTargetMs: 5 * HOUR });
      // The earlier event keeps its calendar, targets and instants, also when its clock moves later.
      expect(await stored(before.id)).toMatchObject({ calendarId: 2, resolutionTargetMs: 28 * HOUR, dueAt: new Date(before.dueAt) });
      await put(headers, before.id, { assignedToId: await operatorId(), statusCode: 'IN_PROGRESS' });
      await put(headers, before.id, { statusCode: 'ON_HOLD' });
      const resumedAt = await at('2026-09-15T09:00:00-03:00');
      const resumed = await put(resumedAt, before.id, { statusCode: 'IN_PROGRESS' });
      // Paused a whole business day on its own calendar: due one business day later, 28 h counted from creation.
      expect(resumed.dueAt).toBe(new Date('2026-09-17T18:00:00-03:00').toISOString());
    } finally {
      await api.database.db.update(classification).set({ slaHours: kept!.slaHours, firstAnswerHours: kept!.firstAnswerHours, calendarId: kept!.calendarId }).where(eq(classification.id, TOLL_CLAIM));
    }
  });
});
