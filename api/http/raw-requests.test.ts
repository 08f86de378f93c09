import net from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { queryRows } from '../platform/db/client';
import { createTestApi, type TestApi } from '../test/helper';
import { signInCallers, validTicketBody, type Callers } from '../test/tickets';
import { PNG, uploadTo } from '../test/uploads';

/**
 * No request, however malformed, truncated or slow, stops the API or gets a 5xx (issue 31,
 * docs/decisions/132-bad-requests-and-small-findings.md). Unlike bad-input.test.ts (light
 * injection), these go through a real socket to a listening server, so a body cut short, a
 * half-closed connection, a slow body or an oversized header is what the server really sees.
 * Every route of the route table, as every demo role and as nobody, gets generated bodies:
 * JSON cut at a random offset, bodies under wrong content types, multipart with a wrong, missing
 * or oversized boundary cut at random offsets, huge headers, and slow bodies cut mid-way.
 *
 * The answer must be a 4xx in the error envelope, with the connection closed. A 2xx is accepted
 * only from a route that reads no body (a GET, or an action the OpenAPI document gives no request
 * body, other than the upload): it ignores whatever was sent and answers as it always does. No
 * generated body is ever complete and valid, so a route that reads one never has a reason to
 * succeed. Afterwards no row and no file is left behind, and /api/health still answers.
 * FC_SEED reproduces a failing run.
 */
let api: TestApi;
let port = 0;
let callers: Callers;
let ticketId = 0;
let attachmentId = '';
/** A JSON body still arriving after this is refused (BODY_DEADLINE_MS in production). */
const BODY_DEADLINE_MS = 3_000;
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : 20_261_126;

/** Resources nobody has, for the actions that need no body: with a real one they would act. */
const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
const MISSING_TICKET = '999999999';
/** Calls that end the caller's session: sent without a token, so the others keep theirs. */
const SESSION_ENDING = new Set(['/api/auth/logout', '/api/profile/me/sessions/end-others']);
/** A live stream stays open with a valid token: only refusals (no token) are looked at. */
const STREAMS = new Set(['/api/notification/stream']);
const UPLOAD = '/api/ticket/:id(^\\d{1,15}$)/attachment';
const ROLES = ['none', 'driver', 'operator', 'supervisor', 'inspector', 'admin'] as const;
type Who = (typeof ROLES)[number];

let bodyless = new Set<string>();
const key = (method: string, url: string) => `${method} ${url}`;

beforeAll(async () => {
  api = await createTestApi({
    demoTickets: 3,
    throttleLimits: { perAddress: 1_000_000, perPair: 1_000_000, perAccount: 1_000_000 },
    config: { bodyDeadlineMs: BODY_DEADLINE_MS },
  });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  port = (api.app.server.address() as net.AddressInfo).port;
  callers = await signInCallers(api);
  // A ticket of the demo driver's with one attachment, seen by every role.
  const created = await api.app.inject({ method: 'POST', url: '/api/ticket', headers: callers.driver.headers, payload: validTicketBody() });
  ticketId = created.json().payload.id;
  const uploaded = await uploadTo(api.app, callers.driver, ticketId, [{ name: 'foto.png', content: PNG, type: 'image/png' }]);
  attachmentId = uploaded.json().payload[0].id;
  // Its preview is made at the first view and stored (decision 134): made now, so the routes below store nothing new.
  const preview = await api.app.inject({ method: 'GET', url: `/api/ticket/${ticketId}/attachment/${attachmentId}/preview`, headers: callers.driver.headers });
  expect(preview.statusCode).toBe(200);
  // Which routes read no body, from the API's own OpenAPI document.
  const document = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  bodyless = new Set(
    api.app.routeTable
      .filter((route) => {
        if (route.method === 'GET') return true;
        if (route.url === UPLOAD) return false;
        const documented = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
        return documented !== undefined && documented.requestBody === undefined;
      })
      .map((route) => key(route.method, route.url)),
  );
});
afterAll(() => api?.close());

const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)(\([^)]*\))?/g, '{$1}');

/** The route's URL with real resources (missing ones for body-less actions, which would act). */
function urlOf(route: { method: string; url: string }): string {
  const acts = route.method !== 'GET' && bodyless.has(key(route.method, route.url));
  return route.url
    .replace('/*', '/index.css')
    .replace(/:id\(\^\\d\{1,15\}\$\)/, acts ? MISSING_TICKET : String(ticketId))
    .replace(':attachmentId', attachmentId)
    .replace(':email', 'nadie%40correo.demo')
    .replace(/:id\b/, (_match) => {
      if (acts) return MISSING_UUID;
      if (route.url.startsWith('/api/report/')) return '1';
      if (route.url.startsWith('/api/ticket/list/operator/')) return callers.operator.id;
      return callers.driver.id;
    });
}

type Answer = { status: number; body: string };

/**
 * One request over its own connection: the head, then the body's pieces (with a pause between
 * them when slow), then a half-close when the body is cut short of its declared length. Resolves
 * when the server has answered and closed the connection; a server that leaves it open fails.
 */
function send(head: string, pieces: Buffer[], options: { pauseMs?: number; halfClose?: boolean } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer or connection left open: ${head.split('\r\n')[0]}`));
    }, 15_000);
    socket.on('data', (chunk) => received.push(chunk));
    // A reset after the answer (the server closing while we still write) is not a failure.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(received).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
    void (async () => {
      socket.write(head);
      for (const piece of pieces) {
        if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
        if (socket.destroyed) return;
        socket.write(piece);
      }
      if (options.halfClose && !socket.destroyed) socket.end();
    })();
  });
}

function headOf(method: string, url: string, who: Who, headers: Record<string, string>, host = 'api.concesion.test'): string {
  const token = who === 'none' ? undefined : callers[who].token;
  const lines = [`${method} ${url} HTTP/1.1`, `host: ${host}`, 'connection: close', `x-forwarded-for: 10.${sent % 250}.${(sent >> 8) % 250}.7`];
  if (token) lines.push(`authorization: Bearer ${token}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}
let sent = 0;

/** A multipart body with one PNG under "files", and where its closing delimiter starts. */
function multipartBody(boundary: string) {
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="foto.png"\r\ncontent-type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, closing: body.length - `\r\n--${boundary}--\r\n`.length };
}

/** JSON a route could take, so its prefixes reach the parser and the validators. */
const JSON_TEXT = JSON.stringify({ ...validTicketBody(), comment: 'Gracias', email: 'conductor@concesion.demo', password: 'Demo-2026', internal: false });

type Body = { kind: string; headers: Record<string, string>; bytes: Buffer };
const CONTENT_TYPES = ['text/xml', 'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'image/png', 'application/merge-patch+json', 'multipart/mixed; boundary=x', 'nada'];

const bodyArbitrary: fc.Arbitrary<Body> = fc.oneof(
  // Valid JSON cut short (a proper prefix of an object is never valid JSON).
  fc.nat({ max: JSON_TEXT.length - 1 }).map((cut) => ({ kind: `json cut at ${cut}`, headers: { 'content-type': 'application/json' }, bytes: Buffer.from(JSON_TEXT.slice(0, cut)) })),
  // A whole body under a type the API does not read, or none at all.
  fc.tuple(fc.constantFrom(...CONTENT_TYPES, ''), fc.constantFrom(JSON_TEXT, '<evento><km>23</km></evento>', 'a=1&b=2')).map(([type, text]) => ({
    kind: `type "${type}"`,
    headers: (type ? { 'content-type': type } : {}) as Record<string, string>,
    bytes: Buffer.from(text),
  })),
  // Multipart with a wrong, missing, empty or oversized boundary, or the right one, cut before its end.
  fc
    .tuple(fc.constantFrom('right', 'wrong', 'missing', 'empty', 'oversized', 'quoted-wrong'), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([variant, where]) => {
      const boundary = 'limite42';
      const { body, closing } = multipartBody(boundary);
      const declared = {
        right: `multipart/form-data; boundary=${boundary}`,
        wrong: 'multipart/form-data; boundary=otro',
        missing: 'multipart/form-data',
        empty: 'multipart/form-data; boundary=',
        oversized: `multipart/form-data; boundary=${'b'.repeat(300)}`,
        'quoted-wrong': 'multipart/form-data; boundary="limite4"',
      }[variant];
      // The right boundary is cut before the closing delimiter: the file never ends.
      const cut = Math.floor(where * (variant === 'right' ? closing : body.length));
      return { kind: `multipart ${variant} cut at ${cut}`, headers: { 'content-type': declared }, bytes: body.subarray(0, cut) };
    }),
);

/** How the body travels: whole with its exact length, cut short of its declared length (slow, then half-closed), or chunked and cut. */
type Framing = 'exact' | 'slow-cut' | 'chunked-cut';
const framingArbitrary = fc.constantFrom<Framing>('exact', 'exact', 'slow-cut', 'chunked-cut');

function framed(body: Body, framing: Framing): { headers: Record<string, string>; pieces: Buffer[]; pauseMs?: number; halfClose?: boolean } {
  if (framing === 'exact') return { headers: { ...body.headers, 'content-length': String(body.bytes.length) }, pieces: [body.bytes] };
  const third = Math.ceil(body.bytes.length / 3);
  const pieces = [body.bytes.subarray(0, third), body.bytes.subarray(third, 2 * third)].filter((p) => p.length > 0);
  if (framing === 'slow-cut') {
    // Declared longer than what comes: two slow pieces of it, then the client stops sending.
    return { headers: { ...body.headers, 'content-length': String(body.bytes.length + 50) }, pieces, pauseMs: 15, halfClose: true };
  }
  const chunks = pieces.map((p) => Buffer.concat([Buffer.from(`${p.length.toString(16)}\r\n`), p, Buffer.from('\r\n')]));
  return { headers: { ...body.headers, 'transfer-encoding': 'chunked' }, pieces: chunks, pauseMs: 5, halfClose: true };
}

/** Everything a request could leave behind: rows and stored files (complete or partial). */
const STORED = ['ticket', 'comment', 'ticket_history', 'attachment', 'profile', 'notification', 'mail_queue', 'password_reset'];
async function leftBehind(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of STORED) {
    const [row] = await queryRows<{ n: number }>(api.database.db, sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = row!.n;
  }
  counts.files = (readdirSync(path.join(api.config.dataDir, 'attachments'), { recursive: true }) as string[]).filter((f) => /[0-9a-f-]{36}/.test(path.basename(f))).length;
  return counts;
}

function expectRefusedOrIgnored(answer: Answer, route: { method: string; url: string }, where: string) {
  expect(answer.status, `${where}: ${answer.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(answer.status, `${where}: ${answer.body.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status < 400) {
    expect(bodyless.has(key(route.method, route.url)), `${where} succeeded with a broken body: ${answer.body.slice(0, 300)}`).toBe(true);
    return;
  }
  expect(answer.body, where).toMatch(/^\{"errors":\{"message":"/);
}

async function healthy() {
  const answer = await send(headOf('GET', '/api/health', 'none', {}), []);
  expect(answer.status).toBe(200);
}

describe('raw requests to a listening API', () => {
  it('knows which routes read no body (the OpenAPI document names the rest)', () => {
    expect(api.app.routeTable.length).toBeGreaterThan(40);
    expect(bodyless.has(key('POST', '/api/ticket'))).toBe(false);
    expect(bodyless.has(key('POST', UPLOAD))).toBe(false);
    expect(bodyless.has(key('POST', '/api/auth/logout'))).toBe(true);
  });

  it('a file part cut short answers 400 in Spanish at every offset, and stores nothing', async () => {
    const before = await leftBehind();
    const { body, closing } = multipartBody('limite42');
    const url = `/api/ticket/${ticketId}/attachment`;
    for (let cut = 0; cut < closing; cut++) {
      sent++;
      const answer = await send(
        headOf('POST', url, 'driver', { 'content-type': 'multipart/form-data; boundary=limite42', 'content-length': String(cut) }),
        [body.subarray(0, cut)],
      );
      expect(answer.status, `cut at ${cut}: ${answer.body}`).toBe(400);
      expect(JSON.parse(answer.body).errors.message, `cut at ${cut}`).toBeTypeOf('string');
    }
    // The body the audit sent: a file whose bytes end early.
    const early = await send(
      headOf('POST', url, 'driver', { 'content-type': 'multipart/form-data; boundary=limite42', 'content-length': String(closing) }),
      [body.subarray(0, closing)],
    );
    expect(JSON.parse(early.body)).toEqual({ errors: { message: messages.requestIncomplete } });
    expect(await leftBehind()).toEqual(before);
    await healthy();
  }, 120_000);

  it('JSON cut at every offset answers 400, never creates the ticket', async () => {
    const before = await leftBehind();
    const text = JSON.stringify(validTicketBody());
    for (let cut = 0; cut < text.length; cut++) {
      sent++;
      const answer = await send(headOf('POST', '/api/ticket', 'driver', { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text.slice(0, cut))) }), [
        Buffer.from(text.slice(0, cut)),
      ]);
      expect(answer.status, `cut at ${cut}: ${answer.body}`).toBe(400);
    }
    expect(await leftBehind()).toEqual(before);
  }, 120_000);

  it('a body still trickling in after the deadline answers 408 and the connection closes; a slow one in time is taken', async () => {
    const text = JSON.stringify(validTicketBody());
    const head = headOf('POST', '/api/ticket', 'driver', { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
    const started = Date.now();
    // Half of it, then nothing more: the client keeps the connection open.
    const stalled = await send(head, [Buffer.from(text.slice(0, 40))]);
    expect(stalled.status).toBe(408);
    expect(JSON.parse(stalled.body)).toEqual({ errors: { message: messages.requestTooSlow } });
    expect(Date.now() - started).toBeLessThan(BODY_DEADLINE_MS + 5_000);
    const pieces = [text.slice(0, 30), text.slice(30, 90), text.slice(90)].map((p) => Buffer.from(p));
    const slow = await send(head, pieces, { pauseMs: 150 });
    expect(slow.status).toBe(201);
    await healthy();
  });

  it('a malformed Host header or a huge header answers 4xx and closes the connection', async () => {
    for (const host of ['[::1', '%00', '', 'a b', '[::1]:99999x']) {
      sent++;
      const answer = await send(headOf('GET', '/api/health', 'none', {}, host), []);
      expect(answer.status, `host "${host}": ${answer.body}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `host "${host}"`).toBeLessThan(500);
    }
    const huge = await send(headOf('GET', `/api/ticket/${ticketId}`, 'driver', { 'x-relleno': 'a'.repeat(40_000) }), []);
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body)).toEqual({ errors: { message: messages.requestHeadersTooLarge } });
    await healthy();
  });

  it('every route, as every role and as nobody: generated bodies get a 4xx (or the body-less route its usual answer), never a 5xx', async () => {
    const before = await leftBehind();
    const routes = api.app.routeTable;
    const covered = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(...ROLES),
        bodyArbitrary,
        framingArbitrary,
        fc.option(fc.integer({ min: 17_000, max: 60_000 }), { freq: 12 }),
        async (route, chosen, body, framing, hugeHeader) => {
          const who: Who = SESSION_ENDING.has(route.url) ? 'none' : chosen;
          if (STREAMS.has(route.url) && who !== 'none') return;
          covered.add(key(route.method, route.url));
          sent++;
          const url = urlOf(route);
          const request = framed(body, framing);
          const headers = hugeHeader ? { ...request.headers, 'x-relleno': 'a'.repeat(hugeHeader) } : request.headers;
          const answer = await send(headOf(route.method, url, who, headers), request.pieces, request);
          const where = `${route.method} ${url} as ${who}, ${body.kind}, ${framing}${hugeHeader ? `, header of ${hugeHeader}` : ''}`;
          if (hugeHeader) expect(answer.status, where).toBe(431);
          expectRefusedOrIgnored(answer, route, where);
        },
      ),
      { seed, numRuns: 3_000, endOnFailure: true },
    );
    // Each route was reached more than once.
    expect(covered.size).toBeGreaterThanOrEqual(routes.length - 1);
    expect(await leftBehind()).toEqual(before);
    await healthy();
  }, 240_000);
});
