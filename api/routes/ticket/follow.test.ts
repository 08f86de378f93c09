import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailDigestItem, mailQueue, notification, ticket, ticketFollower } from '../../platform/db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, putTicket, signInCallers, type Caller, type Callers } from '../../test/tickets';

/**
 * "Es el mismo: avíseme de sus novedades" (issue 36, decision 161): a driver follows a possible
 * duplicate instead of filing it again, and hears of its public changes, nothing personal.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let api: TestApi;
let who: Callers;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  who = await signInCallers(api);
});
afterAll(() => api.close());

const follow = (caller: Caller, folio: string) => api.app.inject({ method: 'PUT', url: `/api/ticket/follow/${folio}`, headers: caller.headers });
const unfollow = (caller: Caller, folio: string) => api.app.inject({ method: 'DELETE', url: `/api/ticket/follow/${folio}`, headers: caller.headers });
const myReports = async (caller: Caller) => {
  const response = await api.app.inject({ method: 'GET', url: '/api/ticket/my-reports', headers: caller.headers });
  expect(response.statusCode).toBe(200);
  return response.json().payload as { own: Record<string, unknown>[]; followed: Record<string, unknown>[] };
};
const notificationsOf = (profileId: string, ticketId: number) =>
  api.database.db.select().from(notification).where(sql`${notification.profileId} = ${profileId} and ${notification.ticketId} = ${ticketId}`);
/** What reached the address by e-mail about the folio: sent at once, or held for the digest. */
async function mailedAbout(address: string, folio: string): Promise<number> {
  const sent = await api.database.db.select().from(mailQueue).where(sql`${mailQueue.recipient} = ${address} and ${mailQueue.body} like ${'%' + folio + '%'}`);
  const held = await api.database.db.select().from(mailDigestItem).where(sql`${mailDigestItem.recipient} = ${address} and ${mailDigestItem.line} like ${'%' + folio + '%'}`);
  return sent.length + held.length;
}

describe('following a possible duplicate', () => {
  it('a driver follows another driver’s event once, however often they ask, and it shows in Mis reportes as followed, without personal data', async () => {
    const theirs = await createTicket(api, who.otherDriver);
    const nearby = await api.app.inject({ method: 'GET', url: '/api/ticket/nearby?kilometer=23.5&orientation=NORTH_SOUTH', headers: who.driver.headers });
    const shown = nearby.json().payload.find((t: { folio: string }) => t.folio === theirs.folio);
    expect(shown).toMatchObject({ following: false });

    const first = await follow(who.driver, theirs.folio);
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toContain(theirs.folio);
    expect((await follow(who.driver, theirs.folio)).statusCode).toBe(200);
    const rows = await api.database.db.select().from(ticketFollower).where(eq(ticketFollower.ticketId, theirs.id));
    expect(rows).toHaveLength(1);

    const again = await api.app.inject({ method: 'GET', url: '/api/ticket/nearby?kilometer=23.5&orientation=NORTH_SOUTH', headers: who.driver.headers });
    expect(again.json().payload.find((t: { folio: string }) => t.folio === theirs.folio)).toMatchObject({ following: true });

    const { followed } = await myReports(who.driver);
    const row = followed.find((t) => t.folio === theirs.folio)!;
    expect(row).toMatchObject({ following: true, statusCode: 'NEW' });
    // Only the public parts: no id to open, no description, no reporter, no contact data.
    expect(Object.keys(row).sort()).toEqual(['classificationName', 'closedAt', 'createdAt', 'folio', 'following', 'kilometer', 'lastAnswer', 'orientation', 'statusCode', 'type']);
    expect(JSON.stringify(followed)).not.toContain('Camila');
    // Following does not open the event itself to them.
    expect((await api.app.inject({ method: 'GET', url: `/api/ticket/${theirs.id}`, headers: who.driver.headers })).statusCode).toBe(404);
  });

  it('only drivers follow, and only what the lookup could show them: not closed, not old, not unknown, not their own', async () => {
    const open = await createTicket(api, who.otherDriver);
    for (const staff of [who.operator, who.supervisor, who.inspector, who.admin]) expect((await follow(staff, open.folio)).statusCode).toBe(403);

    const closed = await createTicket(api, who.otherDriver);
    expect((await putTicket(api, who.operator, closed.id, { statusCode: 'CLOSED', closureReason: 'RESOLVED' })).statusCode).toBe(200);
    const old = await createTicket(api, who.otherDriver);
    await api.database.db.update(ticket).set({ createdAt: new Date(Date.now() - 49 * 3_600_000) }).where(eq(ticket.id, old.id));
    for (const folio of [closed.folio, old.folio, 'R-2026-999999', 'nada']) {
      const refused = await follow(who.driver, folio);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().errors.message).toMatch(/ya no se puede seguir/);
    }
    const own = await createTicket(api, who.driver);
    expect((await follow(who.driver, own.folio)).statusCode).toBe(409);
    const followers = await api.database.db.select().from(ticketFollower).where(sql`${ticketFollower.ticketId} in (${closed.id}, ${old.id}, ${own.id})`);
    expect(followers).toHaveLength(0);
  });

  it('the follower hears of public comments, status changes and the closing, in the app and by e-mail; never of internal notes', async () => {
    const theirs = await createTicket(api, who.otherDriver);
    expect((await follow(who.driver, theirs.folio)).statusCode).toBe(200);
    const comment = (body: Record<string, unknown>) =>
      api.app.inject({ method: 'POST', url: `/api/ticket/${theirs.id}/comment`, headers: who.operator.headers, payload: body });

    expect((await comment({ comment: 'Nota solo para el equipo', internal: true })).statusCode).toBe(201);
    expect(await notificationsOf(who.driver.id, theirs.id)).toHaveLength(0);

    expect((await comment({ comment: 'Enviamos una cuadrilla' })).statusCode).toBe(201);
    // Its assignment is an internal step the driver is not told of (decision 163); being handled is.
    expect((await putTicket(api, who.operator, theirs.id, { statusCode: 'ASSIGNED', assignedToId: who.operator.id })).statusCode).toBe(200);
    expect((await putTicket(api, who.operator, theirs.id, { statusCode: 'IN_PROGRESS' })).statusCode).toBe(200);
    expect((await putTicket(api, who.operator, theirs.id, { statusCode: 'CLOSED', closureReason: 'RESOLVED', closureMessage: 'Bache reparado' })).statusCode).toBe(200);
    const types = (await notificationsOf(who.driver.id, theirs.id)).map((n) => n.type).sort();
    expect(types).toEqual(['COMMENT_ADDED', 'STATUS_CHANGED', 'TICKET_CLOSED']);
    expect(await mailedAbout('conductor@concesion.demo', theirs.folio)).toBeGreaterThan(0);
    // The reporter still hears of it as before.
    expect((await notificationsOf(who.otherDriver.id, theirs.id)).map((n) => n.type)).toContain('TICKET_CLOSED');

    // Mis reportes: closed, with the closing message as its last answer.
    const row = (await myReports(who.driver)).followed.find((t) => t.folio === theirs.folio)!;
    expect(row).toMatchObject({ statusCode: 'CLOSED', lastAnswer: { comment: 'Bache reparado' } });
  });

  it('the follower’s e-mail and in-app notification open their home’s Mis reportes, the reporter’s open the event', async () => {
    const theirs = await createTicket(api, who.otherDriver);
    expect((await follow(who.driver, theirs.folio)).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'POST', url: `/api/ticket/${theirs.id}/comment`, headers: who.operator.headers, payload: { comment: 'Ya vamos' } })).statusCode).toBe(201);
    const textsTo = async (address: string) => {
      const sent = await api.database.db.select().from(mailQueue).where(sql`${mailQueue.recipient} = ${address} and ${mailQueue.body} like ${'%' + theirs.folio + '%'}`);
      const held = await api.database.db.select().from(mailDigestItem).where(sql`${mailDigestItem.recipient} = ${address} and ${mailDigestItem.line} like ${'%' + theirs.folio + '%'}`);
      return [...sent.map((m) => m.body), ...held.map((h) => h.line)].join('\n');
    };
    const follower = await textsTo('conductor@concesion.demo');
    expect(follower).toContain(`/driver/dashboard#report-${theirs.folio}`);
    expect(follower).not.toContain(`/driver/events/${theirs.id}`);

    const list = async (caller: Caller) => {
      const response = await api.app.inject({ method: 'GET', url: `/api/notification/profile/${caller.id}`, headers: caller.headers });
      return (response.json().payload.content as { ticketId: number; followed?: boolean }[]).filter((n) => n.ticketId === theirs.id);
    };
    expect((await list(who.driver)).every((n) => n.followed === true)).toBe(true);
    expect(await list(who.driver)).not.toHaveLength(0);
    const reporter = await list(who.otherDriver);
    expect(reporter).not.toHaveLength(0);
    expect(reporter.some((n) => n.followed)).toBe(false);
  });

  it('"Dejar de seguir" stops the news, and asking twice is fine', async () => {
    const theirs = await createTicket(api, who.otherDriver);
    expect((await follow(who.driver, theirs.folio)).statusCode).toBe(200);
    const stop = await unfollow(who.driver, theirs.folio);
    expect(stop.statusCode).toBe(200);
    expect(stop.json().message).toMatch(/Dejó de seguir/);
    expect((await unfollow(who.driver, theirs.folio)).statusCode).toBe(200);
    expect((await myReports(who.driver)).followed.some((t) => t.folio === theirs.folio)).toBe(false);
    expect((await api.app.inject({ method: 'POST', url: `/api/ticket/${theirs.id}/comment`, headers: who.operator.headers, payload: { comment: 'Vamos en camino' } })).statusCode).toBe(201);
    expect(await notificationsOf(who.driver.id, theirs.id)).toHaveLength(0);
  });

  it('Mis reportes shows the driver’s own reports with their state and the staff’s last public answer', async () => {
    const mine = await createTicket(api, who.driver);
    await api.app.inject({ method: 'POST', url: `/api/ticket/${mine.id}/comment`, headers: who.operator.headers, payload: { comment: 'Primera respuesta' } });
    await api.app.inject({ method: 'POST', url: `/api/ticket/${mine.id}/comment`, headers: who.operator.headers, payload: { comment: 'Nota interna', internal: true } });
    await api.app.inject({ method: 'POST', url: `/api/ticket/${mine.id}/comment`, headers: who.driver.headers, payload: { comment: 'Gracias' } });
    const row = (await myReports(who.driver)).own.find((t) => t.folio === mine.folio)!;
    expect(row).toMatchObject({ id: mine.id, following: false, statusCode: 'NEW', lastAnswer: { comment: 'Primera respuesta' } });
    expect((await api.app.inject({ method: 'GET', url: '/api/ticket/my-reports', headers: who.operator.headers })).statusCode).toBe(403);
  });
});
