import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketListResponseSchema } from '@contract/ticket-list';
import { ticketSchema } from '@contract/ticket-dto';
import { timeLeftText } from '@contract/time-left';
import { ticket } from '../../platform/db/schema';
import { addBusinessTime } from '../../domain/calendar/business-time';
import { readCalendar } from '../../domain/calendar/store';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, signInCallers, type Callers } from '../../test/tickets';

/** The time left each event shows, on its own calendar (docs/decisions/181-time-left-shown.md). */
let api: TestApi;
let who: Callers;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  who = await signInCallers(api);
});
afterAll(() => api.close());

const HOUR = 3_600_000;
const set = (id: number, values: Partial<typeof ticket.$inferInsert>) => api.database.db.update(ticket).set(values).where(eq(ticket.id, id));
const detail = async (id: number) => ticketSchema.parse((await api.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: who.supervisor.headers })).json().payload);
const listed = async (id: number) => {
  const response = await api.app.inject({ method: 'GET', url: '/api/ticket/list/all?size=100', headers: who.supervisor.headers });
  return ticketListResponseSchema.parse(response.json().payload).content.find((t) => t.id === id)!;
};

describe('the time left on a deadline', () => {
  it('counts business hours on an event whose calendar is "Horario hábil", in the list and on the event page alike', async () => {
    const event = await createTicket(api, who.operator);
    const office = await readCalendar(api.app.db, 2);
    // Due after three business hours from now: on a weekend or a night, that is still three hours of work.
    await set(event.id, { calendarId: 2, dueAt: addBusinessTime(office, new Date(), 3 * HOUR + 30 * 60_000) });
    for (const seen of [await detail(event.id), await listed(event.id)]) {
      expect(seen.deadline).toMatchObject({ businessDayMs: 9.5 * HOUR, aroundTheClock: false });
      expect(seen.deadline!.businessMsLeft).toBeGreaterThan(3 * HOUR);
      expect(timeLeftText(seen.deadline!)).toBe('vence en 3 h hábiles');
      expect(seen.late).toBe(false);
    }
    // Two business days and a bit late.
    await set(event.id, { dueAt: addBusinessTime(office, new Date(), -(19 * HOUR + 10 * 60_000)) });
    const late = await listed(event.id);
    expect(late.late).toBe(true);
    expect(timeLeftText(late.deadline!)).toBe('atrasado 2 días hábiles');
  });

  it('runs around the clock for an event created before calendars, and counts real time', async () => {
    const event = await createTicket(api, who.operator);
    await set(event.id, { calendarId: null, dueAt: new Date(Date.now() + 50 * HOUR) });
    const seen = await detail(event.id);
    expect(seen.deadline).toMatchObject({ aroundTheClock: true, businessDayMs: 24 * HOUR });
    expect(timeLeftText(seen.deadline!)).toBe('vence en 2 días');
  });

  it('stops while on hold, and is gone once closed', async () => {
    const event = await createTicket(api, who.operator);
    const pausedAt = new Date(Date.now() - 5 * HOUR);
    await set(event.id, { calendarId: 1, statusCode: 'ON_HOLD', pausedAt, dueAt: new Date(pausedAt.getTime() + 4 * HOUR) });
    const first = (await detail(event.id)).deadline!;
    expect(first.businessMsLeft).toBe(4 * HOUR);
    expect(timeLeftText(first)).toBe('vence en 4 h');
    await set(event.id, { statusCode: 'CLOSED', pausedAt: null, closedAt: new Date() });
    expect((await detail(event.id)).deadline).toBeNull();
    expect((await listed(event.id)).deadline).toBeNull();
  });
});
