import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { loginFailure, profile } from '../platform/db/schema';
import { DEVICE_HEADER } from '../domain/accounts/devices';
import { createTicket, signInCallers } from '../test/tickets';
import { anotherProcess, authBody, bearer, createTestApi, signIn, type TestApi } from '../test/helper';

/**
 * Two API processes of one deployment on one database (docs/decisions/112-replicas.md): on PostgreSQL (TEST_DATABASE_URL)
 * each hears the other through LISTEN/NOTIFY as in production; on the embedded database they
 * share an in-process channel, which is what a second process would hear.
 */
let one: TestApi;
let two: FastifyInstance;
beforeAll(async () => {
  one = await createTestApi({ demoTickets: 0, cluster: true });
  two = await anotherProcess(one);
});
afterAll(async () => {
  await two.close();
  await one.close();
});

const from = (app: FastifyInstance, address: string) => ({
  forgotten: (email: string) => app.inject({ method: 'GET', url: `/api/profile/forgotten/${email}`, headers: { 'x-forwarded-for': address } }),
  signIn: (email: string, password: string) => app.inject({ method: 'POST', url: '/api/auth', headers: { 'x-forwarded-for': address }, payload: authBody(email, password) }),
});

/** Asks again every 20 ms, for a second at most, until the answer has `wanted` status; the last status. */
async function statusWithinASecond(ask: () => Promise<{ statusCode: number }>, wanted: number): Promise<number> {
  const deadline = Date.now() + 1_000;
  let status = (await ask()).statusCode;
  while (status !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = (await ask()).statusCode;
  }
  return status;
}

describe('abuse controls across processes', () => {
  it('a rate limit counts the requests of every process', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await from(i % 2 ? two : one.app, '198.51.100.70').forgotten('conductor@concesion.demo')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('five failed sign-ins spread over both processes throttle the account from that address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await from(i % 2 ? two : one.app, '198.51.100.71').signIn('supervisor@concesion.demo', 'mal-clave')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await from(two, '198.51.100.71').signIn('supervisor@concesion.demo', 'Demo-2026');
    expect(refused.json()).toEqual({ errors: { message: messages.tooManyAttempts } });
  });
});

describe('sign-in limits across processes (decision 133)', () => {
  const guess = (app: FastifyInstance, email: string, password: string, address: string, device?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'x-forwarded-for': address, ...(device ? { [DEVICE_HEADER]: device } : {}) },
      payload: authBody(email, password),
    });

  it('40 parallel guesses from 40 addresses over both processes check at most 10 passwords; the owner’s browser still gets in', async () => {
    const owner = await guess(two, 'operador@concesion.demo', 'Demo-2026', '192.0.2.80');
    const device = String(owner.headers[DEVICE_HEADER]);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => guess(i % 2 ? two : one.app, 'operador@concesion.demo', `clave-${i}`, `203.0.113.${i + 1}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    // Meanwhile (a second burst under way), the owner's browser is answered on either process, never with a 503.
    const burst = Promise.all(Array.from({ length: 20 }, (_, i) => guess(i % 2 ? one.app : two, 'operador@concesion.demo', `otra-${i}`, `203.0.114.${i + 1}`)));
    const [fromOne, fromTwo] = await Promise.all([
      guess(one.app, 'operador@concesion.demo', 'Demo-2026', '192.0.2.81', device),
      guess(two, 'operador@concesion.demo', 'Demo-2026', '192.0.2.81', device),
    ]);
    expect([fromOne.statusCode, fromTwo.statusCode]).toEqual([200, 200]);
    expect((await burst).every((answer) => answer.statusCode === 429)).toBe(true);
    // A stranger with the right password is refused.
    expect((await guess(one.app, 'operador@concesion.demo', 'Demo-2026', '192.0.2.82')).statusCode).toBe(429);
    // The other tests sign the operator in from anywhere.
    await one.database.db.delete(loginFailure);
  });
});

describe('caches across processes', () => {
  it('a session promoted to ADMIN through one process is refused by the other within a second', async () => {
    const token = await signIn(one.app, 'conductor@concesion.demo');
    const me = () => two.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    const admin = await signIn(one.app, 'admin@concesion.demo');
    const [driver] = await one.database.db.select().from(profile).where(eq(profile.email, 'conductor@concesion.demo'));
    const setRole = (profileCode: string) =>
      one.app.inject({
        method: 'POST',
        url: '/api/profile/update',
        headers: bearer(admin),
        payload: { uuid: driver!.id, email: driver!.email, firstName: driver!.firstName, lastName: driver!.lastName, phone: driver!.phone, rut: driver!.rut, profileCode },
      });
    const promoted = await setRole('ADMIN');
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await statusWithinASecond(me, 401)).toBe(401);
    expect((await setRole('DRIVER')).statusCode).toBe(200);
  });

  it('a user suspended through one process is refused by the other within a second', async () => {
    const token = await signIn(one.app, 'inspector@concesion.demo');
    const me = () => two.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    // The second process has the token's owner in its cache.
    expect((await me()).statusCode).toBe(200);
    const admin = await signIn(one.app, 'admin@concesion.demo');
    const [inspector] = await one.database.db.select().from(profile).where(eq(profile.email, 'inspector@concesion.demo'));
    const suspended = await one.app.inject({ method: 'POST', url: `/api/profile/disable/${inspector!.id}`, headers: bearer(admin) });
    expect(suspended.statusCode).toBe(200);
    expect(await statusWithinASecond(me, 401)).toBe(401);
    await one.app.inject({ method: 'POST', url: `/api/profile/enable/${inspector!.id}`, headers: bearer(admin) });
  });
});

describe('live notifications across processes', () => {
  it('a notification raised on one process reaches a stream open on the other within a second', async () => {
    await two.listen({ port: 0, host: '127.0.0.1' });
    const { port } = two.server.address() as AddressInfo;
    const token = await signIn(one.app, 'operador@concesion.demo');
    const [operator] = await one.database.db.select().from(profile).where(eq(profile.email, 'operador@concesion.demo'));
    const who = await signInCallers(one);
    const ticket = await createTicket(one, who.driver);
    let raisedAt = 0;
    const arrived = new Promise<number>((resolve, reject) => {
      const req = http.get({ port, host: '127.0.0.1', path: '/api/notification/stream', headers: bearer(token) }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('event: ready') && !raisedAt) {
            raisedAt = Date.now();
            void one.app.notifier.notify({ type: 'TICKET_ASSIGNED', ticket: { id: ticket.id, folio: ticket.folio }, recipients: [operator!.id], message: `Se le asignó el evento ${ticket.folio}` });
          }
          if (text.includes('event: notification')) {
            req.destroy();
            resolve(Date.now() - raisedAt);
          }
        });
      });
      req.on('error', reject);
    });
    expect(await arrived).toBeLessThan(1_000);
  });
});
