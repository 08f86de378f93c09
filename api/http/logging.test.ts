import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { isTrustedWebAddress } from './logging';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../platform/db/client';
import { seedDatabase } from '../platform/db/seed';
import { authBody, DEMO_PASSWORD } from '../test/helper';
import type { FastifyInstance } from 'fastify';

/** The API's access log and request ids (docs/decisions/121-observability.md), read from the lines it writes. */
let database: DatabaseHandle;
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];
const raw: string[] = [];

beforeAll(async () => {
  database = openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await seedDatabase(database.db, { demo: true, demoTickets: 2 });
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line));
    }
  });
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/api-logging-test', METRICS_TOKEN: 'token-de-metricas-0123456789' }), twoStepRoles: [] };
  app = await buildApp({ config, db: database.db, logStream: stream, queryCount: database.queryCount });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** The lines of one request, once its access line is written (the stream delivers lines a moment later). */
async function linesOf(requestId: string): Promise<Record<string, unknown>[]> {
  return vi.waitFor(() => {
    const found = lines.filter((line) => line.requestId === requestId);
    if (!found.some((line) => typeof line.status === 'number')) throw new Error(`no access line of ${requestId} yet`);
    return found;
  });
}

describe('request ids', () => {
  it('keeps a valid incoming id: in the answer and on every line of the request', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth', headers: { 'x-request-id': 'web-abc-12345' }, payload: authBody('conductor@concesion.demo') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe('web-abc-12345');
    const access = (await linesOf('web-abc-12345')).find((line) => line.msg === 'request');
    expect(access).toMatchObject({ service: 'api', method: 'POST', route: '/api/auth', status: 200, role: null });
    expect(typeof access!.ms).toBe('number');
    expect(access!.bytes).toBeGreaterThan(0);
  });

  it('replaces an id that is not one with a new random one', async () => {
    for (const bad of ['corto', 'x'.repeat(65), 'con espacio 123', 'linea\\nnueva-123']) {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("keeps a caller's id only when the caller is one of the web app's processes (TRUSTED_WEB_ADDRESSES)", async () => {
    // The default trusts 127.0.0.1 and ::1 (above); any other address gets an id of the API's own.
    const outsider = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9', headers: { 'x-request-id': 'chosen-by-outsider-1' } });
    expect(outsider.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const mapped = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '::ffff:127.0.0.1', headers: { 'x-request-id': 'web-mapped-12345' } });
    expect(mapped.headers['x-request-id']).toBe('web-mapped-12345');
  });

  it('reads TRUSTED_WEB_ADDRESSES as addresses or ranges, as Fastify does', () => {
    const config = { trustedWebAddresses: ['10.0.1.0/24', '::1', 'fd00::/64'] };
    expect(isTrustedWebAddress(config, '10.0.1.77')).toBe(true);
    expect(isTrustedWebAddress(config, '::ffff:10.0.1.77')).toBe(true);
    expect(isTrustedWebAddress(config, '10.0.2.1')).toBe(false);
    expect(isTrustedWebAddress(config, '::1')).toBe(true);
    expect(isTrustedWebAddress(config, 'fd00::5')).toBe(true);
    expect(isTrustedWebAddress(config, '127.0.0.1')).toBe(false);
    expect(isTrustedWebAddress(config, undefined)).toBe(false);
  });

  it('gives each request without an id a new one', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/health' });
    const b = await app.inject({ method: 'GET', url: '/api/health' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('access lines', () => {
  it('name the route pattern and the role, never the path itself', async () => {
    const token = (await app.inject({ method: 'POST', url: '/api/auth', payload: authBody('operador@concesion.demo') })).headers.authorization as string;
    await app.inject({ method: 'GET', url: '/api/ticket/1', headers: { authorization: token, 'x-request-id': 'ticket-read-0001' } });
    expect((await linesOf('ticket-read-0001'))[0]).toMatchObject({ route: '/api/ticket/:id', role: 'OPERATOR', status: 200 });
    await app.inject({ method: 'GET', url: '/api/profile/forgotten/conductor@concesion.demo', headers: { 'x-request-id': 'recovery-0001' } });
    expect((await linesOf('recovery-0001'))[0]).toMatchObject({ route: '/api/profile/forgotten/:email', status: 200 });
    const everything = raw.join('\n');
    for (const secret of ['conductor@concesion.demo', 'operador@concesion.demo', DEMO_PASSWORD, token.replace('Bearer ', '')]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('log an unknown path as "(none)" with its 404, as information', async () => {
    await app.inject({ method: 'GET', url: '/api/no-existe', headers: { 'x-request-id': 'unknown-path-01' } });
    expect((await linesOf('unknown-path-01'))[0]).toMatchObject({ route: '(none)', status: 404, level: 30 });
  });
});

describe('/metrics', () => {
  it('counts requests by route pattern and status, for the token holder only', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer otro' } })).statusCode).toBe(404);
    const read = async () => (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer token-de-metricas-0123456789' } })).body;
    const count = (text: string) => Number(/^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} (\d+)$/m.exec(text)?.[1] ?? 0);
    const before = count(await read());
    await app.inject({ method: 'GET', url: '/api/health' });
    expect(count(await read())).toBe(before + 1);
  });

  it("counts the database's statements, so a page view's cost can be read (npm run bench)", async () => {
    const read = async () => (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer token-de-metricas-0123456789' } })).body;
    const queries = (text: string) => Number(/^db_queries_total (\d+)$/m.exec(text)?.[1]);
    const idle = queries(await read());
    const quiet = queries(await read()) - idle;
    const before = queries(await read());
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'operador@concesion.demo', password: 'Demo-2026', providerId: 'email', tokenId: '' },
    });
    expect(signIn.statusCode).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/ticket/list/all?size=5', headers: { authorization: String(signIn.headers.authorization) } });
    expect(list.statusCode).toBe(200);
    // Signing in and listing read the database several times; reading the metrics alone, once at most.
    expect(queries(await read()) - before - quiet).toBeGreaterThanOrEqual(3);
    expect(quiet).toBeLessThanOrEqual(1);
  });
});
