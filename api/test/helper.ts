import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../platform/db/client';
import { DEMO_PASSWORD, seedDatabase } from '../platform/db/seed';
import type { ThrottleLimits } from '../domain/accounts/login-throttle';
import { localChannel, postgresChannel, type ClusterChannel } from '../platform/cluster/channel';

export { DEMO_PASSWORD };

/**
 * A new empty database on the PostgreSQL server at `serverUrl` (any database of it: the new one
 * replaces the path); `drop` removes it, whoever is still connected.
 */
export async function freshServerDatabase(
  serverUrl: string,
  prefix = 't',
  /** A database to copy (PostgreSQL's `create database … template`), nobody connected to it. */
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${pg.escapeIdentifier(template)}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped on close). Under the
 * global set-up (api/test/template-database.ts) each starts as a copy of the migrated and seeded
 * template; without it (another Vitest configuration) empty, and createTestApi migrates it.
 */
async function openFreshDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = inject('templateDataDir');
    return openDatabase({ dataDir: 'memory://', loadDataDir: template ? new Blob([readFileSync(template)]) : undefined });
  }
  const database = await freshServerDatabase(serverUrl, 't', inject('templateDatabase'));
  const handle = openDatabase({ databaseUrl: database.url, dataDir: 'unused' });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

export type TestApi = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  /** With `cluster`: this process's channel to the others. */
  channel?: ClusterChannel;
  close(): Promise<void>;
};

export async function createTestApi(
  options: {
    config?: Partial<Config>;
    demoTickets?: number;
    throttleLimits?: Partial<ThrottleLimits>;
    /** As in production: LISTEN/NOTIFY on PostgreSQL, so `anotherProcess` hears this one. */
    cluster?: boolean;
    /** An empty PostgreSQL database the caller made (and drops), instead of a fresh one per file. */
    databaseUrl?: string;
  } = {},
): Promise<TestApi> {
  const database = options.databaseUrl ? openDatabase({ databaseUrl: options.databaseUrl, dataDir: 'unused' }) : await openFreshDatabase();
  await database.migrate();
  await seedDatabase(database.db, { demo: true, demoTickets: options.demoTickets ?? 30 });
  // The database lives in memory (or on the test server); files and the mail outbox in a temp folder.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'api-test-'));
  // Nobody is forced into a second step unless a test asks (two-step.test.ts does).
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), twoStepRoles: [], ...options.config };
  const channel = options.cluster ? await clusterChannel(database) : undefined;
  const app = await buildApp({ config, db: database.db, throttleLimits: options.throttleLimits, channel, copyOut: database.copyOut });
  await app.ready();
  return {
    app,
    database,
    config,
    channel,
    close: async () => {
      await app.close();
      await channel?.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** PostgreSQL's LISTEN/NOTIFY on a test database; in process on the embedded one. */
async function clusterChannel(database: DatabaseHandle): Promise<ClusterChannel> {
  if (!database.url) return localChannel();
  const channel = postgresChannel(database.url, { error: () => {} });
  await channel.ready;
  return channel;
}

/**
 * Another API process of the same deployment (`createTestApi({ cluster: true })`): its own app
 * (caches, counters, streams) on the same database and files, hearing the first through the
 * cluster channel: PostgreSQL's on a real server, the first one's own on the embedded database.
 */
export async function anotherProcess(api: TestApi): Promise<FastifyInstance> {
  if (!api.channel) throw new Error('anotherProcess needs createTestApi({ cluster: true })');
  const channel = api.database.url ? await clusterChannel(api.database) : api.channel;
  const app = await buildApp({ config: api.config, db: api.database.db, channel, copyOut: api.database.copyOut });
  if (channel !== api.channel) app.addHook('onClose', () => channel.close());
  await app.ready();
  return app;
}

export function authBody(email: string, password = DEMO_PASSWORD) {
  return { email, password, providerId: 'email', tokenId: '' };
}

/** Signs in and returns the bearer token from the authorization header. */
export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth', payload: authBody(email, password) });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  return String(response.headers.authorization).replace(/^Bearer /, '');
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
