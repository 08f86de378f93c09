import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailDigestItem, mailQueue, notification, ticket } from '../platform/db/schema';
import { flushDigests } from '../domain/notifications/digest';
import { sweepLateTickets } from '../domain/notifications/late-sweep';
import { bearer, createTestApi, signIn, type TestApi } from '../test/helper';
import { createTicket, signInCallers, type Callers } from '../test/tickets';

let api: TestApi;
let who: Callers;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  who = await signInCallers(api);
});
afterAll(() => api.close());

const list = (caller: { id: string; headers: object }, profileId = caller.id, query = '') =>
  api.app.inject({ method: 'GET', url: `/api/notification/profile/${profileId}${query}`, headers: caller.headers as Record<string, string> });

describe('notifications', () => {
  it('are kept per profile, newest first, and the author is never told', async () => {
    const t = await createTicket(api, who.driver);
    const sent = await api.app.notifier.notify({
      type: 'COMMENT_ADDED',
      ticket: { id: t.id, folio: t.folio },
      recipients: [who.driver.id, who.operator.id, who.operator.id, null],
      authorId: who.operator.id,
      message: `Nuevo comentario en el evento ${t.folio}`,
    });
    expect(sent).toBe(1);
    const mine = (await list(who.driver)).json().payload;
    expect(mine.content[0]).toMatchObject({ type: 'COMMENT_ADDED', ticketId: t.id, folio: t.folio, read: false });
    expect(mine.unread).toBeGreaterThan(0);
    expect((await list(who.operator)).json().payload.content.some((n: { ticketId: number }) => n.ticketId === t.id)).toBe(false);
  });

  it('are counted by GET /api/user/me?include=unread as the list counts them, and by nobody else', async () => {
    const me = (caller: { headers: object }, query: string) =>
      api.app.inject({ method: 'GET', url: `/api/user/me${query}`, headers: caller.headers as Record<string, string> });
    const t = await createTicket(api, who.driver);
    await api.app.notifier.notify({ type: 'COMMENT_ADDED', ticket: { id: t.id, folio: t.folio }, recipients: [who.driver.id], message: 'uno más' });
    const counted = (await me(who.driver, '?include=unread')).json().payload;
    expect(counted.unread).toBeGreaterThan(0);
    expect(counted.unread).toBe((await list(who.driver)).json().payload.unread);
    expect(counted.userProfileDto.id).toBe(who.driver.id);
    expect((await me(who.operator, '?include=unread')).json().payload.unread).toBe((await list(who.operator)).json().payload.unread);
    // Without the option, the answer of docs/specification.md, "Server me response" exactly; an unknown option is refused.
    expect(Object.keys((await me(who.driver, '')).json().payload).sort()).toEqual(['email', 'userProfileDto']);
    expect((await me(who.driver, '?include=everything')).statusCode).toBe(400);
  });

  it('never reaches a driver when staff-only', async () => {
    const t = await createTicket(api, who.driver);
    await api.app.notifier.notify({
      type: 'COMMENT_ADDED',
      ticket: { id: t.id, folio: t.folio },
      recipients: [who.driver.id, who.supervisor.id],
      staffOnly: true,
      message: 'nota interna',
    });
    const driverSees = (await list(who.driver)).json().payload.content;
    expect(driverSees.some((n: { message: string }) => n.message === 'nota interna')).toBe(false);
    // Its e-mail is held for the supervisor alone (decision 165).
    const held = await api.database.db.select().from(mailDigestItem);
    expect(held.some((m) => m.detail?.title === 'nota interna' && m.recipient === 'conductor@concesion.demo')).toBe(false);
    expect(held.some((m) => m.detail?.title === 'nota interna' && m.recipient === 'supervisor@concesion.demo')).toBe(true);
  });

  it('answers 404 for anyone else’s list and notifications', async () => {
    expect((await list(who.operator, who.driver.id)).statusCode).toBe(404);
    const [theirs] = await api.database.db.select().from(notification).where(eq(notification.profileId, who.driver.id)).limit(1);
    const read = await api.app.inject({ method: 'POST', url: `/api/notification/${theirs!.id}/read`, headers: who.operator.headers });
    expect(read.statusCode).toBe(404);
    const all = await api.app.inject({ method: 'POST', url: `/api/notification/profile/${who.driver.id}/read-all`, headers: who.operator.headers });
    expect(all.statusCode).toBe(404);
  });

  it('marks one and then all read', async () => {
    const before = (await list(who.driver)).json().payload;
    const first = before.content[0];
    const read = await api.app.inject({ method: 'POST', url: `/api/notification/${first.id}/read`, headers: who.driver.headers });
    expect(read.json().payload.unread).toBe(before.unread - 1);
    // The list counts both: every notification, and those still unread.
    const after = (await list(who.driver)).json().payload;
    expect(after).toMatchObject({ total: before.total, unread: before.unread - 1 });
    const all = await api.app.inject({ method: 'POST', url: `/api/notification/profile/${who.driver.id}/read-all`, headers: who.driver.headers });
    expect(all.json().payload.unread).toBe(0);
    const none = (await list(who.driver)).json().payload;
    expect(none.content.every((n: { read: boolean }) => n.read)).toBe(true);
    expect(none).toMatchObject({ total: before.total, unread: 0 });
  });

  it('pages with page and size', async () => {
    const page = (await list(who.supervisor, who.supervisor.id, '?page=0&size=1')).json().payload;
    expect(page).toMatchObject({ page: 0, size: 1 });
    expect(page.content.length).toBeLessThanOrEqual(1);
  });
});

describe('TICKET_LATE', () => {
  it('is raised once, to the assignee and the supervisors, when a ticket becomes late', async () => {
    const t = await createTicket(api, who.operator);
    await api.database.db
      .update(ticket)
      .set({ assignedToId: who.operator.id, statusCode: 'ASSIGNED', dueAt: new Date(Date.now() - 60_000) })
      .where(eq(ticket.id, t.id));
    await sweepLateTickets(api.database.db, api.app.notifier);
    await sweepLateTickets(api.database.db, api.app.notifier);
    const rows = await api.database.db.select().from(notification).where(sql`${notification.ticketId} = ${t.id} and ${notification.type} = 'TICKET_LATE'`);
    expect(rows.map((r) => r.profileId).sort()).toEqual([who.operator.id, who.supervisor.id].sort());
  });

  it('notifies a whole batch in one pass, each ticket once to its own people, even with two sweeps at a time', async () => {
    const mine = await createTicket(api, who.operator);
    const unassigned = await createTicket(api, who.operator);
    await api.database.db
      .update(ticket)
      .set({ assignedToId: who.operator.id, statusCode: 'ASSIGNED', dueAt: new Date(Date.now() - 120_000) })
      .where(eq(ticket.id, mine.id));
    await api.database.db.update(ticket).set({ dueAt: new Date(Date.now() - 60_000) }).where(eq(ticket.id, unassigned.id));
    const pushed: { to: string; ticketId: number | null; message: string }[] = [];
    const stops = [who.operator.id, who.supervisor.id].map((id) =>
      api.app.notifier.bus.subscribe(id, (event) => pushed.push({ to: id, ticketId: event.notification.ticketId, message: event.notification.message })),
    );

    const raised = await Promise.all([sweepLateTickets(api.database.db, api.app.notifier), sweepLateTickets(api.database.db, api.app.notifier)]);
    stops.forEach((stop) => stop());

    expect(raised[0] + raised[1]).toBe(2);
    const rows = await api.database.db
      .select()
      .from(notification)
      .where(sql`${notification.ticketId} in (${mine.id}, ${unassigned.id}) and ${notification.type} = 'TICKET_LATE'`);
    const sent = rows.map((r) => `${r.ticketId} ${r.profileId} ${r.message}`).sort();
    expect(sent).toEqual(
      [
        `${mine.id} ${who.operator.id} El evento ${mine.folio} está atrasado`,
        `${mine.id} ${who.supervisor.id} El evento ${mine.folio} está atrasado`,
        `${unassigned.id} ${who.supervisor.id} El evento ${unassigned.folio} está atrasado`,
      ].sort(),
    );
    // What each open stream got matches what was stored for it.
    expect(pushed.map((p) => `${p.ticketId} ${p.to} ${p.message}`).sort()).toEqual(sent);
    // Held, then one e-mail per person once the hold and the period are over (decision 165).
    await api.database.db.execute(sql`update mail_digest_state set last_sent_at = now() - interval '1 day'`);
    await flushDigests(api.database.db, { holdMs: 0, periodMs: api.app.notifier.mailTiming.periodMs });
    // The report's receipt (to the address on it) names the folio too; this is about the late notice.
    const mails = await api.database.db
      .select()
      .from(mailQueue)
      .where(sql`${mailQueue.body} like ${'%' + unassigned.folio + '%'} and ${mailQueue.subject} not like 'Recibimos su reporte%'`);
    expect(mails.map((m) => m.recipient)).toEqual(['supervisor@concesion.demo']);
    expect(mails[0]!.body).toContain(`/supervisor/events/${unassigned.id}`);
  });

  it('leaves a batch it could not notify for the next sweep', async () => {
    const t = await createTicket(api, who.operator);
    await api.database.db.update(ticket).set({ dueAt: new Date(Date.now() - 60_000) }).where(eq(ticket.id, t.id));
    const store = vi.spyOn(api.app.notifier, 'store').mockRejectedValueOnce(new Error('database gone'));
    await expect(sweepLateTickets(api.database.db, api.app.notifier)).rejects.toThrow('database gone');
    store.mockRestore();
    const [after] = await api.database.db.select({ lateNotifiedAt: ticket.lateNotifiedAt }).from(ticket).where(eq(ticket.id, t.id));
    expect(after!.lateNotifiedAt).toBeNull();

    expect(await sweepLateTickets(api.database.db, api.app.notifier)).toBe(1);
    const rows = await api.database.db.select().from(notification).where(sql`${notification.ticketId} = ${t.id} and ${notification.type} = 'TICKET_LATE'`);
    expect(rows.map((r) => r.profileId)).toEqual([who.supervisor.id]);
  });
});

describe('GET /api/notification/stream', () => {
  it('pushes a new notification to the open stream at once', async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as AddressInfo;
    const received = new Promise<string>((resolve, reject) => {
      const req = http.get({ port, host: '127.0.0.1', path: '/api/notification/stream', headers: who.inspector.headers }, (res) => {
        expect(res.headers['content-type']).toContain('text/event-stream');
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('event: ready')) void fire();
          if (text.includes('event: notification')) {
            req.destroy();
            resolve(text);
          }
        });
      });
      req.on('error', reject);
    });
    let fired = false;
    const fire = async () => {
      if (fired) return;
      fired = true;
      const t = await createTicket(api, who.operator);
      await api.app.notifier.notify({ type: 'TICKET_ASSIGNED', ticket: { id: t.id, folio: t.folio }, recipients: [who.inspector.id], message: `Se le asignó el evento ${t.folio}` });
    };
    const text = await received;
    const data = JSON.parse(text.split('event: notification\ndata: ')[1]!.split('\n')[0]!);
    expect(data.notification.type).toBe('TICKET_ASSIGNED');
    expect(data.unread).toBeGreaterThan(0);
  });
});

describe('GET /api/notification/stream after sign-out', () => {
  it('delivers nothing more and closes once the session has ended', async () => {
    if (!api.app.server.listening) await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as AddressInfo;
    const token = await signIn(api.app, 'inspector@concesion.demo');
    const ended = new Promise<string>((resolve, reject) => {
      const req = http.get({ port, host: '127.0.0.1', path: '/api/notification/stream', headers: bearer(token) }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('event: ready')) void signOutThenNotify();
        });
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
    });
    let done = false;
    const signOutThenNotify = async () => {
      if (done) return;
      done = true;
      expect((await api.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(200);
      const t = await createTicket(api, who.operator);
      await api.app.notifier.notify({ type: 'TICKET_ASSIGNED', ticket: { id: t.id, folio: t.folio }, recipients: [who.inspector.id], message: `Se le asignó el evento ${t.folio}` });
    };
    const text = await ended;
    expect(text).toContain('event: ready');
    expect(text).not.toContain('event: notification');
  });
});

describe('ticket changes', () => {
  const ofTicket = async (id: number) =>
    (await api.database.db.select().from(notification).where(eq(notification.ticketId, id))).map((n) => [n.type, n.profileId]);

  it('tell the new assignee, and the reporter about status changes (but the assignment) and the closing, never the author', async () => {
    const t = await createTicket(api, who.driver);
    const put = (caller: typeof who.operator, body: object) =>
      api.app.inject({ method: 'PUT', url: `/api/ticket/${t.id}`, headers: caller.headers, payload: body });
    expect((await put(who.supervisor, { assignedToId: who.operator.id })).statusCode).toBe(200);
    // The driver is not told of the assignment, an internal step (decision 163).
    expect(await ofTicket(t.id)).toEqual([['TICKET_ASSIGNED', who.operator.id]]);
    expect((await put(who.operator, { statusCode: 'IN_PROGRESS' })).statusCode).toBe(200);
    expect((await put(who.operator, { statusCode: 'CLOSED', closureReason: 'RESOLVED' })).statusCode).toBe(200);
    const all = await ofTicket(t.id);
    expect(all).toContainEqual(['TICKET_CLOSED', who.driver.id]);
    expect(all.filter(([, profileId]) => profileId === who.supervisor.id)).toEqual([]);
    expect(all.filter(([type]) => type === 'STATUS_CHANGED')).toEqual([['STATUS_CHANGED', who.driver.id]]);
  });

  it('self-assignment tells nobody: not the author, and not the reporter (decision 163)', async () => {
    const t = await createTicket(api, who.driver);
    await api.app.inject({ method: 'PUT', url: `/api/ticket/${t.id}`, headers: who.operator.headers, payload: { assignedToId: who.operator.id } });
    expect(await ofTicket(t.id)).toEqual([]);
  });
});
