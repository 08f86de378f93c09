import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../platform/db/client';
import { seedDatabase } from '../platform/db/seed';
import type { FastifyInstance } from 'fastify';

/**
 * The database gone (docs/decisions/114-graceful-shutdown-and-readiness.md): through a TCP path of our own to the
 * real PostgreSQL, which this test pauses (bytes stop flowing, as a broken network) or closes (connections refused).
 */
const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? `${process.env.TEST_POSTGRES_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432'}/postgres`);
const name = `down_${Date.now()}`;
let proxy: net.Server;
let proxyPort = 0;
let mode: 'open' | 'paused' | 'refusing' = 'open';
const sockets = new Set<net.Socket>();
let database: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: new URL('/postgres', serverUrl).toString() });
  await client.connect();
  await client.query(sql);
  await client.end();
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  proxy = net.createServer((client) => {
    if (mode === 'refusing') return client.destroy();
    const upstream = net.connect(Number(serverUrl.port || 5432), serverUrl.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    // Paused: nothing passes either way, and nothing is closed.
    client.on('data', (chunk) => mode !== 'paused' && upstream.write(chunk));
    upstream.on('data', (chunk) => mode !== 'paused' && client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as net.AddressInfo).port;
  const url = new URL(`/${name}`, serverUrl);
  url.host = `127.0.0.1:${proxyPort}`;
  database = openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  await database.migrate();
  await seedDatabase(database.db, { demo: true, demoTickets: 0 });
  dataDir = mkdtempSync(path.join(tmpdir(), 'db-down-'));
  app = await buildApp({ config: { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), twoStepRoles: [] }, db: database.db });
  await app.ready();
}, 60_000);

afterAll(async () => {
  mode = 'open';
  await app?.close();
  for (const s of sockets) s.destroy();
  await database?.close().catch(() => {});
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await admin(`drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

const signInAnswer = () => app.inject({ method: 'POST', url: '/api/auth', payload: { email: 'nadie@concesion.demo', password: 'x', providerId: 'email', tokenId: '' } });

describe('a database that does not answer', () => {
  it('gives 503 with Retry-After in the envelope within 5 s when the path hangs, and 200 again once it is back', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ticket/category' })).statusCode).toBeLessThan(500);
    mode = 'paused';
    const started = Date.now();
    const hung = await signInAnswer();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hung.statusCode).toBe(503);
    expect(hung.headers['retry-after']).toBe('5');
    expect(hung.json()).toEqual({ errors: { message: messages.serviceUnavailable } });
    mode = 'open';
    for (const s of sockets) s.destroy();
    const deadline = Date.now() + 10_000;
    let back = await signInAnswer();
    while (back.statusCode === 503 && Date.now() < deadline) back = await signInAnswer();
    expect(back.statusCode).toBe(401);
    // Every connection lent out during the hang came back: a transaction whose BEGIN timed out kept
    // one for good (api/platform/db/pool-transactions.ts), and ten of them would dry the pool up.
    const pool = database.poolStats!();
    expect(pool.total - pool.idle).toBe(0);
  }, 40_000);

  it('gives 503 at once when the database refuses connections, and recovers', async () => {
    mode = 'refusing';
    for (const s of sockets) s.destroy();
    const started = Date.now();
    const refused = await signInAnswer();
    expect(refused.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(refused.headers['retry-after']).toBe('5');
    mode = 'open';
    expect((await signInAnswer()).statusCode).toBe(401);
  }, 30_000);
});
