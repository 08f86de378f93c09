import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, keepOutput, waitFor } from '../e2e/processes';
import { ticketBody } from '../shared/ticket-body';

export { freePort, waitFor };

/**
 * A deployment on this machine for the replicas suite (docs/decisions/112-replicas.md): N API processes and N web
 * processes of the production build on one fresh database of the real PostgreSQL, as behind a
 * load balancer. Each test reaches a chosen process directly.
 */
export const SERVER_URL = process.env.TEST_POSTGRES_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const root = path.resolve(import.meta.dirname, '../..');
const buildDir = process.env.BUILD_DIR ?? 'build';
export const SESSION_SECRET = 'replicas-only-secret-0123456789abcdef';
/** Every API process of a deployment shares the keys of the second-step secrets (production requires them; decision 152). */
export const TOTP_ENCRYPTION_KEYS = 'replicas:BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=';

export type Proc = { child: ChildProcess; url: string; output: () => string };

export function startProcess(script: string, env: Record<string, string>, port: number): Proc {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', TOTP_ENCRYPTION_KEYS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Every line also to .test-reports/logs/replicas-<role>-<port>.log, for scripts/check-logs.mjs (decision 145).
  keepOutput(child, `replicas-${script.includes('api') ? 'api' : 'web'}-${port}`);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5_000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5_000)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

export async function stopProcess(proc: Proc | undefined): Promise<void> {
  const child = proc?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 12_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A new empty database on the server; `drop` removes it. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `replicas_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: `${SERVER_URL}/${name}`,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: `${SERVER_URL}/postgres` });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export type Deployment = { apis: Proc[]; webs: Proc[]; databaseUrl: string; dataDir: string; stop(): Promise<void> };

/** `apis` API processes started at once on an empty database, then one web process per API. */
export async function startDeployment(options: {
  apis: number;
  env?: Record<string, string>;
  /** Settings of API process `i` only (a database reached through a proxy...); `databaseUrl` is the fresh database's. */
  apiEnv?: (i: number, databaseUrl: string) => Record<string, string>;
  /** Settings of web process `i` only (its API's address...). */
  webEnv?: (i: number, apis: Proc[]) => Record<string, string>;
}): Promise<Deployment> {
  const database = await freshDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'replicas-'));
  const apis: Proc[] = [];
  for (let i = 0; i < options.apis; i++) {
    const port = await freePort();
    apis.push(
      startProcess(`${buildDir}/api/server.mjs`, { API_PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url, SEED: 'demo', TWO_STEP_ROLES: '', ...options.env, ...options.apiEnv?.(i, database.url) }, port),
    );
  }
  const webs: Proc[] = [];
  try {
    await Promise.all(apis.map((api) => waitFor(`${api.url}/api/health`, 90)));
    for (const [i, api] of apis.entries()) {
      const port = await freePort();
      webs.push(
        startProcess(
          'server/web.mjs',
          { PORT: String(port), HOST: '127.0.0.1', BUILD_DIR: buildDir, SESSION_SECRET, CONCESSION_API_URL: api.url, ...options.webEnv?.(i, apis) },
          port,
        ),
      );
    }
    await Promise.all(webs.map((web) => waitFor(`${web.url}/user/login`, 60)));
  } catch (error) {
    const logs = [...apis, ...webs].map((p) => p.output()).join('\n---\n');
    await Promise.all([...apis, ...webs].map(stopProcess));
    await database.drop();
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
  return {
    apis,
    webs,
    databaseUrl: database.url,
    dataDir,
    async stop() {
      await Promise.all([...webs, ...apis].map(stopProcess));
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO_PASSWORD = 'Demo-2026';

export async function apiSignIn(apiUrl: string, email: string, password = DEMO_PASSWORD, address = '203.0.113.1'): Promise<Response> {
  return fetch(`${apiUrl}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password, providerId: 'email', tokenId: '' }),
  });
}

export async function tokenOf(apiUrl: string, email: string): Promise<string> {
  const response = await apiSignIn(apiUrl, email);
  if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status}`);
  return response.headers.get('authorization')!.replace(/^Bearer /, '');
}

/** A new ticket through the API, as `token`'s owner reports it. */
export async function createTicket(apiUrl: string, token: string): Promise<{ id: number; folio: string }> {
  const created = await fetch(`${apiUrl}/api/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(ticketBody()),
  });
  if (created.status !== 201) throw new Error(`ticket not created: ${created.status} ${await created.text()}`);
  return (await created.json()).payload;
}
