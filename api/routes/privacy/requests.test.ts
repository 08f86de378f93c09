import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { PRIVACY_PENDING_MAX } from '@contract/privacy-requests';
import { hashPassword } from '../../domain/accounts/passwords';
import { flushDigests } from '../../domain/notifications/digest';
import { mailDigestItem, mailDigestState, mailQueue, notification, privacyRequest, profile } from '../../platform/db/schema';
import { bearer, createTestApi, DEMO_PASSWORD, signIn, type TestApi } from '../../test/helper';
import { createTicket, signInCallers, type Caller, type Callers } from '../../test/tickets';

/** Requests under Ley 21.719 (decision 150): filing, the admin's queue, answering once, blocking. */
let api: TestApi;
let who: Callers;
const DAYS = 30;

beforeAll(async () => {
  // Every notification mail leaves at the next flush (no hold, no digest wait), so each test sees its own.
  api = await createTestApi({ demoTickets: 0, config: { privacyRequestDays: DAYS, mailDigestMs: 0, mailHoldMs: 0 } });
  who = await signInCallers(api);
});
afterAll(() => api.close());

let drivers = 0;
/** A driver of one's own (confirmed address), so no test sees another's requests or blocking. */
async function newDriver(): Promise<Caller & { email: string }> {
  const email = `titular.${++drivers}.${randomBytes(3).toString('hex')}@correo.demo`;
  const [row] = await api.database.db
    .insert(profile)
    .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD), firstName: 'Titular', lastName: `Número ${drivers}`, profileCode: 'DRIVER', emailConfirmedAt: new Date() })
    .returning({ id: profile.id });
  const token = await signIn(api.app, email);
  return { role: 'DRIVER', id: row!.id, token, headers: bearer(token), email };
}

const key = () => randomBytes(16).toString('base64url');
const file = (caller: { headers: object }, body: object, idempotencyKey?: string) =>
  api.app.inject({
    method: 'POST',
    url: '/api/privacy/requests',
    headers: { ...(caller.headers as Record<string, string>), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: body,
  });
const answer = (caller: { headers: object }, id: number, body: object, idempotencyKey?: string) =>
  api.app.inject({
    method: 'POST',
    url: `/api/privacy/requests/${id}/answer`,
    headers: { ...(caller.headers as Record<string, string>), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: body,
  });
const get = (caller: { headers: object }, url: string) => api.app.inject({ method: 'GET', url, headers: caller.headers as Record<string, string> });
/** The mail queued for an address, once the held notification mails went (the periodic job's flush). */
const mailsTo = async (email: string) => {
  await flushDigests(api.database.db, { holdMs: 0, periodMs: 0 });
  return api.database.db.select().from(mailQueue).where(eq(mailQueue.recipient, email));
};
const isBlocked = async (id: string) => (await api.database.db.select({ at: profile.privacyBlockedAt }).from(profile).where(eq(profile.id, id)))[0]!.at !== null;

describe('filing a request', () => {
  it('records a rectification of one of the person’s own events, due the configured number of calendar days later', async () => {
    const driver = await newDriver();
    const event = await createTicket(api, driver as Caller);
    const before = Date.now();
    const response = await file(driver, { type: 'RECTIFICATION', ticketId: event.id, detail: 'Mi apellido está mal escrito en el evento' });
    expect(response.statusCode).toBe(201);
    const filed = response.json();
    expect(filed.payload).toMatchObject({ type: 'RECTIFICATION', ticketId: event.id, folio: event.folio, status: 'PENDING', answer: null, overdue: false });
    expect(filed.payload.requester).toBeUndefined();
    expect(filed.message).toMatch(/a más tardar el \d{2}-\d{2}-\d{4}/);
    const created = Date.parse(filed.payload.createdAt);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(filed.payload.dueAt) - created).toBe(DAYS * 86_400_000);
    const mine = (await get(driver, '/api/privacy/requests/me')).json().payload;
    expect(mine.content.map((r: { id: number }) => r.id)).toEqual([filed.payload.id]);
    expect(mine.blockedAt).toBeNull();
  });

  it('lists one’s own requests newest first', async () => {
    const driver = await newDriver();
    const first = (await file(driver, { type: 'OPPOSITION', detail: 'Me opongo a recibir encuestas' })).json().payload.id;
    const second = (await file(driver, { type: 'BLOCKING' })).json().payload.id;
    expect((await get(driver, '/api/privacy/requests/me')).json().payload.content.map((r: { id: number }) => r.id)).toEqual([second, first]);
  });

  it('answers 404 for a rectification of someone else’s event, and refuses what the rules do not allow', async () => {
    const driver = await newDriver();
    const theirs = await createTicket(api, who.otherDriver);
    expect((await file(driver, { type: 'RECTIFICATION', ticketId: theirs.id, detail: 'Corregir' })).statusCode).toBe(404);
    expect((await file(driver, { type: 'RECTIFICATION', ticketId: 999_999_999, detail: 'Corregir' })).statusCode).toBe(404);
    const noDetail = await file(driver, { type: 'RECTIFICATION' });
    expect(noDetail.statusCode).toBe(400);
    expect(noDetail.json().errors.fields.detail).toBe(messages.privacyRequestDetailRequired);
    expect((await file(driver, { type: 'OPPOSITION', detail: '   ' })).json().errors.fields.detail).toBe(messages.privacyRequestDetailRequired);
    expect((await file(driver, { type: 'OPPOSITION', detail: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await file(driver, { type: 'OPPOSITION', detail: 'con \u0000 nulo' })).statusCode).toBe(400);
    expect((await file(driver, { type: 'BLOCKING', ticketId: 1 })).json().errors.fields.ticketId).toBe(messages.privacyRequestTicketOnlyRectification);
    // Access, portability and suppression are self-service ("Mis datos"), never filed here.
    for (const type of ['ACCESS', 'PORTABILITY', 'SUPPRESSION', 'OTHER']) {
      const refused = await file(driver, { type, detail: 'Quiero mis datos' });
      expect(refused.statusCode, type).toBe(400);
      expect(refused.json().errors.fields.type).toBe(messages.privacyRequestTypeInvalid);
    }
    expect((await get(driver, '/api/privacy/requests/me')).json().payload.content).toEqual([]);
  });

  it('stores one request for one submission key, however often it is sent', async () => {
    const driver = await newDriver();
    const k = key();
    const body = { type: 'OPPOSITION', detail: 'Me opongo al uso de mi teléfono para encuestas' };
    const first = await file(driver, body, k);
    const again = await file(driver, body, k);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().payload.id).toBe(first.json().payload.id);
    expect(await api.database.db.select().from(privacyRequest).where(eq(privacyRequest.profileId, driver.id))).toHaveLength(1);
  });

  it(`refuses more than ${PRIVACY_PENDING_MAX} pending at once, even sent together, and a second pending blocking request`, async () => {
    const driver = await newDriver();
    const sent = await Promise.all(Array.from({ length: PRIVACY_PENDING_MAX + 2 }, (_, i) => file(driver, { type: 'OPPOSITION', detail: `Oposición ${i}` })));
    expect(sent.filter((r) => r.statusCode === 201)).toHaveLength(PRIVACY_PENDING_MAX);
    const refused = sent.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json().errors.message).toContain(`${PRIVACY_PENDING_MAX} solicitudes pendientes`);
    // Once one is answered, another may be filed.
    await answer(who.admin, sent.find((r) => r.statusCode === 201)!.json().payload.id, { status: 'REJECTED', answer: 'No procede' });
    expect((await file(driver, { type: 'BLOCKING' })).statusCode).toBe(201);

    const other = await newDriver();
    expect((await file(other, { type: 'BLOCKING' })).statusCode).toBe(201);
    const twice = await file(other, { type: 'BLOCKING' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors.message).toBe(messages.privacyBlockingAlreadyPending);
  });
});

describe('the admin’s queue', () => {
  it('lists pending requests oldest deadline first, with the requester, and flags the overdue', async () => {
    const a = await newDriver();
    const b = await newDriver();
    const late = (await file(a, { type: 'OPPOSITION', detail: 'Atrasada' })).json().payload.id;
    const soon = (await file(b, { type: 'OPPOSITION', detail: 'Próxima' })).json().payload.id;
    // One filed 40 days ago (past its 30 days), one 10 days ago.
    await api.database.db.update(privacyRequest).set({ createdAt: new Date(Date.now() - 40 * 86_400_000), dueAt: new Date(Date.now() - 10 * 86_400_000) }).where(eq(privacyRequest.id, late));
    await api.database.db.update(privacyRequest).set({ createdAt: new Date(Date.now() - 10 * 86_400_000), dueAt: new Date(Date.now() + 20 * 86_400_000) }).where(eq(privacyRequest.id, soon));
    const queue = (await get(who.admin, '/api/privacy/requests?size=100')).json().payload;
    const ids = queue.content.map((r: { id: number }) => r.id);
    expect(ids.indexOf(late)).toBe(0);
    expect(ids.indexOf(soon)).toBeGreaterThan(0);
    const dues = queue.content.map((r: { dueAt: string }) => Date.parse(r.dueAt));
    expect(dues).toEqual([...dues].sort((x, y) => x - y));
    expect(queue.content[0]).toMatchObject({ id: late, overdue: true, requester: { id: a.id, name: 'Titular Número ' + a.email.split('.')[1], email: a.email } });
    expect(queue.content.find((r: { id: number }) => r.id === soon)).toMatchObject({ overdue: false, requester: { email: b.email } });
    expect(queue.overdue).toBeGreaterThanOrEqual(1);
    expect(queue.total).toBe(queue.pending);
    // Paging: one per page keeps the order.
    expect((await get(who.admin, '/api/privacy/requests?size=1&page=0')).json().payload.content[0].id).toBe(late);
    // Answered ones are under their own tab.
    await answer(who.admin, late, { status: 'GRANTED', answer: 'Acogida' });
    expect((await get(who.admin, '/api/privacy/requests?size=100')).json().payload.content.some((r: { id: number }) => r.id === late)).toBe(false);
    expect((await get(who.admin, '/api/privacy/requests?status=ANSWERED')).json().payload.content[0]).toMatchObject({ id: late, status: 'GRANTED', answer: 'Acogida', overdue: false });
  });

  it('names an anonymised requester "Titular anonimizado"', async () => {
    const driver = await newDriver();
    const id = (await file(driver, { type: 'OPPOSITION', detail: 'Oposición' })).json().payload.id;
    await api.database.db.update(profile).set({ anonymisedAt: new Date() }).where(eq(profile.id, driver.id));
    expect((await get(who.admin, `/api/privacy/requests/${id}`)).json().payload.requester).toEqual({ id: driver.id, name: 'Titular anonimizado', email: null });
  });
});

describe('answering', () => {
  it('answers once: the person sees the answer, is notified in the app and by e-mail linking to "Mis solicitudes"', async () => {
    const driver = await newDriver();
    const event = await createTicket(api, driver as Caller);
    const id = (await file(driver, { type: 'RECTIFICATION', ticketId: event.id, detail: 'Mi teléfono es otro' })).json().payload.id;
    const answered = await answer(who.admin, id, { status: 'GRANTED', answer: 'Corregimos el teléfono del evento' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().payload).toMatchObject({ id, status: 'GRANTED', answer: 'Corregimos el teléfono del evento' });
    const mine = (await get(driver, `/api/privacy/requests/${id}`)).json().payload;
    expect(mine).toMatchObject({ status: 'GRANTED', answer: 'Corregimos el teléfono del evento' });
    expect(mine.answeredAt).not.toBeNull();
    const notes = await api.database.db.select().from(notification).where(eq(notification.profileId, driver.id));
    expect(notes.filter((n) => n.type === 'PRIVACY_REQUEST_ANSWERED')).toHaveLength(1);
    expect(notes.find((n) => n.type === 'PRIVACY_REQUEST_ANSWERED')!.message).toBe('Su solicitud de rectificación fue respondida: acogida');
    const listed = (await get(driver, `/api/notification/profile/${driver.id}`)).json().payload.content;
    expect(listed[0]).toMatchObject({ type: 'PRIVACY_REQUEST_ANSWERED', ticketId: null });
    await api.app.mailer.idle();
    const mails = await mailsTo(driver.email);
    const told = mails.filter((m) => m.subject.includes('solicitud de rectificación'));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('/driver/profile/data/requests');

    const second = await answer(who.admin, id, { status: 'REJECTED', answer: 'Otra respuesta' });
    expect(second.statusCode).toBe(409);
    expect(second.json().errors.message).toBe(messages.privacyRequestAlreadyAnswered);
    expect((await get(driver, `/api/privacy/requests/${id}`)).json().payload.answer).toBe('Corregimos el teléfono del evento');
  });

  it('of two admins answering at once, exactly one wins; the same submission key replays its answer', async () => {
    const driver = await newDriver();
    const id = (await file(driver, { type: 'OPPOSITION', detail: 'Me opongo' })).json().payload.id;
    const [one, two] = await Promise.all([
      answer(who.admin, id, { status: 'GRANTED', answer: 'Primera' }, key()),
      answer(who.admin, id, { status: 'REJECTED', answer: 'Segunda' }, key()),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const winner = one.statusCode === 200 ? one : two;
    const [row] = await api.database.db.select().from(privacyRequest).where(eq(privacyRequest.id, id));
    expect(row!.answer).toBe(winner.json().payload.answer);
    expect(await api.database.db.select().from(notification).where(and(eq(notification.profileId, driver.id), eq(notification.type, 'PRIVACY_REQUEST_ANSWERED')))).toHaveLength(1);

    const other = (await file(driver, { type: 'OPPOSITION', detail: 'Otra' })).json().payload.id;
    const k = key();
    const first = await answer(who.admin, other, { status: 'REJECTED', answer: 'No procede' }, k);
    const replay = await answer(who.admin, other, { status: 'REJECTED', answer: 'No procede' }, k);
    expect(first.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await api.database.db.select().from(notification).where(and(eq(notification.profileId, driver.id), eq(notification.type, 'PRIVACY_REQUEST_ANSWERED')))).toHaveLength(2);
  });

  it('needs a decision and a written answer; an unknown request is 404', async () => {
    const driver = await newDriver();
    const id = (await file(driver, { type: 'OPPOSITION', detail: 'Me opongo' })).json().payload.id;
    const noText = await answer(who.admin, id, { status: 'GRANTED', answer: '  ' });
    expect(noText.statusCode).toBe(400);
    expect(noText.json().errors.fields.answer).toBe(messages.privacyAnswerRequired);
    expect((await answer(who.admin, id, { status: 'PENDING', answer: 'Sí' })).json().errors.fields.status).toBe(messages.privacyAnswerStatusRequired);
    expect((await answer(who.admin, 999_999_999, { status: 'GRANTED', answer: 'Sí' })).statusCode).toBe(404);
    expect((await get(driver, `/api/privacy/requests/${id}`)).json().payload.status).toBe('PENDING');
  });
});

describe('blocking (art. 8 ter)', () => {
  const notifyOf = async (driver: { id: string }, text: string) => {
    const t = await createTicket(api, who.operator, { email: 'otra.persona@correo.demo' });
    await api.app.notifier.notify({ type: 'COMMENT_ADDED', ticket: { id: t.id, folio: t.folio }, recipients: [driver.id], message: text });
    await api.app.mailer.idle();
  };

  it('blocks at once while pending: no notification e-mail nor receipt; a rejection lifts it and mail flows again', async () => {
    const driver = await newDriver();
    const id = (await file(driver, { type: 'BLOCKING' })).json().payload.id;
    expect(await isBlocked(driver.id)).toBe(true);
    expect((await get(driver, '/api/privacy/requests/me')).json().payload.blockedAt).not.toBeNull();
    await notifyOf(driver, 'Aviso mientras está bloqueado');
    // The in-app notification is kept (it is the person's own bell), the e-mail is not sent.
    expect((await get(driver, `/api/notification/profile/${driver.id}`)).json().payload.content[0].message).toBe('Aviso mientras está bloqueado');
    const receiptTicket = await createTicket(api, driver as Caller, { email: driver.email });
    await api.app.mailer.idle();
    expect(await mailsTo(driver.email)).toEqual([]);
    expect(receiptTicket.folio).toBeTruthy();

    await answer(who.admin, id, { status: 'REJECTED', answer: 'No hay motivo legal para bloquear' });
    expect(await isBlocked(driver.id)).toBe(false);
    await api.app.mailer.idle();
    // The answer's own e-mail goes (no longer blocked), and later notifications too.
    expect((await mailsTo(driver.email)).some((m) => m.subject.includes('solicitud de bloqueo fue respondida: rechazada'))).toBe(true);
    await notifyOf(driver, 'Aviso después del rechazo');
    expect((await mailsTo(driver.email)).some((m) => m.subject === 'Aviso después del rechazo')).toBe(true);
  });

  it('a granted blocking request keeps the block (and sends no e-mail) until the person lifts it', async () => {
    const driver = await newDriver();
    const id = (await file(driver, { type: 'BLOCKING' })).json().payload.id;
    await answer(who.admin, id, { status: 'GRANTED', answer: 'Sus datos quedan bloqueados' });
    expect(await isBlocked(driver.id)).toBe(true);
    await api.app.mailer.idle();
    expect(await mailsTo(driver.email)).toEqual([]);
    // The answer still reaches the bell.
    expect((await get(driver, `/api/notification/profile/${driver.id}`)).json().payload.content[0].type).toBe('PRIVACY_REQUEST_ANSWERED');
    await notifyOf(driver, 'Aviso bloqueado');
    expect(await mailsTo(driver.email)).toEqual([]);

    const lifted = await api.app.inject({ method: 'POST', url: '/api/privacy/blocking/lift', headers: driver.headers });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toMatchObject({ payload: { blockedAt: null }, message: messages.privacyBlockingLifted });
    expect(await isBlocked(driver.id)).toBe(false);
    await notifyOf(driver, 'Aviso liberado');
    expect((await mailsTo(driver.email)).map((m) => m.subject)).toEqual(['Aviso liberado']);
  });

  it('drops a held digest of a person blocked since', async () => {
    const driver = await newDriver();
    await api.database.db.insert(mailDigestState).values({ profileId: driver.id, lastSentAt: new Date(Date.now() - 86_400_000) });
    await api.database.db.insert(mailDigestItem).values({ profileId: driver.id, recipient: driver.email, line: 'Novedad retenida' });
    await file(driver, { type: 'BLOCKING' });
    await flushDigests(api.database.db, { holdMs: 0, periodMs: 60_000 });
    expect(await mailsTo(driver.email)).toEqual([]);
    expect(await api.database.db.select().from(mailDigestItem).where(inArray(mailDigestItem.profileId, [driver.id]))).toEqual([]);
  });

  it('lets the person still ask for a password reset while blocked', async () => {
    const driver = await newDriver();
    await file(driver, { type: 'BLOCKING' });
    const asked = await api.app.inject({ method: 'GET', url: `/api/profile/forgotten/${encodeURIComponent(driver.email)}` });
    expect(asked.statusCode).toBeLessThan(300);
    await api.app.mailer.idle();
    expect((await mailsTo(driver.email)).length).toBe(1);
  });
});

describe('who may do what', () => {
  type Role = 'driver' | 'operator' | 'supervisor' | 'inspector' | 'admin';
  const roles: Role[] = ['driver', 'operator', 'supervisor', 'inspector', 'admin'];

  it('nobody reads another person’s request (404); only the admin lists and answers (403 for the rest)', async () => {
    const owner = await newDriver();
    const foreign = (await file(owner, { type: 'OPPOSITION', detail: 'De otra persona' })).json().payload.id;
    const ownIds = {} as Record<Role, number>;
    for (const role of roles) ownIds[role] = (await file(who[role], { type: 'OPPOSITION', detail: `Propia de ${role}` })).json().payload.id;
    //                       driver operator supervisor inspector admin
    const expected: Record<string, [number, number, number, number, number]> = {
      'GET own':            [200, 200, 200, 200, 200],
      'GET foreign':        [404, 404, 404, 404, 200],
      'GET queue':          [403, 403, 403, 403, 200],
      'POST answer':        [403, 403, 403, 403, 200],
      'POST file':          [201, 201, 201, 201, 201],
      'GET me':             [200, 200, 200, 200, 200],
    };
    for (const [i, role] of roles.entries()) {
      const caller = who[role];
      const got = {
        'GET own': (await get(caller, `/api/privacy/requests/${ownIds[role]}`)).statusCode,
        'GET foreign': (await get(caller, `/api/privacy/requests/${foreign}`)).statusCode,
        'GET queue': (await get(caller, '/api/privacy/requests')).statusCode,
        'POST answer': (await answer(caller, ownIds[role], { status: 'REJECTED', answer: 'Probando' })).statusCode,
        'POST file': (await file(caller, { type: 'OPPOSITION', detail: 'Otra' })).statusCode,
        'GET me': (await get(caller, '/api/privacy/requests/me')).statusCode,
      };
      for (const [name, statuses] of Object.entries(expected)) expect(got[name as keyof typeof got], `${name} as ${role}`).toBe(statuses[i]);
      // The own list never holds anyone else's request.
      const mine = (await get(caller, '/api/privacy/requests/me')).json().payload.content as { id: number; requester?: unknown }[];
      expect(mine.some((r) => r.id === foreign)).toBe(false);
      expect(mine.every((r) => r.requester === undefined)).toBe(true);
    }
    // Without a token, nothing.
    for (const url of ['/api/privacy/requests', '/api/privacy/requests/me', `/api/privacy/requests/${foreign}`]) {
      expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await api.app.inject({ method: 'POST', url: '/api/privacy/requests', payload: { type: 'BLOCKING' } })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'POST', url: '/api/privacy/blocking/lift' })).statusCode).toBe(401);
  });
});
