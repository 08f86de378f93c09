import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@contract/idempotency';
import { messages } from '@contract/messages';
import { authBody, createTestApi, type TestApi } from '../test/helper';
import { createTicket, signInCallers, validTicketBody, type Caller, type Callers } from '../test/tickets';
import { multipart, PNG } from '../test/uploads';
import { loadConfig } from '../config';
import { attachment, comment, idempotencyKey, mailQueue, notification, profile, ticket, ticketHistory, writeQuota } from '../platform/db/schema';
import { fingerprintOf, sweepKeys } from '../domain/idempotency/store';
import { takesIdempotencyKey } from './idempotency';
import { PRIVACY_POLICY_VERSION } from '@contract/privacy-policy';

let api: TestApi;
let who: Callers;

beforeAll(async () => {
  api = await createTestApi({ demoTickets: 3 });
  who = await signInCallers(api);
});
afterAll(() => api.close());

/** A fresh submission key, as the web makes one per rendered form. */
const newKey = () => `k-${randomUUID()}`;
const withKey = (caller: Caller | null, key: string) => ({ ...(caller?.headers ?? {}), [IDEMPOTENCY_KEY_HEADER]: key });

const send = (options: InjectOptions) => api.app.inject(options);
/** One form's body: sent again, it is the same bytes (validTicketBody's time moves with each call). */
const aReport = validTicketBody();
const createWithKey = (caller: Caller, key: string, body = aReport) =>
  send({ method: 'POST', url: '/api/ticket', headers: withKey(caller, key), payload: body });

const rows = async (table: typeof ticket | typeof comment | typeof attachment | typeof notification | typeof mailQueue | typeof profile) =>
  (await api.database.db.select({ n: count() }).from(table))[0]!.n;

/** What the account has used of its write quotas (events, comments, attachment bytes). */
async function quotaUsed(caller: Caller): Promise<number> {
  const [row] = await api.database.db
    .select({ used: sql<number>`coalesce(sum(${writeQuota.used}), 0)::int` })
    .from(writeQuota)
    .where(sql`${writeQuota.key} like ${`%|${caller.id}`}`);
  return row!.used;
}

describe('a new event sent twice with the same Idempotency-Key', () => {
  it('is stored once, and the repeat gets the same event, marked as replayed, charging no quota', async () => {
    const key = newKey();
    const before = await rows(ticket);
    const first = await createWithKey(who.driver, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const quota = await quotaUsed(who.driver);
    const again = await createWithKey(who.driver, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().payload.id).toBe(first.json().payload.id);
    expect(again.json().payload.folio).toBe(first.json().payload.folio);
    expect(await rows(ticket)).toBe(before + 1);
    expect(await quotaUsed(who.driver)).toBe(quota);
  });

  it('is stored once when both copies arrive at the same moment', async () => {
    const key = newKey();
    const before = await rows(ticket);
    const answers = await Promise.all([createWithKey(who.driver, key), createWithKey(who.driver, key), createWithKey(who.driver, key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().payload.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await rows(ticket)).toBe(before + 1);
  });

  it('is refused with 409 and a Spanish message when the body differs, and nothing is stored', async () => {
    const key = newKey();
    await createWithKey(who.driver, key);
    const before = await rows(ticket);
    const other = await createWithKey(who.driver, key, validTicketBody({ description: 'Otro bache, en la pista izquierda' }));
    expect(other.statusCode).toBe(409);
    expect(other.json().errors.message).toBe(messages.idempotencyKeyReused);
    // The same key on another call is another request too.
    const elsewhere = await send({ method: 'POST', url: '/api/profile/me', headers: withKey(who.driver, key), payload: { firstName: 'Ana', lastName: 'Pérez', phone: '+56 9 1111 2222' } });
    expect(elsewhere.statusCode).toBe(409);
    expect(await rows(ticket)).toBe(before);
  });

  it('does not keep a refused first try: the corrected resend with the same key is stored', async () => {
    const key = newKey();
    const before = await rows(ticket);
    // Refused by validation (before the key is looked at) and by the route itself (staff must give the channel).
    const invalid = await createWithKey(who.operator, key, validTicketBody({ description: '' }));
    expect(invalid.statusCode).toBe(400);
    const noChannel = await createWithKey(who.operator, key, validTicketBody({ channelCode: undefined }));
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.json().errors.fields.channelCode).toBe(messages.channelRequired);
    const corrected = await createWithKey(who.operator, key);
    expect(corrected.statusCode).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
    expect(await rows(ticket)).toBe(before + 1);
  });

  it('without a key, two requests make two events, as always', async () => {
    const before = await rows(ticket);
    const one = await send({ method: 'POST', url: '/api/ticket', headers: who.driver.headers, payload: validTicketBody() });
    const two = await send({ method: 'POST', url: '/api/ticket', headers: who.driver.headers, payload: validTicketBody() });
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(one.json().payload.id).not.toBe(two.json().payload.id);
    expect(await rows(ticket)).toBe(before + 2);
  });

  it("keeps each account's keys apart: another driver's same key is a request of their own", async () => {
    const key = newKey();
    const mine = await createWithKey(who.driver, key);
    const theirs = await createWithKey(who.otherDriver, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().payload.id).not.toBe(mine.json().payload.id);
  });

  it('refuses a malformed key with 400 in Spanish, storing nothing', async () => {
    const before = await rows(ticket);
    for (const bad of ['corta', 'con espacios y más de dieciséis', 'x'.repeat(101)]) {
      const response = await createWithKey(who.driver, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().errors.message).toBe(messages.idempotencyKeyInvalid);
    }
    expect(await rows(ticket)).toBe(before);
  });
});

describe('the other writes of a ticket', () => {
  it('a comment sent twice is one comment, one notification, no second e-mail', async () => {
    const event = await createTicket(api, who.driver);
    const key = newKey();
    const body = { comment: 'Sigue ahí, ahora con agua', internal: false };
    const url = `/api/ticket/${event.id}/comment`;
    const noticesBefore = await rows(notification);
    const first = await send({ method: 'POST', url, headers: withKey(who.operator, key), payload: body });
    expect(first.statusCode).toBe(201);
    await api.app.mailer.idle();
    const [comments, notices, mails] = [await rows(comment), await rows(notification), await rows(mailQueue)];
    // The driver was told once.
    expect(notices).toBe(noticesBefore + 1);
    const quota = await quotaUsed(who.operator);
    const again = await send({ method: 'POST', url, headers: withKey(who.operator, key), payload: body });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    await api.app.mailer.idle();
    expect([await rows(comment), await rows(notification), await rows(mailQueue)]).toEqual([comments, notices, mails]);
    expect(await quotaUsed(who.operator)).toBe(quota);
  });

  it('an upload resent (a new multipart boundary) is one attachment', async () => {
    const event = await createTicket(api, who.driver);
    const key = newKey();
    const upload = () => {
      const body = multipart([{ name: 'foto.png', content: PNG, type: 'image/png' }]);
      return send({ method: 'POST', url: `/api/ticket/${event.id}/attachment`, headers: { ...withKey(who.driver, key), ...body.headers }, payload: body.payload });
    };
    const first = await upload();
    expect(first.statusCode).toBe(201);
    const quota = await quotaUsed(who.driver);
    const [again, atOnce] = await Promise.all([upload(), upload()]);
    expect([again.statusCode, atOnce.statusCode]).toEqual([201, 201]);
    expect(again.json().payload[0].id).toBe(first.json().payload[0].id);
    expect(atOnce.json().payload[0].id).toBe(first.json().payload[0].id);
    const stored = await api.database.db.select({ n: count() }).from(attachment).where(eq(attachment.ticketId, event.id));
    expect(stored[0]!.n).toBe(1);
    expect(await quotaUsed(who.driver)).toBe(quota);
  });

  it('a status change sent twice is one change in the history', async () => {
    const event = await createTicket(api, who.driver);
    const key = newKey();
    await send({ method: 'PUT', url: `/api/ticket/${event.id}`, headers: who.operator.headers, payload: { assignedToId: who.operator.id } });
    const change = () => send({ method: 'PUT', url: `/api/ticket/${event.id}`, headers: withKey(who.operator, key), payload: { statusCode: 'IN_PROGRESS' } });
    const historyOf = async () => (await api.database.db.select({ n: count() }).from(ticketHistory).where(eq(ticketHistory.ticketId, event.id)))[0]!.n;
    const first = await change();
    expect(first.statusCode).toBe(200);
    const history = await historyOf();
    const notices = await rows(notification);
    const again = await change();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await historyOf()).toBe(history);
    expect(await rows(notification)).toBe(notices);
  });
});

describe('sign-up (no account yet: the anonymous scope)', () => {
  it('sent twice with one key makes one account, the same in both answers', async () => {
    const key = newKey();
    const body = { email: `idem.${randomUUID().slice(0, 8)}@correo.cl`, password: 'secreto-1', firstName: 'María', lastName: 'Soto', phone: '+56 9 8765 4321', rut: '12.345.678-5', privacyPolicyVersion: PRIVACY_POLICY_VERSION };
    const first = await send({ method: 'POST', url: '/api/profile/new', headers: withKey(null, key), payload: body });
    expect(first.statusCode).toBe(201);
    const confirmations = async () => {
      // The confirmation e-mail is prepared after the answer (routes/profile/accounts.ts).
      await api.app.mailer.idle();
      return (await api.database.db.select({ n: count() }).from(mailQueue).where(eq(mailQueue.recipient, body.email)))[0]!.n;
    };
    expect(await confirmations()).toBe(1);
    const again = await send({ method: 'POST', url: '/api/profile/new', headers: withKey(null, key), payload: body });
    expect(again.statusCode).toBe(201);
    expect(again.json().payload.uuid).toBe(first.json().payload.uuid);
    const accounts = await api.database.db.select({ n: count() }).from(profile).where(eq(profile.email, body.email));
    expect(accounts[0]!.n).toBe(1);
    expect(await confirmations()).toBe(1);
    const stored = await api.database.db.select().from(idempotencyKey).where(and(eq(idempotencyKey.scope, 'anonymous'), eq(idempotencyKey.key, key)));
    expect(stored).toHaveLength(1);
  });
});

describe('keys expire', () => {
  it('after IDEMPOTENCY_KEY_HOURS a key is looked up as new, and the sweep removes it', async () => {
    const key = newKey();
    const first = await createWithKey(who.driver, key);
    const age = (hours: number) =>
      api.database.db
        .update(idempotencyKey)
        .set({ createdAt: sql`now() - ${hours} * interval '1 hour'` })
        .where(and(eq(idempotencyKey.scope, who.driver.id), eq(idempotencyKey.key, key)));
    // Still kept just before the period ends.
    await age(23.9);
    expect((await createWithKey(who.driver, key)).headers['idempotent-replayed']).toBe('true');
    await age(24.1);
    const later = await createWithKey(who.driver, key, validTicketBody({ description: 'Otro bache, al día siguiente' }));
    expect(later.statusCode).toBe(201);
    expect(later.json().payload.id).not.toBe(first.json().payload.id);
    await age(25);
    expect(await sweepKeys(api.database.db, api.config.idempotencyKeyMs)).toBeGreaterThanOrEqual(1);
    const left = await api.database.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key));
    expect(left).toEqual([]);
  });

  it('IDEMPOTENCY_KEY_HOURS defaults to 24 and refuses less at start', () => {
    expect(loadConfig({}).idempotencyKeyMs).toBe(24 * 3_600_000);
    expect(loadConfig({ IDEMPOTENCY_KEY_HOURS: '48' }).idempotencyKeyMs).toBe(48 * 3_600_000);
    expect(() => loadConfig({ IDEMPOTENCY_KEY_HOURS: '12' })).toThrow(/IDEMPOTENCY_KEY_HOURS/);
  });
});

describe('a copy that arrives while the first request still runs', () => {
  const pendingFor = async (caller: Caller, key: string, body: Record<string, unknown>) =>
    api.database.db.insert(idempotencyKey).values({ scope: caller.id, key, fingerprint: fingerprintOf('POST', '/api/ticket', body), state: 'pending' });

  it('waits for it and gets its answer', async () => {
    const key = newKey();
    const body = validTicketBody();
    await pendingFor(who.driver, key, body);
    const before = await rows(ticket);
    const copy = createWithKey(who.driver, key, body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answer = JSON.stringify({ payload: { id: 424242 } });
    await api.database.db.update(idempotencyKey).set({ state: 'done', statusCode: 201, response: answer }).where(eq(idempotencyKey.key, key));
    const response = await copy;
    expect(response.statusCode).toBe(201);
    expect(response.headers['idempotent-replayed']).toBe('true');
    expect(response.body).toBe(answer);
    expect(await rows(ticket)).toBe(before);
  });

  it('goes on as the first when the other failed and freed the key', async () => {
    const key = newKey();
    const body = validTicketBody();
    await pendingFor(who.driver, key, body);
    const before = await rows(ticket);
    const copy = createWithKey(who.driver, key, body);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await api.database.db.delete(idempotencyKey).where(eq(idempotencyKey.key, key));
    const response = await copy;
    expect(response.statusCode).toBe(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    expect(await rows(ticket)).toBe(before + 1);
  });

  it('gives up after a while with a 409 that says to try again, storing nothing', async () => {
    // A shorter wait than the 15 s of production, for this test only.
    api.app.config.idempotencyWaitMs = 400;
    try {
      const key = newKey();
      await pendingFor(who.otherDriver, key, aReport);
      const before = await rows(ticket);
      const started = Date.now();
      const response = await createWithKey(who.otherDriver, key);
      expect(response.statusCode).toBe(409);
      expect(response.json().errors.message).toBe(messages.idempotencyKeyBusy);
      expect(response.headers['retry-after']).toBeDefined();
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      expect(await rows(ticket)).toBe(before);
    } finally {
      delete api.app.config.idempotencyWaitMs;
    }
  });

  it('takes over a key left pending by a process that died', async () => {
    const key = newKey();
    const body = validTicketBody();
    await pendingFor(who.driver, key, body);
    await api.database.db.update(idempotencyKey).set({ createdAt: sql`now() - interval '3 minutes'` }).where(eq(idempotencyKey.key, key));
    const response = await createWithKey(who.driver, key, body);
    expect(response.statusCode).toBe(201);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('which calls take the key', () => {
  /** The sign-in steps, and the second step's enrolment (its answers carry secrets, never kept). */
  const EXEMPT = ['POST /api/auth', 'POST /api/auth/second-step', 'POST /api/auth/logout', 'POST /api/profile/me/two-step/setup', 'POST /api/profile/me/two-step/confirm'];

  it('every write of the API but the sign-in steps, each documented with the header and its 409', async () => {
    const writes = api.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url.startsWith('/api/'));
    expect(writes.length).toBeGreaterThan(20);
    const doc = (await send({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; required?: boolean }[]; responses: Record<string, unknown> }>>;
    };
    for (const route of writes) {
      const name = `${route.method} ${route.url}`;
      const operation = doc.paths[route.url.replace(/:(\w+)(\([^/]*\))?/g, '{$1}')]![route.method.toLowerCase()]!;
      const header = operation.parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_KEY_HEADER);
      if (EXEMPT.includes(name)) {
        expect(takesIdempotencyKey(route.method, route.url), name).toBe(false);
        expect(header, name).toBeUndefined();
      } else {
        expect(takesIdempotencyKey(route.method, route.url), name).toBe(true);
        expect(header, name).toBeDefined();
        expect(header!.required ?? false, name).toBe(false);
        expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(['400', '409']));
      }
    }
  });

  it('a sign-in step ignores the header (a sign-in is never replayed)', async () => {
    const key = newKey();
    const body = authBody('conductor@concesion.demo');
    const first = await send({ method: 'POST', url: '/api/auth', headers: { [IDEMPOTENCY_KEY_HEADER]: key }, payload: body });
    const again = await send({ method: 'POST', url: '/api/auth', headers: { [IDEMPOTENCY_KEY_HEADER]: key }, payload: body });
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers.authorization).toBeDefined();
    expect(again.headers.authorization).not.toBe(first.headers.authorization);
  });
});
