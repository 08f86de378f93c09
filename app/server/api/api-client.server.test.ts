import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from '@contract/messages';
import { ApiClient, returnPathOf } from './api-client.server';
import { endedReason, getSession, readAuth } from '../auth/session.server';

/** A stand-in for the concession API: each path answers one way. */
let server: Server;
let baseUrl: string;
const seen: { method: string; url: string; authorization?: string; body: string }[] = [];
const seenClient: { forwardedFor?: string; userAgent?: string }[] = [];
const seenKeys: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body });
      seenKeys.push(request.headers['idempotency-key'] as string | undefined);
      seenClient.push({ forwardedFor: request.headers['x-forwarded-for'] as string | undefined, userAgent: request.headers['user-agent'] });
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(value));
      };
      if (request.url!.startsWith('/ok')) return json(200, { payload: { n: 1 } }, { authorization: 'Bearer fresh' });
      if (request.url === '/invalid') return json(400, { errors: { message: 'Revise los datos', fields: { name: 'Falta' } } });
      if (request.url === '/not-an-envelope') return json(409, ['?']);
      if (request.url === '/expired') return json(401, { errors: { message: 'no' } });
      if (request.url === '/closed') return json(401, { errors: { message: 'no', reason: 'closed' } });
      if (request.url === '/missing') return json(404, { errors: { message: 'no' } });
      if (request.url === '/broken') return json(500, { errors: { message: 'no' } });
      if (request.url === '/exports-busy') return json(503, { errors: { message: messages.exportsBusy } }, { 'retry-after': '5' });
      if (request.url === '/down') return json(503, { errors: { message: messages.serviceUnavailable } }, { 'retry-after': '5' });
      if (request.url === '/wrong-shape') return json(200, { payload: { n: 'uno' } });
      if (request.url === '/storage-down') return json(503, { errors: { message: messages.attachmentStorageDown } }, { 'retry-after': '30' });
      if (request.url === '/disk-full') return json(507, { errors: { message: messages.storageFull } });
      if (request.url === '/other-503') return json(503, { errors: { message: 'algo interno' } });
      json(204, null);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = async (token: string | null = 'secret', url = baseUrl) =>
  new ApiClient(url, token, await getSession(new Request('http://web.test/')), { address: '10.0.0.7', userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/156' });
const shape = z.object({ n: z.number() });

describe('the API client', () => {
  it('sends the token, the query and a JSON body, and reads the payload and the headers', async () => {
    const result = await (await client()).call('POST', '/ok', { body: { a: 1 }, query: { page: 2, q: 'km 5', none: undefined }, schema: shape });
    expect(result).toMatchObject({ ok: true, status: 200, payload: { n: 1 } });
    expect(result.ok && result.headers.get('authorization')).toBe('Bearer fresh');
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/ok?page=2&q=km+5', authorization: 'Bearer secret', body: '{"a":1}' });
    // Who is asking, for the API's limits and the list of sessions (decision 110).
    expect(seenClient.at(-1)).toEqual({ forwardedFor: '10.0.0.7', userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/156' });
  });

  it('gives a form the message and the field messages of a 4xx, or the catalogue\'s when there is no envelope', async () => {
    const api = await client();
    expect(await api.call('POST', '/invalid', { body: {} })).toEqual({ ok: false, status: 400, message: 'Revise los datos', fields: { name: 'Falta' } });
    expect(await api.call('POST', '/not-an-envelope')).toEqual({ ok: false, status: 409, message: messages.badRequest, fields: {} });
  });

  it('ends the session on a 401, and turns 404 and 5xx into error pages', async () => {
    const api = await client();
    const expired = await api.get('/expired', shape).catch((thrown: unknown) => thrown);
    expect(expired).toBeInstanceOf(Response);
    expect((expired as Response).status).toBe(302);
    expect((expired as Response).headers.get('location')).toBe('/user/login');
    expect((expired as Response).headers.get('set-cookie')).toContain('__session=;');
    const missing = await api.get('/missing', shape).catch((thrown: unknown) => thrown);
    expect(missing).toMatchObject({ init: { status: 404 }, data: { reason: 'service-error', url: '/missing' } });
    const broken = await api.get('/broken', shape).catch((thrown: unknown) => thrown);
    expect(broken).toMatchObject({ init: { status: 503 }, data: { reason: 'service-unavailable' } });
  });

  it('tells a download that every export place is busy apart from the API being down (decision 144)', async () => {
    const api = await client();
    const busy = await api.stream('/exports-busy').catch((thrown: unknown) => thrown);
    expect(busy).toMatchObject({ init: { status: 503 }, data: { reason: 'api-error', message: messages.exportsBusy } });
    const down = await api.stream('/down').catch((thrown: unknown) => thrown);
    expect(down).toMatchObject({ init: { status: 503 }, data: { reason: 'service-unavailable' } });
  });

  it('sends a session that ended to the sign-in page with the reason and the page to come back to (decision 138)', async () => {
    const session = await getSession(new Request('http://web.test/'));
    const api = new ApiClient(baseUrl, 'secret', session, { address: null, userAgent: null, returnTo: '/driver/events/7' });
    const ended = (await api.call('POST', '/closed', { body: {} }).catch((thrown: unknown) => thrown)) as Response;
    expect(ended.headers.get('location')).toBe('/user/login?reason=closed&redirectTo=%2Fdriver%2Fevents%2F7');
    // The cookie signs nobody in and keeps why, ten minutes, for the requests that come after this one.
    const cookie = ended.headers.get('set-cookie')!;
    expect(cookie).toMatch(/Max-Age=600/);
    const after = await getSession(new Request('http://web.test/', { headers: { cookie: cookie.split(';')[0]! } }));
    expect(readAuth(after)).toBeNull();
    expect(endedReason(after)).toBe('closed');
  });

  it('comes back to the page a person was on, only on this site and never to the account pages', () => {
    const page = (url: string, init: RequestInit = {}) => returnPathOf(new Request(url, init));
    expect(page('http://web.test/operator/events/12?tab=2')).toBe('/operator/events/12?tab=2');
    // A form sent: the page that sent it, else the action's own path.
    const sent = (referer?: string): RequestInit => ({ method: 'POST', headers: referer ? { referer } : undefined });
    expect(page('http://web.test/driver/events/9/upload', sent('http://web.test/driver/events/9'))).toBe('/driver/events/9');
    expect(page('http://web.test/driver/events/9', sent('https://evil.example/driver/events/9'))).toBe('/driver/events/9');
    expect(page('http://web.test/driver/events/9', sent())).toBe('/driver/events/9');
    expect(page('http://web.test/user/logout', sent())).toBeNull();
    expect(page('http://web.test/resources/theme', sent('http://web.test/user/login'))).toBeNull();
    expect(page('http://web.test//evil.example/')).toBeNull();
  });

  it('says the service is unavailable when the API cannot be reached', async () => {
    const api = await client('secret', 'http://127.0.0.1:9');
    const down = await api.get('/ok', shape).catch((thrown: unknown) => thrown);
    expect(down).toMatchObject({ init: { status: 503 }, data: { reason: 'service-unavailable' } });
  });

  it("brings a write's form back instead of the error page when the API does not answer or fails, and passes the form's key on", async () => {
    const api = await client();
    const unavailable = { ok: false, status: 503, message: messages.writeUnavailable, fields: {} };
    expect(await api.call('POST', '/broken', { body: {}, idempotencyKey: 'clave-de-prueba-0001', unavailableIsAnswer: true })).toEqual(unavailable);
    expect(seenKeys.at(-1)).toBe('clave-de-prueba-0001');
    const down = await client('secret', 'http://127.0.0.1:9');
    expect(await down.call('POST', '/ok', { body: {}, unavailableIsAnswer: true })).toEqual(unavailable);
    const upload = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode('x')), c.close()) });
    expect(await down.forward('POST', '/ok', upload, 'multipart/form-data; boundary=b', 'clave-de-prueba-0002', { unavailableIsAnswer: true })).toEqual(unavailable);
    // Without the option a read still gets the 503 page.
    expect(await api.call('POST', '/broken', { body: {} }).catch((thrown: unknown) => thrown)).toMatchObject({ init: { status: 503 } });
  });

  it('shows what the API says is down (the attachments, a full disk) instead of the generic 503 page, and only that (decision 141)', async () => {
    const api = await client();
    // A page (a download) gets the error page with the API's own message and status.
    expect(await api.stream('/storage-down').catch((thrown: unknown) => thrown)).toMatchObject({
      init: { status: 503 },
      data: { reason: 'api-error', message: messages.attachmentStorageDown },
    });
    expect(await api.stream('/disk-full').catch((thrown: unknown) => thrown)).toMatchObject({ init: { status: 507 }, data: { reason: 'api-error', message: messages.storageFull } });
    // A write that asks for answers gets the message to show with its form or toast.
    const upload = () => new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(new TextEncoder().encode('x')), c.close()) });
    expect(await api.forward('POST', '/storage-down', upload(), 'multipart/form-data; boundary=b', null, { unavailableIsAnswer: true })).toEqual({
      ok: false,
      status: 503,
      message: messages.attachmentStorageDown,
      fields: {},
    });
    // Any other 503 message stays the API's business: the generic page, or the generic write failure.
    expect(await api.stream('/other-503').catch((thrown: unknown) => thrown)).toMatchObject({ init: { status: 503 }, data: { reason: 'service-unavailable' } });
    expect(await api.call('POST', '/other-503', { body: {}, unavailableIsAnswer: true })).toMatchObject({ message: messages.writeUnavailable });
  });

  it('refuses an answer that does not match the contract', async () => {
    await expect((await client()).get('/wrong-shape', shape)).rejects.toThrow('Unexpected response from GET /wrong-shape');
  });

  it("shares answers through a client the asking browser's departure does not cancel", async () => {
    const left = new AbortController();
    left.abort();
    const api = new ApiClient(baseUrl, 'secret', await getSession(new Request('http://web.test/')), { address: null, userAgent: null }, left.signal);
    await expect(api.get('/ok', shape)).rejects.toMatchObject({ init: { status: 503 } });
    expect(await api.shared().get('/ok', shape)).toEqual({ n: 1 });
    expect(seen.at(-1)?.authorization).toBe('Bearer secret');
  });

  it('keeps the connection usable after answers it did not read', async () => {
    const api = await client();
    for (let i = 0; i < 20; i++) expect((await api.call('DELETE', '/nothing')).ok).toBe(true);
    expect((await api.call('GET', '/ok', { schema: shape })).ok).toBe(true);
  });
});
