import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { deadlineNotice, notification, profile, ticket } from '../../platform/db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { readMail, startSmtpPeer, type SmtpPeer } from '../../test/smtp';
import { classificationOfType, createTicket, putTicket, signInCallers, type Callers } from '../../test/tickets';
import { sweepDeadlineNotices } from './deadline-sweep';
import { sweepLateTickets } from './late-sweep';

/**
 * Warnings before a breach (issue 37, decision 182), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL:
 * each goes once per event and threshold, to the assignee or the supervisors, in the app and at once by
 * e-mail (read back from a real SMTP server), and none for an event on hold or closed.
 */
const HOUR = 3_600_000;
let smtp: SmtpPeer;
let api: TestApi;
let who: Callers;
let supervisors: string[];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  // A long hold and period: a warning that arrives at once did not wait for the digest (decision 165).
  api = await createTestApi({ demoTickets: 0, config: { smtpUrl: smtp.url, mailHoldMs: HOUR, mailDigestMs: HOUR } });
  who = await signInCallers(api);
  supervisors = (
    await api.database.db
      .select({ id: profile.id })
      .from(profile)
      .where(and(eq(profile.profileCode, 'SUPERVISOR'), eq(profile.status, 'ACTIVE'), isNull(profile.deletedAt)))
  ).map((p) => p.id);
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});
beforeEach(async () => {
  await api.app.mailer.idle();
  smtp.received.length = 0;
});

type Clock = Partial<typeof ticket.$inferInsert>;
/** A new event, assigned to the operator unless `assigned` is false, with its clock set as given. */
async function event(clock: Clock, assigned = true) {
  const t = await createTicket(api, who.operator);
  await api.database.db
    .update(ticket)
    // Around the clock unless the test says otherwise: the times left below are real time at any hour it runs.
    .set({ calendarId: 1, ...(assigned ? { assignedToId: who.operator.id, statusCode: 'ASSIGNED' as const } : {}), ...clock })
    .where(eq(ticket.id, t.id));
  return t;
}

const sweep = (now = new Date()) => sweepDeadlineNotices(api.database.db, api.app.notifier, now);

async function told(ticketId: number) {
  const rows = await api.database.db.select().from(notification).where(eq(notification.ticketId, ticketId));
  return rows
    .filter((r) => r.type === 'TICKET_DUE_SOON' || r.type === 'TICKET_FIRST_ANSWER_LATE')
    .map((r) => ({ to: r.profileId, type: r.type, message: r.message, body: r.body }));
}

/** The event's deadline mails delivered to the SMTP peer now, without any digest flush (its receipt left out). */
async function delivered(folio: string) {
  await api.app.mailer.deliver();
  await api.app.mailer.idle();
  return smtp.received.map((m) => ({ to: m.to, ...readMail(m.data) })).filter((m) => m.subject.includes(folio) && !m.subject.startsWith('Recibimos su reporte'));
}

describe('the resolution warning', () => {
  it('goes once to the assignee, naming the folio and the time left, in the app and at once by e-mail', async () => {
    const now = new Date();
    const t = await event({ warnAt: new Date(now.getTime() - 60_000), dueAt: new Date(now.getTime() + 3 * HOUR) });
    expect(await sweep(now)).toBeGreaterThanOrEqual(1);
    await sweep(now);
    await sweep(new Date(now.getTime() + 60_000));

    const message = `El plazo de resolución del evento ${t.folio} vence en 3 h`;
    expect(await told(t.id)).toEqual([{ to: who.operator.id, type: 'TICKET_DUE_SOON', message, body: expect.stringMatching(/^Plazo de resolución: \d\d-\d\d-\d{4} \d\d:\d\d \(hora de Chile\)\.$/) }]);
    const mails = await delivered(t.folio);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['operador@concesion.demo']);
    expect(mails[0]!.subject).toBe(message);
    expect(mails[0]!.text).toContain('Tiempo restante: 3 h');
    expect(mails[0]!.text).toContain(`/operator/events/${t.id}`);
    expect(mails[0]!.html).toContain('Ver el evento');
    // The list the person reads shows it, with its type.
    const list = await api.app.inject({ method: 'GET', url: `/api/notification/profile/${who.operator.id}`, headers: who.operator.headers });
    expect(list.json().payload.content.find((n: { ticketId: number }) => n.ticketId === t.id)).toMatchObject({ type: 'TICKET_DUE_SOON', message, folio: t.folio });
  });

  it('counts the time left on the event’s business hours: Friday 17:00 to Monday 10:30 is 3 h hábiles', async () => {
    // Friday 27 November 2026, 17:00 in Santiago (UTC-3), to Monday 30 November 10:30: 1 h on Friday, 2 h on Monday.
    const now = new Date('2026-11-27T20:00:00Z');
    const t = await event({ calendarId: 2, warnAt: new Date('2026-11-27T19:00:00Z'), dueAt: new Date('2026-11-30T13:30:00Z') });
    await sweep(now);
    expect((await told(t.id)).map((n) => n.message)).toEqual([`El plazo de resolución del evento ${t.folio} vence en 3 h hábiles`]);
  });

  it('goes to the active supervisors when nobody is assigned', async () => {
    const now = new Date();
    const t = await event({ warnAt: new Date(now.getTime() - 60_000), dueAt: new Date(now.getTime() + 30 * 60_000) }, false);
    await sweep(now);
    const sent = await told(t.id);
    expect(sent.map((n) => n.to).sort()).toEqual([...supervisors].sort());
    expect(sent.every((n) => n.message === `El plazo de resolución del evento ${t.folio} vence en 30 min`)).toBe(true);
    const mails = await delivered(t.folio);
    expect(mails.map((m) => m.to).flat()).toContain('supervisor@concesion.demo');
    expect(mails[0]!.text).toContain(`/supervisor/events/${t.id}`);
  });

  it('goes to the supervisors when the assignee is suspended', async () => {
    const now = new Date();
    // The operator, suspended for this test only (restored below).
    const other = { id: who.operator.id };
    await api.database.db.update(profile).set({ status: 'SUSPENDED' }).where(eq(profile.id, other.id));
    try {
      const t = await event({ assignedToId: other.id, warnAt: new Date(now.getTime() - 60_000), dueAt: new Date(now.getTime() + 2 * HOUR) });
      await sweep(now);
      expect((await told(t.id)).map((n) => n.to).sort()).toEqual([...supervisors].sort());
    } finally {
      await api.database.db.update(profile).set({ status: 'ACTIVE' }).where(eq(profile.id, other.id));
    }
  });

  it('is not sent for an event on hold or closed; an event that leaves hold gets it then', async () => {
    const now = new Date();
    const clock = { warnAt: new Date(now.getTime() - 60_000), dueAt: new Date(now.getTime() + 5 * HOUR) };
    const onHold = await event({ ...clock, statusCode: 'ON_HOLD', pausedAt: new Date(now.getTime() - 30_000) });
    const closed = await event({ ...clock, statusCode: 'CLOSED' });
    await sweep(now);
    expect(await told(onHold.id)).toEqual([]);
    expect(await told(closed.id)).toEqual([]);
    const notices = await api.database.db.select().from(deadlineNotice).where(inArray(deadlineNotice.ticketId, [onHold.id, closed.id]));
    expect(notices).toEqual([]);

    await api.database.db.update(ticket).set({ statusCode: 'IN_PROGRESS', pausedAt: null }).where(eq(ticket.id, onHold.id));
    await sweep(now);
    expect((await told(onHold.id)).map((n) => n.to)).toEqual([who.operator.id]);
  });

  it('is not sent once the deadline itself passed, nor before its share', async () => {
    const now = new Date();
    const passed = await event({ warnAt: new Date(now.getTime() - 2 * HOUR), dueAt: new Date(now.getTime() - HOUR) });
    const early = await event({ warnAt: new Date(now.getTime() + 60_000), dueAt: new Date(now.getTime() + HOUR) });
    await sweep(now);
    expect(await told(passed.id)).toEqual([]);
    expect(await told(early.id)).toEqual([]);
  });

  it('leaves a batch it could not notify for the next sweep', async () => {
    const now = new Date();
    const t = await event({ warnAt: new Date(now.getTime() - 60_000), dueAt: new Date(now.getTime() + 2 * HOUR) });
    const store = vi.spyOn(api.app.notifier, 'store').mockRejectedValueOnce(new Error('database gone'));
    await expect(sweep(now)).rejects.toThrow('database gone');
    store.mockRestore();
    expect(await api.database.db.select().from(deadlineNotice).where(eq(deadlineNotice.ticketId, t.id))).toEqual([]);
    await sweep(now);
    expect((await told(t.id)).map((n) => n.type)).toEqual(['TICKET_DUE_SOON']);
  });

  it('goes once with two sweeps at a time', async () => {
    const now = new Date();
    const events = await Promise.all([1, 2, 3].map(() => event({ warnAt: new Date(now.getTime() - 60_000), dueAt: new Date(now.getTime() + 4 * HOUR) })));
    await Promise.all([sweep(now), sweep(now), sweep(now)]);
    for (const t of events) expect((await told(t.id)).map((n) => n.to)).toEqual([who.operator.id]);
  });
});

describe('the first answer', () => {
  it('warns the assignee once before its deadline, and not after staff answered in public', async () => {
    const now = new Date();
    const clock = { firstAnswerWarnAt: new Date(now.getTime() - 60_000), firstAnswerDueAt: new Date(now.getTime() + 90 * 60_000), dueAt: new Date(now.getTime() + 48 * HOUR) };
    const t = await event(clock);
    const answered = await event({ ...clock, firstAnswerBusinessMs: 30_000 });
    await sweep(now);
    await sweep(now);
    expect(await told(t.id)).toEqual([
      { to: who.operator.id, type: 'TICKET_DUE_SOON', message: `La primera respuesta del evento ${t.folio} vence en 1 h`, body: expect.stringContaining('Plazo de primera respuesta: ') },
    ]);
    expect(await told(answered.id)).toEqual([]);
  });

  it('tells the supervisors once when its deadline passes unanswered, never on hold nor closed, by e-mail at once', async () => {
    const now = new Date();
    const clock = { firstAnswerWarnAt: new Date(now.getTime() - 2 * HOUR), firstAnswerDueAt: new Date(now.getTime() - 60_000), dueAt: new Date(now.getTime() + 48 * HOUR) };
    const late = await event(clock);
    const onHold = await event({ ...clock, statusCode: 'ON_HOLD', pausedAt: new Date(now.getTime() - 30_000) });
    const closed = await event({ ...clock, statusCode: 'CLOSED' });
    const answered = await event({ ...clock, firstAnswerBusinessMs: 2 * 60_000 });
    await sweep(now);
    await sweep(new Date(now.getTime() + 60_000));

    const sent = await told(late.id);
    // The warning's time had passed with the deadline: only the breach goes, to the supervisors, not the assignee.
    expect(sent.map((n) => n.type)).toEqual(sent.map(() => 'TICKET_FIRST_ANSWER_LATE'));
    expect(sent.map((n) => n.to).sort()).toEqual([...supervisors].sort());
    expect(sent[0]!.message).toBe(`El evento ${late.folio} no tuvo primera respuesta en el plazo`);
    for (const other of [onHold, closed, answered]) expect(await told(other.id)).toEqual([]);
    const mails = await delivered(late.folio);
    expect(mails.map((m) => m.to).flat()).toContain('supervisor@concesion.demo');
    expect(mails.map((m) => m.to).flat()).not.toContain('operador@concesion.demo');
    expect(mails[0]!.subject).toBe(`El evento ${late.folio} no tuvo primera respuesta en el plazo`);
    expect(mails[0]!.text).not.toContain('Tiempo restante');
  });
});

describe('TICKET_LATE (the resolution breach)', () => {
  it('is not raised while the event is on hold, and is once it resumes still late', async () => {
    const now = Date.now();
    const t = await event({ dueAt: new Date(now - 2 * 60_000), statusCode: 'ON_HOLD', pausedAt: new Date(now - 60_000) });
    await sweepLateTickets(api.database.db, api.app.notifier);
    const late = () => api.database.db.select().from(notification).where(sql`${notification.ticketId} = ${t.id} and ${notification.type} = 'TICKET_LATE'`);
    expect(await late()).toEqual([]);
    await api.database.db.update(ticket).set({ statusCode: 'IN_PROGRESS', pausedAt: null }).where(eq(ticket.id, t.id));
    await sweepLateTickets(api.database.db, api.app.notifier);
    expect((await late()).map((r) => r.profileId).sort()).toEqual([who.operator.id, ...supervisors].sort());
  });
});

describe('a deadline that moves (decision 188)', () => {
  /** The event's clock as stored. */
  const clockOf = async (id: number) => (await api.database.db.select().from(ticket).where(eq(ticket.id, id)))[0]!;

  it('warns again when a new classification gives a later deadline, and clears the breach already told', async () => {
    const now = new Date();
    const t = await event({ warnAt: new Date(now.getTime() - 60_000), dueAt: new Date(now.getTime() + 3 * HOUR), resolutionTargetMs: 12 * HOUR });
    await sweep(now);
    expect((await told(t.id)).map((n) => n.type)).toEqual(['TICKET_DUE_SOON']);
    // As if a breach had been told under the old classification: a new deadline ahead is a new breach to tell.
    await api.database.db.update(ticket).set({ lateNotifiedAt: now }).where(eq(ticket.id, t.id));

    const other = await classificationOfType(api, t.type, t.classificationId);
    const put = await putTicket(api, who.supervisor, t.id, { classificationId: other.id });
    expect(put.statusCode).toBe(200);
    const moved = await clockOf(t.id);
    expect(moved.lateNotifiedAt).toBeNull();
    expect(moved.dueAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await api.database.db.select().from(deadlineNotice).where(and(eq(deadlineNotice.ticketId, t.id), eq(deadlineNotice.deadline, 'RESOLUTION')))).toEqual([]);

    // The new deadline's warning instant comes: its warning goes, once, with the time left to the new deadline.
    const at = new Date(Math.max(moved.warnAt!.getTime(), Date.now()) + 1000);
    expect(at.getTime()).toBeLessThan(moved.dueAt!.getTime());
    await sweep(at);
    await sweep(at);
    const resolution = (await told(t.id)).filter((n) => n.message.startsWith('El plazo de resolución'));
    expect(resolution.map((n) => n.type)).toEqual(['TICKET_DUE_SOON', 'TICKET_DUE_SOON']);
  });

  it('does not warn again when the deadline moves by a hold and its resumption', async () => {
    const now = new Date();
    const t = await event({ warnAt: new Date(now.getTime() - 60_000), dueAt: new Date(now.getTime() + 3 * HOUR), statusCode: 'IN_PROGRESS' });
    await sweep(now);
    expect(await putTicket(api, who.operator, t.id, { statusCode: 'ON_HOLD' }).then((r) => r.statusCode)).toBe(200);
    expect(await putTicket(api, who.operator, t.id, { statusCode: 'IN_PROGRESS' }).then((r) => r.statusCode)).toBe(200);
    const resumed = await clockOf(t.id);
    await sweep(new Date(Math.max(resumed.warnAt!.getTime(), Date.now()) + 1000));
    expect((await told(t.id)).map((n) => n.type)).toEqual(['TICKET_DUE_SOON']);
  });
});
