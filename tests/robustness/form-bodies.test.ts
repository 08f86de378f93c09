import { connect } from 'node:net';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_AREAS, type Role } from '@contract/roles';
import { AREA_ROUTES } from '../../app/navigation/area-routes';
import { SCREENS_BY_ROLE, type Screen } from '../../app/navigation/screens';
import { buildDir, startOwnProduct, type OwnProduct } from '../e2e/processes';
import { rawRequest } from '../shared/raw-http';
import { PRIVACY_POLICY_VERSION } from '../../contract/privacy-policy';

/**
 * No request stops the web process (docs/decisions/131-no-request-stops-a-process.md). The web
 * app of the production build and its API (demo seed) run as real processes; generated bodies go
 * to every form action of every role, signed in as each demo role (the public forms signed out):
 * url-encoded and multipart bodies cut at any offset, wrong or missing boundaries, bodies that are
 * not forms (JSON, XML, text, octet-stream), oversized headers, malformed Host headers, bodies
 * dribbled then cut. After each, the web process is alive and answers /healthz, and the answer was:
 * - 400 for a body that is not a form or cannot be read (app/server/form-body.server.ts), even
 *   where the action would read none (sign-out, a second step with none waiting);
 * - below 500 for a well-formed body with odd values (a url-encoded body cut short is still one):
 *   the form's own answer, a redirect (3xx, or 202 for React Router's `.data` requests);
 * - 431 (headers too large) or 400 (malformed Host or request target) with the connection closed
 *   by the server.
 */

type Target = { role: Role | null; path: string; cookie: string };
type Case =
  | { kind: 'not-a-form'; contentType: string | null; body: string }
  | { kind: 'unreadable-multipart'; contentType: string; body: Buffer }
  | { kind: 'well-formed'; contentType: string; body: Buffer }
  | { kind: 'huge-header'; size: number }
  | { kind: 'bad-host'; host: string }
  | { kind: 'bad-target'; target: string }
  | { kind: 'slow-cut'; contentType: string; body: Buffer; pieces: number };

const ROLES = Object.keys(ROLE_AREAS) as Role[];
const EMAIL: Record<Role, string> = {
  ADMIN: 'admin@concesion.demo',
  SUPERVISOR: 'supervisor@concesion.demo',
  OPERATOR: 'operador@concesion.demo',
  INSPECTOR: 'inspector@concesion.demo',
  DRIVER: 'conductor@concesion.demo',
};
/** Field names the app's forms use, so generated bodies reach their validation. */
const FIELDS = ['intent', 'email', 'password', 'passwordConfirm', 'terms', 'redirectTo', 'code', 'description', 'kilometer', 'orientation', 'classificationId', 'dateEvent', 'statusCode', 'comment', 'internal', 'assignedToId', 'fullName', 'theme', 'ids', 'id', 'firstName', 'lastName', 'phone', 'rut'];
const BOUNDARY = 'robustez-0123456789';

let product: OwnProduct;
let port: number;
let targets: Target[] = [];

/** The web app's route table, from the build: every route with an action, its full path pattern. */
async function actionPatterns(): Promise<string[]> {
  const build = (await import(path.resolve(buildDir, 'server/index.js'))) as {
    routes: Record<string, { id: string; parentId?: string; path?: string; module: { action?: unknown } }>;
  };
  const full = (id: string | undefined): string => {
    if (!id) return '';
    const route = build.routes[id]!;
    return [full(route.parentId), route.path ?? ''].filter(Boolean).join('/');
  };
  return Object.values(build.routes)
    .filter((route) => typeof route.module.action === 'function')
    .map((route) => `/${full(route.id)}`);
}

/** Whether a role has the area page `inArea` (as app/server/auth/auth.server.ts decides). */
function roleHas(role: Role, inArea: string): boolean {
  const route = AREA_ROUTES.find((candidate) => candidate.path === inArea);
  if (!route) return inArea === '';
  if (route.screen && !(SCREENS_BY_ROLE[role] as readonly Screen[]).includes(route.screen)) return false;
  return !route.roles || route.roles.includes(role);
}

async function signIn(email: string, password = 'Demo-2026'): Promise<string> {
  const response = await fetch(`${product.webURL}/user/login`, {
    method: 'POST',
    body: new URLSearchParams({ email, password, terms: 'on', redirectTo: '' }),
    redirect: 'manual',
  });
  expect(response.status, email).toBe(302);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';', 1)[0])
    .join('; ');
}

const page = async (cookie: string, at: string) => (await fetch(`${product.webURL}${at}`, { headers: { cookie } })).text();

beforeAll(async () => {
  product = await startOwnProduct('robustness');
  port = Number(new URL(product.webURL).port);
  // An account of the test's own for the admin's per-user actions (ending its sessions, deleting it).
  const spare = `repuesto.${Date.now()}@correo.cl`;
  const created = await fetch(`${product.apiURL}/api/profile/new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: spare, password: 'Clave-prueba-1', firstName: 'Repuesto', lastName: 'Prueba', phone: '+56912345678', rut: '12.345.678-5', privacyPolicyVersion: PRIVACY_POLICY_VERSION }),
  });
  expect(created.status).toBe(201);
  const spareUuid = String((await created.json()).payload.uuid);

  const patterns = await actionPatterns();
  const cookies = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, await signIn(EMAIL[role])] as const)));
  for (const pattern of patterns) {
    if (!pattern.startsWith('/:area')) {
      targets.push({ role: null, path: pattern === '/*' ? '/no-existe' : pattern, cookie: '' });
      continue;
    }
    const inArea = pattern.replace(/^\/:area\/?/, '');
    for (const role of ROLES) {
      if (!roleHas(role, inArea)) continue;
      const area = ROLE_AREAS[role];
      let filled = pattern.replace(':area', area).replace(':uuid', spareUuid);
      if (filled.includes(':id')) {
        const id = new RegExp(`/${area}/events/(\\d+)`).exec(await page(cookies[role]!, `/${area}/events`))?.[1];
        expect(id, `an event ${role} sees`).toBeDefined();
        filled = filled.replace(':id', id!);
      }
      targets.push({ role, path: filled, cookie: cookies[role]! });
    }
  }
  // Every role's area and the public forms are covered.
  expect(new Set(targets.map((t) => t.role))).toEqual(new Set([null, ...ROLES]));
  expect(targets.length).toBeGreaterThan(20);
});
afterAll(() => product?.stop());

const text = fc.string({ maxLength: 40 });
const fields = fc.array(fc.tuple(fc.constantFrom(...FIELDS), text), { minLength: 1, maxLength: 6 });
const urlencoded = fields.map((pairs) => Buffer.from(new URLSearchParams(pairs).toString()));
const multipart = fc
  .tuple(fields, fc.array(fc.tuple(fc.constantFrom('files', 'file'), fc.uint8Array({ maxLength: 2_000 })), { maxLength: 2 }))
  .map(([pairs, files]) => {
    const parts = pairs.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    const fileParts = files.map(([name, bytes], i) =>
      Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="foto-${i}.png"\r\nContent-Type: image/png\r\n\r\n`),
        Buffer.from(bytes),
        Buffer.from('\r\n'),
      ]),
    );
    return Buffer.concat([Buffer.from(parts.join('')), ...fileParts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
  });
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const URLENCODED = 'application/x-www-form-urlencoded';

/** Cut anywhere before the closing delimiter is complete (dropping only its final CRLF would leave a valid body). */
const cutMultipart = fc.tuple(multipart, fc.double({ min: 0, max: 1, noNaN: true })).map(([body, at]) => body.subarray(0, Math.floor(at * (body.length - 3))));
const cutUrlencoded = fc.tuple(urlencoded, fc.double({ min: 0, max: 1, noNaN: true })).map(([body, at]) => body.subarray(0, Math.floor(at * body.length)));

const cases: fc.Arbitrary<Case> = fc.oneof(
  fc.record({
    kind: fc.constant('not-a-form' as const),
    contentType: fc.constantFrom('application/json', 'application/xml', 'text/xml', 'text/plain', 'application/octet-stream', null, 'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x'),
    body: fc.oneof(fc.constantFrom('{"email":"a@b.cl"}', '<form><a>1</a></form>', 'intent=delete'), fc.string({ minLength: 1, maxLength: 200 })),
  }),
  fc.record({ kind: fc.constant('unreadable-multipart' as const), contentType: fc.constant(MULTIPART), body: cutMultipart }),
  fc.record({
    kind: fc.constant('unreadable-multipart' as const),
    contentType: fc.constantFrom('multipart/form-data; boundary=otro-limite', 'multipart/form-data; boundary="x"'),
    body: multipart,
  }),
  fc.record({ kind: fc.constant('well-formed' as const), contentType: fc.constant(URLENCODED), body: fc.oneof(urlencoded, cutUrlencoded) }),
  fc.record({ kind: fc.constant('well-formed' as const), contentType: fc.constant(MULTIPART), body: multipart }),
  fc.record({ kind: fc.constant('huge-header' as const), size: fc.integer({ min: 17_000, max: 80_000 }) }),
  fc.record({ kind: fc.constant('bad-host' as const), host: fc.constantFrom('[::1', '%00', '', ' ', 'a b', 'x:99999') }),
  fc.record({ kind: fc.constant('bad-target' as const), target: fc.constantFrom('http://[::1/x', 'http://a b/', 'http://%00/', '//[::1') }),
  fc.record({
    kind: fc.constant('slow-cut' as const),
    contentType: fc.constantFrom(MULTIPART, URLENCODED),
    body: multipart,
    pieces: fc.integer({ min: 1, max: 4 }),
  }),
);

function head(target: Target, extra: string[]): string {
  return [`POST ${target.path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close', ...(target.cookie ? [`Cookie: ${target.cookie}`] : []), ...extra].join('\r\n');
}

/** Sends part of a body in pieces, a few milliseconds apart, then drops the connection. */
function dribbleThenCut(target: Target, contentType: string, body: Buffer, pieces: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
    socket.write(`${head(target, [`Content-Type: ${contentType}`, `Content-Length: ${body.length + 100}`])}\r\n\r\n`);
    let sent = 0;
    const step = Math.max(1, Math.floor(body.length / (pieces + 1)));
    const next = (left: number) => {
      if (left === 0) return socket.destroy();
      socket.write(body.subarray(sent, sent + step));
      sent += step;
      setTimeout(() => next(left - 1), 15);
    };
    next(pieces);
  });
}

async function webIsUp(): Promise<boolean> {
  const pid = product.web().pid!;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  return (await fetch(`${product.webURL}/healthz`)).status === 200;
}

describe('generated bodies to every form action of every role', () => {
  it('never stop the web process, and answer 400 to what cannot be read, below 500 to what can', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.nat(), cases, fc.boolean(), async (pick, sent, dataRequest) => {
        const base = targets[pick % targets.length]!;
        // Half the time the request React Router's own JavaScript makes (`.data`).
        const target = dataRequest && base.path !== '/no-existe' ? { ...base, path: `${base.path}.data` } : base;
        seen.add(`${base.role ?? 'public'} ${base.path}`);
        const label = `${sent.kind} → ${target.path}`;
        switch (sent.kind) {
          case 'not-a-form': {
            const type = sent.contentType === null ? [] : [`Content-Type: ${sent.contentType}`];
            const answer = await rawRequest(port, `${head(target, [...type, `Content-Length: ${Buffer.byteLength(sent.body)}`])}\r\n\r\n${sent.body}`);
            expect(answer.status, label).toBe(400);
            break;
          }
          case 'unreadable-multipart': {
            const answer = await rawRequest(port, Buffer.concat([Buffer.from(`${head(target, [`Content-Type: ${sent.contentType}`, `Content-Length: ${sent.body.length}`])}\r\n\r\n`), sent.body]));
            expect(answer.status, label).toBe(400);
            break;
          }
          case 'well-formed': {
            const answer = await rawRequest(port, Buffer.concat([Buffer.from(`${head(target, [`Content-Type: ${sent.contentType}`, `Content-Length: ${sent.body.length}`])}\r\n\r\n`), sent.body]));
            expect(answer.status, label).toBeGreaterThanOrEqual(200);
            expect(answer.status, label).toBeLessThan(500);
            break;
          }
          case 'huge-header': {
            const answer = await rawRequest(port, `${head(target, [`X-Relleno: ${'a'.repeat(sent.size)}`, 'Content-Length: 0'])}\r\n\r\n`);
            expect(answer.status, label).toBe(431);
            expect(answer.closedByServer, label).toBe(true);
            break;
          }
          case 'bad-host': {
            const request = head(target, ['Content-Length: 0']).replace(`Host: 127.0.0.1:${port}`, `Host: ${sent.host}`);
            const answer = await rawRequest(port, `${request}\r\n\r\n`);
            expect(answer.status, label).toBe(400);
            expect(answer.head.toLowerCase(), label).toContain('connection: close');
            expect(answer.closedByServer, label).toBe(true);
            break;
          }
          case 'bad-target': {
            const request = head(target, ['Content-Length: 0']).replace(`POST ${target.path} `, `POST ${sent.target} `);
            const answer = await rawRequest(port, `${request}\r\n\r\n`);
            expect(answer.status, label).toBe(400);
            expect(answer.closedByServer, label).toBe(true);
            break;
          }
          case 'slow-cut':
            await dribbleThenCut(target, sent.contentType, sent.body, sent.pieces);
            break;
        }
        expect(await webIsUp(), `web process alive after ${label}`).toBe(true);
      }),
      { numRuns: 500, endOnFailure: true },
    );
    // The runs reached most of the targets (picked at random: not necessarily all in one run).
    expect(seen.size, [...seen].join(', ')).toBeGreaterThan(targets.length * 0.6);
  });

  it('send every target each kind of unreadable body once', async () => {
    for (const target of targets) {
      const cut = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="description"\r\n\r\nabc\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nAAAAAAAAAA`);
      const truncated = await rawRequest(port, Buffer.concat([Buffer.from(`${head(target, [`Content-Type: ${MULTIPART}`, `Content-Length: ${cut.length}`])}\r\n\r\n`), cut]));
      expect(truncated.status, target.path).toBe(400);
      const json = await rawRequest(port, `${head(target, ['Content-Type: application/json', 'Content-Length: 2'])}\r\n\r\n{}`);
      expect(json.status, target.path).toBe(400);
      expect(await webIsUp(), target.path).toBe(true);
    }
  });
});

describe('request ids', () => {
  it("are the web app's own unless a trusted proxy sent them (no WEB_TRUSTED_PROXIES here)", async () => {
    const chosen = 'elegido-por-el-cliente-1';
    const answer = await fetch(`${product.webURL}/user/login`, { headers: { 'x-request-id': chosen } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
