import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MeResponse } from '@contract/auth';
import { areaGuard, readWithAuth, requireAuth, type AuthState } from './auth.server';
import { env } from '../env.server';
import { commitSession, endedReason, endedSessionCookie, getSession, signIn } from './session.server';
import { toSessionUser, type SessionUser } from './session-user';

/**
 * A stand-in for the concession API. GET /api/user/me answers after a delay, as whoever the
 * test says (with UNREAD notifications when asked to include them); /read answers at once. Each request is logged with the moment it arrived and
 * the moment it was answered.
 */
let server: Server;
let me: { status: number; body?: MeResponse } = { status: 200 };
let readStatus = 200;
const ME_DELAY_MS = 80;
const UNREAD = 4;
const log: { path: string; arrived: number; answered?: number }[] = [];

const meOf = (id: string, role: string, nickName = 'Carolina Reyes'): MeResponse => ({
  email: 'operador@concesion.demo',
  userProfileDto: { id, nickName, genre: 'Operador', groups: [{ code: role as never }] },
});
const OPERATOR = meOf('9b1f0a52-0000-4000-8000-000000000001', 'OPERATOR');
const operator = toSessionUser(OPERATOR)!;

beforeAll(async () => {
  server = createServer((request, response) => {
    const entry: (typeof log)[number] = { path: request.url!, arrived: performance.now() };
    log.push(entry);
    const answer = (status: number, body: unknown) => {
      entry.answered = performance.now();
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url!, 'http://api.test');
    if (url.pathname === '/api/user/me') {
      const payload = me.body && url.searchParams.get('include') === 'unread' ? { ...me.body, unread: UNREAD } : me.body;
      setTimeout(() => answer(me.status, payload ? { payload } : { errors: { message: 'Token inválido' } }), ME_DELAY_MS);
    } else if (request.url === '/read') {
      answer(readStatus, readStatus === 200 ? { payload: { read: true } } : { errors: { message: 'Prohibido' } });
    } else {
      answer(404, { errors: { message: 'no' } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  env.CONCESSION_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  log.length = 0;
  me = { status: 200, body: OPERATOR };
  readStatus = 200;
});

/** A request of someone signed in as `user`, as the browser sends it. */
async function requestAs(path: string, user: SessionUser, method = 'GET'): Promise<Request> {
  const session = await getSession(new Request('http://web.test/'));
  signIn(session, 'token-1', user);
  const cookie = (await commitSession(session)).split(';')[0]!;
  return new Request(`http://web.test${path}`, { method, headers: { cookie } });
}

/** Runs the guard with `loader` standing for the loaders below it; returns or throws what the guard does. */
async function guard(request: Request, loader: (context: RouterContextProvider) => Promise<unknown>): Promise<Response> {
  const context = new RouterContextProvider();
  const next = async () => {
    try {
      return Response.json(await loader(context));
    } catch (thrown) {
      // Loaders' thrown answers become the response, as React Router does.
      if (thrown instanceof Response) return thrown;
      const status = (thrown as { init?: ResponseInit }).init?.status ?? 500;
      return Response.json({ error: (thrown as { data?: unknown }).data ?? String(thrown) }, { status });
    }
  };
  // React Router's params and pattern for the paths these tests ask (no ids in them).
  const [, area, ...rest] = new URL(request.url).pathname.split('/');
  const pattern = ['/:area', ...rest].join('/');
  return (await areaGuard({ request, context, params: { area }, pattern } as never, next)) as Response;
}

/** A loader's read: 'read', or its failure thrown as the loader would. */
async function read({ api }: AuthState): Promise<string> {
  const result = await api.call('GET', '/read');
  if (!result.ok) throw Response.json({ read: 'failed' }, { status: result.status });
  return 'read';
}

describe('the area guard', () => {
  it("starts a page's reads while /api/user/me is on its way, and hands them over once it answers", async () => {
    const response = await guard(await requestAs('/operator/events', operator), async (context) => {
      const { auth, data } = await readWithAuth(context, read);
      return { data, user: auth.user.name };
    });
    expect(await response.json()).toEqual({ data: 'read', user: 'Carolina Reyes' });
    const meCall = log.find((entry) => entry.path.startsWith('/api/user/me'))!;
    const readCall = log.find((entry) => entry.path === '/read')!;
    // The read was answered before /api/user/me was.
    expect(readCall.answered!).toBeLessThan(meCall.answered!);
  });

  it('sends a revoked token to the login screen, whatever the early reads answered', async () => {
    me = { status: 401 };
    readStatus = 403;
    const response = await guard(await requestAs('/operator/events', operator), async (context) => (await readWithAuth(context, read)).data);
    expect(response.status).toBe(302);
    // To sign in again and come back to the page (decision 138).
    expect(response.headers.get('location')).toBe('/user/login?redirectTo=%2Foperator%2Fevents');
    expect(response.headers.get('set-cookie')).toContain('__session=;');
  });

  it('sends a request that comes after the API ended the session to a sign-in that says why, until the person signs in again', async () => {
    // Another request heard the API's "closed" a moment ago (the live stream reconnecting): the browser holds its cookie.
    const ended = await getSession(new Request('http://web.test/'));
    signIn(ended, 'token-1', operator);
    const cookie = (await endedSessionCookie(ended, 'closed')).split(';')[0]!;
    const sent = new Request('http://web.test/operator/events', { method: 'POST', headers: { cookie, referer: 'http://web.test/operator/events?page=2' } });
    // The guard itself throws the redirect, before any loader.
    const response = (await guard(sent, async (context) => (await readWithAuth(context, read)).data).catch((thrown: unknown) => thrown)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/user/login?reason=closed&redirectTo=%2Foperator%2Fevents%3Fpage%3D2');
    expect(log).toEqual([]);

    // Signed in again, the reason is gone with the old session.
    const again = await getSession(new Request('http://web.test/', { headers: { cookie } }));
    signIn(again, 'token-2', operator);
    expect(endedReason(again)).toBeUndefined();
  });

  it('lets the confirmation win over a read that fails at once', async () => {
    me = { status: 401 };
    const failAtOnce = (): Promise<string> => {
      throw new Error('a read that fails before its first await');
    };
    const response = await guard(await requestAs('/operator/events', operator), async (context) => (await readWithAuth(context, failAtOnce)).data);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/user/login?redirectTo=%2Foperator%2Fevents');
  });

  it("answers another role's area with the not-found page and reads nothing for it", async () => {
    const response = await guard(await requestAs('/driver/events', operator), async (context) => (await readWithAuth(context, read)).data);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { reason: 'not-found' } });
    expect(log.map((entry) => entry.path)).toEqual(['/api/user/me?include=unread']);
  });

  it("brings a page's unread count with the check of the caller, in one call; a form post asks only who calls", async () => {
    const page = await guard(await requestAs('/operator/events', operator), async (context) => (await requireAuth(context)).unread ?? null);
    expect(await page.json()).toBe(UNREAD);
    expect(log.map((entry) => entry.path)).toEqual(['/api/user/me?include=unread']);
    log.length = 0;
    const post = await guard(await requestAs('/operator/events', operator, 'POST'), async (context) => (await requireAuth(context)).unread ?? null);
    expect(await post.json()).toBeNull();
    expect(log.map((entry) => entry.path)).toEqual(['/api/user/me']);
  });

  it('answers an area that does not exist, or a page its role does not have, with the not-found page, signed in or not', async () => {
    const signedOut = (path: string, method = 'GET') => new Request(`http://web.test${path}`, { method });
    for (const request of [
      signedOut('/nadie/events'),
      signedOut('/inspector/events/new'),
      signedOut('/driver/reports'),
      await requestAs('/operator/users', operator),
      await requestAs('/operator/road', operator),
    ]) {
      const response = await guard(request, async (context) => (await readWithAuth(context, read)).data);
      expect(response.status, request.url).toBe(404);
      expect(await response.json()).toEqual({ error: { reason: 'not-found' } });
    }
    const post = await guard(signedOut('/inspector/events/new', 'POST'), async () => 'ran').catch((thrown: unknown) => thrown);
    expect(post).toMatchObject({ init: { status: 404 } });
    // Nothing was asked of the API for any of them.
    expect(log).toEqual([]);
    // The pages a role has still open, its area's root included.
    for (const path of ['/operator', '/operator/reports/summary', '/operator/events/new']) {
      const response = await guard(await requestAs(path, operator), async (context) => (await requireAuth(context)).user.role);
      expect(response.status, path).toBe(200);
    }
  });

  it('reads again as the confirmed caller when the session remembered someone else', async () => {
    const stale = { ...operator, id: '9b1f0a52-0000-4000-8000-000000000002' };
    const seenIds: string[] = [];
    const response = await guard(await requestAs('/operator/events', stale), async (context) => {
      const { data } = await readWithAuth(context, async ({ user }) => {
        seenIds.push(user.id);
        return user.id;
      });
      return data;
    });
    expect(await response.json()).toBe(operator.id);
    expect(seenIds).toEqual([stale.id, operator.id]);
  });

  it('keeps the session copy of the profile current', async () => {
    me = { status: 200, body: meOf(operator.id, 'OPERATOR', 'Carolina Reyes Soto') };
    const response = await guard(await requestAs('/operator/events', operator), async (context) => (await requireAuth(context)).user.name);
    expect(await response.json()).toBe('Carolina Reyes Soto');
    expect(response.headers.get('set-cookie')).toContain('__session=');
  });

  it("refuses a form post to another role's area before any action runs", async () => {
    let ran = false;
    const refused = await guard(await requestAs('/driver/events/new', operator, 'POST'), async () => {
      ran = true;
      return null;
    }).catch((thrown: unknown) => thrown);
    expect(refused).toMatchObject({ init: { status: 404 } });
    expect(ran).toBe(false);
  });

  it('never lets an answer out unconfirmed, even from a loader that forgot to wait', async () => {
    me = { status: 401 };
    const thrown = await guard(await requestAs('/operator/events', operator), async () => 'unconfirmed').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
  });
});
