import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages, statusLabels } from '@contract/messages';
import { TICKET_STATUSES, type TicketStatus } from '@contract/ticket-codes';
import type { Ticket } from '@contract/ticket-dto';
import { queryRows } from '../../platform/db/client';
import { ticket } from '../../platform/db/schema';
import { canTransition } from '../../domain/tickets/lifecycle';
import { businessTimeBetween } from '../../domain/calendar/business-time';
import { readCalendar } from '../../domain/calendar/store';
import { createTestApi, type TestApi } from '../../test/helper';
import { classificationOfType, counterDrift, createTicket, putTicket, signInCallers, type Callers } from '../../test/tickets';

let api: TestApi;
let who: Callers;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  who = await signInCallers(api);
});
afterAll(() => api.close());

const get = async (id: number): Promise<Ticket> =>
  (await api.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: who.operator.headers })).json().payload;
const historyOf = async (id: number) =>
  (await api.app.inject({ method: 'GET', url: `/api/ticket/${id}/history`, headers: who.operator.headers })).json().payload as {
    action: string;
    changes: Record<string, { from: unknown; to: unknown }>;
    actorName: string;
  }[];
const NEEDS_ASSIGNEE: TicketStatus[] = ['ASSIGNED', 'IN_PROGRESS', 'ON_HOLD'];

/** A ticket put straight into a status, as if its earlier steps had happened. */
async function ticketIn(status: TicketStatus, assignedToId: string | null): Promise<Ticket> {
  const created = await createTicket(api, who.operator);
  await api.database.db
    .update(ticket)
    .set({
      statusCode: status,
      assignedToId,
      pausedAt: status === 'ON_HOLD' ? new Date() : null,
      closedAt: status === 'CLOSED' ? new Date() : null,
      closureReason: status === 'CLOSED' ? 'RESOLVED' : null,
    })
    .where(eq(ticket.id, created.id));
  return created;
}

describe('PUT /api/ticket/{id}: every status pair over HTTP', () => {
  const pairs = TICKET_STATUSES.flatMap((from) => TICKET_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));

  it.each(pairs)('%s -> %s', async (from, to) => {
    const op = who.operator.id;
    const target = NEEDS_ASSIGNEE.includes(to) ? op : null;
    const start = NEEDS_ASSIGNEE.includes(from) || (from === 'CLOSED' && target) ? op : null;
    const created = await ticketIn(from, start);
    const body = {
      statusCode: to,
      ...(target !== start ? { assignedToId: target } : {}),
      ...(to === 'CLOSED' ? { closureReason: 'RESOLVED' } : {}),
    };
    const historyBefore = (await historyOf(created.id)).length;
    const response = await putTicket(api, who.supervisor, created.id, body);
    if (canTransition(from, to)) {
      expect(response.statusCode).toBe(200);
      expect(response.json().payload.statusCode).toBe(to);
      expect((await historyOf(created.id)).length).toBe(historyBefore + 1);
    } else {
      expect(response.statusCode).toBe(409);
      expect(response.json().errors.message).toBe(
        formatMessage(messages.illegalTransition, { from: statusLabels[from], to: statusLabels[to] }),
      );
      expect((await historyOf(created.id)).length).toBe(historyBefore);
      expect((await get(created.id)).statusCode).toBe(from);
    }
  });
});

describe('assigning', () => {
  it('assigning to oneself moves NEW to ASSIGNED, names both in the history and marks the first response', async () => {
    const created = await createTicket(api, who.driver);
    const response = await putTicket(api, who.operator, created.id, { assignedToId: who.operator.id });
    expect(response.statusCode).toBe(200);
    const updated: Ticket = response.json().payload;
    expect(updated).toMatchObject({ statusCode: 'ASSIGNED', assignedToId: who.operator.id, assignedToName: 'Carolina Reyes' });
    expect(updated.firstResponseAt).not.toBeNull();
    const last = (await historyOf(created.id)).at(-1)!;
    expect(last).toMatchObject({
      action: 'ASSIGNED',
      actorName: 'Carolina Reyes',
      changes: {
        statusCode: { from: 'NEW', to: 'ASSIGNED' },
        assignedToId: { from: null, to: who.operator.id },
        assignedToName: { from: null, to: 'Carolina Reyes' },
      },
    });
  });

  it('a supervisor reassigns to another operator and the status stays', async () => {
    const created = await ticketIn('IN_PROGRESS', who.operator.id);
    const response = await putTicket(api, who.supervisor, created.id, { assignedToId: who.admin.id });
    expect(response.json().payload).toMatchObject({ statusCode: 'IN_PROGRESS', assignedToId: who.admin.id, assignedToName: 'Andrea Valdés' });
    expect((await historyOf(created.id)).at(-1)!.changes.assignedToName).toEqual({ from: 'Carolina Reyes', to: 'Andrea Valdés' });
  });

  it('unassigning an ASSIGNED ticket returns it to the queue', async () => {
    const created = await ticketIn('ASSIGNED', who.operator.id);
    const response = await putTicket(api, who.operator, created.id, { assignedToId: '' });
    expect(response.json().payload).toMatchObject({ statusCode: 'NEW', assignedToId: null });
    expect((await historyOf(created.id)).at(-1)!.action).toBe('UNASSIGNED');
  });

  it.each([
    ['a driver', () => who.driver.id],
    ['the inspector', () => who.inspector.id],
    ['nobody known', () => '4f3c2b1a-0000-4000-8000-000000000000'],
  ])('refuses to assign to %s', async (_label, id) => {
    const created = await createTicket(api, who.operator);
    const response = await putTicket(api, who.operator, created.id, { assignedToId: id() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({ assignedToId: messages.assigneeInvalid });
    expect((await get(created.id)).assignedToId).toBeNull();
  });
});

describe('closing and reopening', () => {
  it('refuses to close without a reason, in the specification\'s words', async () => {
    const created = await ticketIn('IN_PROGRESS', who.operator.id);
    const response = await putTicket(api, who.operator, created.id, { statusCode: 'CLOSED' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ message: 'The ticket was not closed', fields: { closureReason: messages.closureReasonRequired } });
  });

  it('closes with a reason and keeps it in the history', async () => {
    const created = await ticketIn('IN_PROGRESS', who.operator.id);
    const response = await putTicket(api, who.operator, created.id, { statusCode: 'CLOSED', closureReason: 'RESOLVED' });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({ statusCode: 'CLOSED', closureReason: 'RESOLVED', late: false });
    expect(response.json().payload.closedAt).not.toBeNull();
    expect((await historyOf(created.id)).at(-1)).toMatchObject({
      action: 'CLOSED',
      changes: { statusCode: { from: 'IN_PROGRESS', to: 'CLOSED' }, closureReason: { from: null, to: 'RESOLVED' } },
    });
  });

  it('closes with a message to the driver: a public comment the driver reads, written with the closure', async () => {
    const created = await createTicket(api, who.driver);
    await putTicket(api, who.operator, created.id, { assignedToId: who.operator.id });
    const response = await putTicket(api, who.operator, created.id, {
      statusCode: 'CLOSED',
      closureReason: 'RESOLVED',
      closureMessage: '  Reparamos el bache el martes. Gracias por avisar.  ',
    });
    expect(response.statusCode).toBe(200);
    const thread = (await api.app.inject({ method: 'GET', url: `/api/ticket/${created.id}/comment?page=0&size=10`, headers: who.driver.headers })).json().payload;
    expect(thread.content).toEqual([
      expect.objectContaining({ comment: 'Reparamos el bache el martes. Gracias por avisar.', internal: false, authorRole: 'OPERATOR' }),
    ]);
    expect((await historyOf(created.id)).slice(-2).map((h) => h.action)).toEqual(['CLOSED', 'COMMENTED']);
  });

  it('a message that cannot be stored closes nothing; a message without closing is ignored', async () => {
    const created = await ticketIn('IN_PROGRESS', who.operator.id);
    const tooLong = await putTicket(api, who.operator, created.id, { statusCode: 'CLOSED', closureReason: 'RESOLVED', closureMessage: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.fields.closureMessage).toBe(formatMessage(messages.tooLong, { max: 2000 }));
    expect((await get(created.id)).statusCode).toBe('IN_PROGRESS');
    const notClosing = await putTicket(api, who.operator, created.id, { description: 'Otro texto', closureMessage: 'Hola' });
    expect(notClosing.statusCode).toBe(200);
    const thread = (await api.app.inject({ method: 'GET', url: `/api/ticket/${created.id}/comment?page=0&size=10`, headers: who.operator.headers })).json().payload;
    expect(thread.total).toBe(0);
  });

  it('locks a closed ticket: edits are a 409 until it is reopened', async () => {
    const created = await ticketIn('CLOSED', who.operator.id);
    const locked = await putTicket(api, who.operator, created.id, { description: 'Otro texto' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().errors.message).toBe(messages.ticketClosedLocked);
    const reopened = await putTicket(api, who.operator, created.id, { statusCode: 'IN_PROGRESS', description: 'Otro texto' });
    expect(reopened.json().payload).toMatchObject({ statusCode: 'IN_PROGRESS', description: 'Otro texto', closedAt: null, closureReason: null });
    expect((await historyOf(created.id)).at(-1)!.action).toBe('REOPENED');
  });
});

describe('SLA', () => {
  it('pauses while ON_HOLD and pushes the due time by the time paused, in the business time of its calendar', async () => {
    const created = await ticketIn('IN_PROGRESS', who.operator.id);
    const held = (await putTicket(api, who.operator, created.id, { statusCode: 'ON_HOLD' })).json().payload as Ticket;
    expect(held.pausedAt).not.toBeNull();
    // Three hours on hold.
    const pausedAt = new Date(Date.now() - 3 * 3_600_000);
    await api.database.db.update(ticket).set({ pausedAt }).where(eq(ticket.id, created.id));
    const before = Date.now();
    const resumed = (await putTicket(api, who.operator, created.id, { statusCode: 'IN_PROGRESS' })).json().payload as Ticket;
    const after = Date.now();
    expect(resumed.pausedAt).toBeNull();
    // The business time left when the pause started is left again from the instant it resumed (decision 179), some
    // instant between `before` and `after`: the claim runs on business hours, whose clock may be running meanwhile.
    const calendar = await readCalendar(api.database.db, 2);
    const leftWhenPaused = businessTimeBetween(calendar, pausedAt, new Date(held.dueAt));
    expect(businessTimeBetween(calendar, new Date(before), new Date(resumed.dueAt))).toBeGreaterThanOrEqual(leftWhenPaused);
    expect(businessTimeBetween(calendar, new Date(after), new Date(resumed.dueAt))).toBeLessThanOrEqual(leftWhenPaused);
  });

  it('late is computed from the due time, and a ticket on hold in time is not late', async () => {
    const created = await ticketIn('IN_PROGRESS', who.operator.id);
    const past = new Date(Date.now() - 3_600_000);
    await api.database.db.update(ticket).set({ dueAt: past }).where(eq(ticket.id, created.id));
    expect((await get(created.id)).late).toBe(true);
    await api.database.db
      .update(ticket)
      .set({ statusCode: 'ON_HOLD', pausedAt: new Date(past.getTime() - 60_000) })
      .where(eq(ticket.id, created.id));
    expect((await get(created.id)).late).toBe(false);
  });

  it('a new classification of the same type swaps the SLA; another type is refused', async () => {
    const created = await createTicket(api, who.operator);
    const other = await classificationOfType(api, 'CLAIM', created.classificationId);
    const moved = (await putTicket(api, who.operator, created.id, { classificationId: other.id })).json().payload as Ticket;
    const calendar = await readCalendar(api.database.db, 2);
    const given = businessTimeBetween(calendar, new Date(moved.createdAt), new Date(moved.dueAt));
    // The new target from the creation, give or take the moment between creating and reclassifying.
    expect(given).toBeLessThanOrEqual(other.slaHours * 3_600_000);
    expect(given).toBeGreaterThan(other.slaHours * 3_600_000 - 60_000);
    const incident = await classificationOfType(api, 'INCIDENT');
    const refused = await putTicket(api, who.operator, created.id, { classificationId: incident.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.fields).toEqual({ classificationId: messages.classificationTypeChange });
  });
});

describe('field edits', () => {
  it('records each changed field from and to, normalised', async () => {
    const created = await createTicket(api, who.operator);
    const response = await putTicket(api, who.operator, created.id, {
      rut: '9.876.543-3',
      phone: '9 8765 4321',
      kilometer: '40,25',
      description: created.description,
      realAddress: 'Camino a Curacaví 123',
    });
    expect(response.statusCode).toBe(200);
    expect((await historyOf(created.id)).at(-1)).toMatchObject({
      action: 'UPDATED',
      changes: {
        rut: { from: '12345678-5', to: '9876543-3' },
        phone: { from: '+56912345678', to: '+56987654321' },
        kilometer: { from: 23.5, to: 40.25 },
        realAddress: { from: null, to: 'Camino a Curacaví 123' },
      },
    });
    expect(Object.keys((await historyOf(created.id)).at(-1)!.changes)).not.toContain('description');
  });

  it('a PUT that changes nothing writes no history; channelCode is create-only and ignored', async () => {
    const created = await createTicket(api, who.operator);
    const response = await putTicket(api, who.operator, created.id, { description: created.description, channelCode: 'SOCIAL' });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.channelCode).toBe('PHONE');
    expect(await historyOf(created.id)).toHaveLength(1);
  });

  it('checks the kilometre range on update too', async () => {
    const created = await createTicket(api, who.operator);
    const response = await putTicket(api, who.operator, created.id, { kilometer: 500 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields.kilometer).toBe(formatMessage(messages.kilometerOutOfRange, { min: 0, max: 116 }));
  });

  it('checks a changed sector or commune against the road profile; an older free-text place stays until changed', async () => {
    const created = await createTicket(api, who.operator);
    const refused = await putTicket(api, who.operator, created.id, { sector: 'Sector X', commune: 'Comuna X' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.fields).toEqual({ sector: messages.sectorNotOnRoad, commune: messages.communeNotOnRoad });
    expect((await putTicket(api, who.operator, created.id, { sector: 'Túnel Zapata', commune: 'Casablanca' })).json().payload).toMatchObject({
      sector: 'Túnel Zapata',
      commune: 'Casablanca',
    });
    // A ticket written before the profile was enforced keeps its place through other edits.
    await queryRows(api.database.db, sql`update ticket set sector = 'Sector antiguo' where id = ${created.id}`);
    const edited = await putTicket(api, who.operator, created.id, { sector: 'Sector antiguo', description: 'Descripción corregida del evento' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().payload.sector).toBe('Sector antiguo');
  });

  it('answers 404 for ids that are not tickets', async () => {
    for (const url of ['/api/ticket/999999', '/api/ticket/abc', '/api/ticket/0', '/api/ticket/1.5', '/api/ticket/99999999999999999999']) {
      const response = await api.app.inject({ method: 'GET', url, headers: who.operator.headers });
      expect(response.statusCode, url).toBe(404);
    }
    expect((await putTicket(api, who.operator, 999_999, { description: 'x' })).statusCode).toBe(404);
  });
});

describe('counters', () => {
  it('stay equal to a fresh count after every kind of change', async () => {
    expect(await counterDrift(api)).toEqual([]);
    const [row] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from ticket_counter where scope_key = 'all'`);
    expect(row!.n).toBeGreaterThan(0);
  });
});
