import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, signInCallers, storedCounts, validTicketBody, type Callers } from '../../test/tickets';

/**
 * The authorization table: every ticket endpoint, for every role, against a ticket the
 * demo driver reported ("own") and one another driver reported ("foreign").
 */
let api: TestApi;
let who: Callers;
let own: number;
let foreign: number;

beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  who = await signInCallers(api);
  own = (await createTicket(api, who.driver)).id;
  foreign = (await createTicket(api, who.otherDriver)).id;
});
afterAll(() => api.close());

type Role = 'driver' | 'operator' | 'supervisor' | 'inspector' | 'admin';
type Endpoint = { method: 'GET' | 'POST' | 'PUT'; url: () => string; body?: () => object };

const endpoints: Record<string, Endpoint> = {
  'GET list/me': { method: 'GET', url: () => '/api/ticket/list/me' },
  'GET list/operator/{id}': { method: 'GET', url: () => `/api/ticket/list/operator/${who.operator.id}` },
  'GET list/all': { method: 'GET', url: () => '/api/ticket/list/all' },
  'GET own': { method: 'GET', url: () => `/api/ticket/${own}` },
  'GET foreign': { method: 'GET', url: () => `/api/ticket/${foreign}` },
  'GET own history': { method: 'GET', url: () => `/api/ticket/${own}/history` },
  'GET foreign history': { method: 'GET', url: () => `/api/ticket/${foreign}/history` },
  'POST ticket': { method: 'POST', url: () => '/api/ticket', body: () => validTicketBody() },
  'PUT own': { method: 'PUT', url: () => `/api/ticket/${own}`, body: () => ({ description: `Revisado ${Math.random()}` }) },
  'PUT foreign': { method: 'PUT', url: () => `/api/ticket/${foreign}`, body: () => ({ description: `Revisado ${Math.random()}` }) },
  'GET category': { method: 'GET', url: () => '/api/ticket/category' },
  'GET profile/operator': { method: 'GET', url: () => '/api/profile/operator' },
  'GET road/profile': { method: 'GET', url: () => '/api/road/profile' },
  'GET nearby': { method: 'GET', url: () => '/api/ticket/nearby?kilometer=23,5&orientation=NORTH_SOUTH' },
};

//                              driver operator supervisor inspector admin
const expected: Record<string, [number, number, number, number, number]> = {
  'GET list/me':              [200, 200, 200, 200, 200],
  'GET list/operator/{id}':   [403, 200, 200, 200, 200],
  'GET list/all':             [403, 200, 200, 200, 200],
  'GET own':                  [200, 200, 200, 200, 200],
  'GET foreign':              [404, 200, 200, 200, 200],
  'GET own history':          [200, 200, 200, 200, 200],
  'GET foreign history':      [404, 200, 200, 200, 200],
  'POST ticket':              [201, 201, 201, 403, 201],
  'PUT own':                  [403, 200, 200, 403, 200],
  'PUT foreign':              [404, 200, 200, 403, 200],
  'GET category':             [200, 200, 200, 200, 200],
  'GET profile/operator':     [403, 200, 200, 200, 200],
  'GET road/profile':         [200, 200, 200, 200, 200],
  'GET nearby':               [200, 200, 200, 200, 200],
};
const roles: Role[] = ['driver', 'operator', 'supervisor', 'inspector', 'admin'];

const call = (endpoint: Endpoint, headers: Record<string, string> = {}) =>
  api.app.inject({ method: endpoint.method, url: endpoint.url(), headers, ...(endpoint.body ? { payload: endpoint.body() } : {}) });

describe('every endpoint for every role', () => {
  const cases = Object.keys(endpoints).flatMap((name) => roles.map((role, i) => [name, role, expected[name]![i]!] as const));

  it.each(cases)('%s as %s -> %i', async (name, role, status) => {
    const before = status >= 400 ? await storedCounts(api) : undefined;
    const response = await call(endpoints[name]!, who[role].headers);
    expect(response.statusCode, response.body).toBe(status);
    if (status === 403) expect(response.json()).toEqual({ errors: { message: messages.forbidden } });
    if (status === 404) expect(response.json()).toEqual({ errors: { message: messages.notFound } });
    if (before) expect(await storedCounts(api)).toEqual(before);
  });

  it.each(Object.keys(endpoints))('%s without a token -> 401', async (name) => {
    const response = await call(endpoints[name]!);
    expect(response.statusCode).toBe(401);
  });

  it('the table covers every role for every endpoint', () => {
    expect(Object.keys(expected).sort()).toEqual(Object.keys(endpoints).sort());
  });
});

describe('what a driver can learn about other people\'s tickets', () => {
  it('a foreign ticket looks exactly like one that does not exist', async () => {
    const foreignAnswer = await api.app.inject({ method: 'GET', url: `/api/ticket/${foreign}`, headers: who.driver.headers });
    const missing = await api.app.inject({ method: 'GET', url: '/api/ticket/987654', headers: who.driver.headers });
    expect(foreignAnswer.statusCode).toBe(missing.statusCode);
    expect(foreignAnswer.body).toBe(missing.body);
  });

  it('the other driver is refused the first driver\'s ticket the same way', async () => {
    const response = await api.app.inject({ method: 'GET', url: `/api/ticket/${own}`, headers: who.otherDriver.headers });
    expect(response.statusCode).toBe(404);
  });

  it('a driver\'s lists hold only what they reported', async () => {
    const page = (await api.app.inject({ method: 'GET', url: '/api/ticket/list/me?size=100', headers: who.driver.headers })).json().payload;
    expect(page.content.map((t: { id: number }) => t.id)).not.toContain(foreign);
    expect(page.content.map((t: { id: number }) => t.id)).toContain(own);
  });

  it('possible duplicates show a driver no ids and nothing personal', async () => {
    const url = '/api/ticket/nearby?kilometer=23,5&orientation=NORTH_SOUTH';
    const forDriver = (await api.app.inject({ method: 'GET', url, headers: who.driver.headers })).json().payload;
    expect(forDriver.length).toBeGreaterThanOrEqual(2);
    for (const item of forDriver) {
      expect(Object.keys(item).sort()).toEqual(['classificationName', 'createdAt', 'dateEvent', 'folio', 'following', 'kilometer', 'orientation', 'statusCode', 'type']);
    }
    const forStaff = (await api.app.inject({ method: 'GET', url, headers: who.operator.headers })).json().payload;
    expect(forStaff[0]).toHaveProperty('id');
  });
});
