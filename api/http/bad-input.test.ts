import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/client';
import { bearer, createTestApi, signIn, type TestApi } from '../test/helper';

/**
 * Bad input never gives a 5xx (docs/security.md, V2.2.1): generated bodies, queries and paths sent to every
 * route the API has (its own route table, so a new endpoint is covered without touching this
 * file), without a token and with a driver's and an admin's, must answer 4xx in the error
 * envelope, and store nothing. FC_SEED reproduces a failing run.
 */
let api: TestApi;
let tokens: { none: null; driver: string; admin: string };
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 5, throttleLimits: { perAddress: 1_000_000, perPair: 1_000_000, perAccount: 1_000_000 } });
  tokens = { none: null, driver: await signIn(api.app, 'conductor@concesion.demo'), admin: await signIn(api.app, 'admin@concesion.demo') };
  const [ticket] = await queryRows<{ id: number }>(api.database.db, sql`select min(id)::int as id from ticket`);
  const [driver] = await queryRows<{ id: string }>(api.database.db, sql`select id from profile where email = 'conductor@concesion.demo'`);
  realParams = [String(ticket!.id), driver!.id];
});
afterAll(() => api.close());

const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : 20_261_124;

/** Values no field of the contract accepts: NUL, lone surrogates, huge or odd numbers, wrong types. */
const badScalar = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '99999999999999999999999999',
    '-1',
    '1e309',
    'NaN',
    '0x1F',
    '1.5',
    '',
    ' ',
    "' or 1=1 --",
    '%00',
    '../../etc/passwd',
    '\u202E',
    'null',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `${s}\u0000`),
  fc.string({ unit: 'binary-ascii', maxLength: 3 }).map((s) => `\uD83D${s}`),
  fc.constant('a'.repeat(70_000)),
  fc.constantFrom(-1, 0, 1.5, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, 1e308),
  fc.constantFrom(true, false, null),
);
const badValue = fc.oneof(
  { depthSize: 'small' },
  badScalar,
  fc.array(badScalar, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('id', 'code', '__proto__', 'constructor'), badScalar, { maxKeys: 2 }),
);

/** Every name a body or query of the contract uses, so generated input reaches the validators. */
const FIELDS = [
  'email', 'password', 'providerId', 'tokenId', 'firstName', 'lastName', 'phone', 'rut', 'realAddress', 'profileCode',
  'uuid', 'currentPassword', 'token', 'description', 'kilometer', 'sector', 'commune', 'orientation', 'dateEvent',
  'classificationId', 'fullName', 'channelCode', 'statusCode', 'closureReason', 'closureMessage', 'assignedToId',
  'comment', 'internal', 'text', 'q', 'page', 'size', 'sort', 'status', 'tab', 'from', 'to', 'year', 'month', 'type',
  'format', 'lat', 'lng', 'latitude', 'longitude', 'dateFrom', 'dateTo', 'late', 'assigned', 'id',
];
const badObject = fc.dictionary(fc.constantFrom(...FIELDS), badValue, { minKeys: 1, maxKeys: 6 });
const badBody = fc.oneof(
  badObject.map((o) => ({ json: o })),
  fc.oneof(badScalar, fc.array(badValue, { maxLength: 3 })).map((v) => ({ json: v })),
  fc.constantFrom('{', '{"email":', '[1,2', 'nul', '{"a":"\\ud800"}', '{"a":1e999}', '\u0000').map((raw) => ({ raw, type: 'application/json' })),
  fc.constantFrom(
    // Malformed multipart: no boundary, a wrong one, a truncated body, a part without headers.
    { raw: '--x\r\ncontent-disposition: form-data; name="files"; filename="a.png"\r\n\r\nabc', type: 'multipart/form-data' },
    { raw: '--x\r\ncontent-disposition: form-data; name="files"; filename="a.png"\r\n\r\nabc', type: 'multipart/form-data; boundary=y' },
    { raw: '--x\r\ncontent-disposition: form-data; name="files"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\u0089PNG', type: 'multipart/form-data; boundary=x' },
    { raw: '--x\r\n\r\n\r\n--x--', type: 'multipart/form-data; boundary=x' },
    { raw: '--x\r\ncontent-disposition: form-data; name="\u0000"\r\n\r\nv\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
    { raw: 'garbage', type: 'multipart/form-data; boundary=' },
    { raw: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
    { raw: '<x/>', type: 'text/xml' },
  ),
);
/** A path parameter no resource has. */
const badParam = fc.oneof(
  badScalar.map((v) => String(v)),
  fc.constantFrom('0', '999999999', '00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1;select 1', '%2e%2e%2f', '%00', '%ZZ'),
);
/** Resources that exist, so bad bodies and queries reach the handlers behind the lookups. */
let realParams: string[] = [];
const badQuery = fc.oneof(
  // One bad parameter alone reaches its own validator; several test how they combine.
  fc.tuple(fc.constantFrom(...FIELDS), badScalar).map(([key, value]) => ({ [key]: String(value) })),
  fc.dictionary(fc.constantFrom(...FIELDS), badScalar.map((v) => String(v)), { maxKeys: 4 }),
);

const encodeParam = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate cannot be percent-encoded: send it as bytes a browser could.
    return value.replace(/[\uD800-\uDFFF]/g, '%ED%A0%80');
  }
};
const fillPath = (url: string, param: string) => url.replace(/:[A-Za-z]+(\([^)]*\))?/g, param.startsWith('%') ? param : encodeParam(param));
const queryString = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([k, v]) => `${k}=${encodeParam(v)}`)
    .join('&');

/** Answers that end or replace the caller's session are sent without a live token (they are valid without a body). */
const SESSION_ENDING = new Set(['/api/auth/logout', '/api/profile/me/sessions/end-others', '/api/notification/profile/:id/read-all']);
/** Actions that need no body: on a resource that exists they would rightly act, so they get bad ids only. */
const BODYLESS_ACTIONS = /\/(delete|disable|enable|read|read-all|end|end-others|logout|reset|setup)(\/|$)/;
/** Long-lived answers, checked for their status only. */
const STREAMS = new Set(['/api/notification/stream']);

/** Tables whose rows a request could add: their counts must not move. */
const STORED = ['ticket', 'comment', 'ticket_history', 'attachment', 'profile', 'notification', 'mail_queue', 'password_reset', 'email_confirmation'];
async function storedCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of STORED) {
    const [row] = await queryRows<{ n: number; changed: string | null }>(api.database.db, sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = row!.n;
  }
  const [profiles] = await queryRows<{ changed: Date | null }>(api.database.db, sql`select max(updated_at) as changed from profile`);
  const [tickets] = await queryRows<{ changed: Date | null }>(api.database.db, sql`select max(updated_at) as changed from ticket`);
  counts.profileChanged = profiles?.changed ? new Date(profiles.changed).getTime() : 0;
  counts.ticketChanged = tickets?.changed ? new Date(tickets.changed).getTime() : 0;
  return counts;
}

describe('bad input, to every route', () => {
  it('covers the whole route table', () => {
    expect(api.app.routeTable.length).toBeGreaterThan(30);
  });

  it('NUL bytes and malformed multipart bodies are refused with a 4xx', async () => {
    const nulEmail = await api.app.inject({ method: 'GET', url: '/api/profile/forgotten/a%00b%40correo.cl' });
    expect(nulEmail.statusCode).toBe(200); // the same answer as for any address, and nothing sent
    const nulSearch = await api.app.inject({ method: 'GET', url: '/api/user/list?q=a%00b', headers: bearer(tokens.admin) });
    expect(nulSearch.statusCode).toBe(400);
    const nulTicketSearch = await api.app.inject({ method: 'GET', url: '/api/ticket/list/all?q=a%00b', headers: bearer(tokens.admin) });
    expect(nulTicketSearch.statusCode).toBe(400);
    const upload = `/api/ticket/${realParams[0]}/attachment`;
    const part = '--x\r\ncontent-disposition: form-data; name="files"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\u0089PNG';
    for (const [type, payload] of [
      ['multipart/form-data', part],
      ['multipart/form-data; boundary=y', part],
      ['multipart/form-data; boundary=x', part],
      ['multipart/form-data; boundary=x', '--x\r\n\r\n\r\n--x--'],
    ] as const) {
      for (const url of [upload, '/api/ticket']) {
        const response = await api.app.inject({ method: 'POST', url, headers: { ...bearer(tokens.admin), 'content-type': type }, payload });
        expect(response.statusCode, `${url} ${type}: ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} ${type}: ${response.body}`).toBeLessThan(500);
        expect(typeof response.json().errors.message).toBe('string');
      }
    }
  });

  it('answers 4xx in the error envelope, never 5xx, and stores nothing', async () => {
    const before = await storedCounts();
    let sent = 0;
    const routes = api.app.routeTable;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom('none', 'driver', 'admin') as fc.Arbitrary<keyof typeof tokens>,
        fc.oneof({ weight: 3, arbitrary: badParam }, { weight: 1, arbitrary: fc.constantFrom(...realParams.length ? realParams : ['1']) }),
        badQuery,
        badBody,
        async (route, who, chosenParam, query, body) => {
          const param = BODYLESS_ACTIONS.test(route.url) && realParams.includes(chosenParam) ? '0' : chosenParam;
          const token = SESSION_ENDING.has(route.url) ? null : tokens[who];
          const qs = queryString(query);
          const url = `${fillPath(route.url, param)}${qs ? `?${qs}` : ''}`;
          const headers: Record<string, string> = { 'x-forwarded-for': `10.99.${sent % 250}.${Math.floor(sent / 250) % 250}`, ...(token ? bearer(token) : {}) };
          const withBody = route.method !== 'GET' && route.method !== 'DELETE';
          let payload: string | undefined;
          if (withBody && 'json' in body) {
            payload = JSON.stringify(body.json);
            headers['content-type'] = 'application/json';
          } else if (withBody && 'raw' in body) {
            payload = body.raw;
            headers['content-type'] = body.type;
          }
          sent++;
          if (STREAMS.has(route.url)) {
            // A live stream with a valid token stays open: only refusals are looked at.
            if (token) return;
          }
          const response = await api.app.inject({ method: route.method as 'GET', url, headers, payload });
          const where = `${route.method} ${url.slice(0, 200)} as ${who}`;
          expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            const envelope = response.json() as { errors?: { message?: unknown } };
            expect(typeof envelope.errors?.message, `${where}: ${response.body.slice(0, 300)}`).toBe('string');
          }
        },
      ),
      { seed, numRuns: 3_000, endOnFailure: true },
    );
    expect(sent).toBeGreaterThanOrEqual(3_000);
    expect(await storedCounts()).toEqual(before);
  }, 180_000);
});
