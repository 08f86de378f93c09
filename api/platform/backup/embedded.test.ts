import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { DEMO_PASSWORD } from '../../test/helper';
import { validTicketBody } from '../../test/tickets';
import { multipart, pdfOf } from '../../test/uploads';
import { storeContents, tablesAsJson, writer } from '../../test/backup';
import { storageOf } from './attachments';
import { backup, restore } from './cli';
import type { Manifest } from './manifest';
import { socketPath, stagingPath } from './socket';

/**
 * Issue 38, "Backups that restore", on the embedded database (docs/decisions/185-backups-that-restore.md):
 * the API of the production bundle runs and takes writes; the backup asks it for the snapshot on its
 * Unix socket (nothing else may open its data directory meanwhile), and the restore into an empty
 * DATA_DIR gives every table as in that snapshot and every attachment's bytes. With the API stopped,
 * the backup opens the data directory itself.
 */
const cleanup: (() => Promise<unknown> | unknown)[] = [];
const tempDir = (name: string, under = tmpdir()) => {
  const dir = mkdtempSync(path.join(under, `${name}-`));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** This process's environment without what would take the API off the embedded database and the local folder. */
function embeddedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name === 'DATABASE_URL' || name.startsWith('S3_')) delete env[name];
  return env;
}

/** The tables of an embedded database's directory, opened here (no API may run on it). */
async function tablesIn(dataDir: string) {
  const client = openPglite(path.join(dataDir, 'pglite'));
  try {
    return await tablesAsJson((text) => client.query(text));
  } finally {
    await client.close();
  }
}

let dataDir: string;
let api: ChildProcess | undefined;
let base: string;
let headers: Record<string, string>;
const steps: Record<string, unknown>[] = [];
const progress = (fields: Record<string, unknown>) => void steps.push(fields);

async function stopApi() {
  const running = api;
  api = undefined;
  if (!running || running.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGTERM');
  });
}

async function reportWithFile(i: number) {
  const created = await fetch(`${base}/api/ticket`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(validTicketBody()) });
  if (created.status !== 201) throw new Error(`create failed: ${created.status}`);
  const { id } = ((await created.json()) as { payload: { id: number } }).payload;
  const body = multipart([{ name: `foto-${i}.pdf`, content: pdfOf(2_000 + i * 37), type: 'application/pdf' }]);
  const uploaded = await fetch(`${base}/api/ticket/${id}/attachment`, { method: 'POST', headers: { ...headers, ...body.headers }, body: body.payload });
  if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status}`);
}

let folder: string;
let manifest: Manifest;
let made: number;

beforeAll(async () => {
  // Inside the project, where the bundle finds its dependencies (node_modules).
  mkdirSync('node_modules/.cache', { recursive: true });
  const buildDir = tempDir('backup-build', 'node_modules/.cache');
  const built = spawnSync(process.execPath, ['scripts/build-api.mjs'], { env: { ...process.env, BUILD_DIR: buildDir }, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(built.stderr);
  dataDir = tempDir('backup-source');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  api = spawn(process.execPath, [path.join(buildDir, 'api', 'server.mjs')], {
    env: { ...embeddedEnv(), NODE_ENV: 'test', DATA_DIR: dataDir, API_PORT: String(port), SEED: 'demo', TWO_STEP_ROLES: '' },
    stdio: 'ignore',
  });
  cleanup.push(stopApi);
  const deadline = Date.now() + 90_000;
  while (!(await fetch(`${base}/api/health`).then((r) => r.ok, () => false))) {
    if (Date.now() > deadline || api.exitCode !== null) throw new Error('the API did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signIn = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'operador@concesion.demo', password: DEMO_PASSWORD, providerId: 'email', tokenId: '' }),
  });
  headers = { authorization: String(signIn.headers.get('authorization')) };
  for (let i = 0; i < 3; i++) await reportWithFile(i);
  // Users keep writing before, during and after the backup.
  const users = writer((i) => reportWithFile(100 + i));
  await users.whenMore(1);
  folder = path.join(tempDir('backup'), 'nightly');
  manifest = await backup({ dataDir, databaseUrl: undefined, s3: undefined }, folder, progress);
  await users.whenMore(1);
  await users.stop();
  made = 3 + users.count();
}, 120_000);
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe('a backup of the embedded database while the API runs', () => {
  it('is taken by the running API through its socket, readable by its user only', async () => {
    expect(steps).toContainEqual(expect.objectContaining({ step: 'snapshot', from: 'api' }));
    const { mode } = statSync(socketPath(dataDir));
    expect(mode & 0o777).toBe(0o600);
    // The API's copy is gone once the backup holds it: DATA_DIR does not grow by a database per night.
    expect(readdirSync(stagingPath(dataDir))).toEqual([]);
    expect(readdirSync(folder).sort()).toEqual(['attachments', 'database.tar.gz', 'manifest.json']);
    expect(manifest).toMatchObject({ kind: 'embedded', attachmentsFrom: 'disk' });
    expect(manifest.migrations.applied).toBeGreaterThan(20);
  });

  it('restores into an empty DATA_DIR: every table as in the snapshot, every file byte for byte', { timeout: 60_000 }, async () => {
    const into = tempDir('restore-data');
    await restore({ dataDir: into, databaseUrl: undefined, s3: undefined }, folder, progress);
    // Checked apart from the restore's own check: each table's rows, in key order, as JSON.
    expect(await tablesIn(into)).toEqual(manifest.tables);
    const restoredFiles = await storeContents(storageOf({ dataDir: into, s3: undefined }).storage);
    expect(new Map([...restoredFiles].sort())).toEqual(new Map(manifest.attachments.map((a) => [a.key, a.sha256] as [string, string]).sort()));
    // The source's own files, as it has them: the same bytes.
    const sourceFiles = await storeContents(storageOf({ dataDir, s3: undefined }).storage);
    for (const [key, sha] of restoredFiles) expect(sourceFiles.get(key)).toBe(sha);
  });

  it('refuses a DATA_DIR that is not empty, and a tampered attachment, leaving the place as it was', async () => {
    await expect(restore({ dataDir, databaseUrl: undefined, s3: undefined }, folder, progress)).rejects.toThrow(`restore refused: ${path.join(dataDir, 'pglite')} is not empty`);
    const tampered = path.join(tempDir('tampered'), 'copy');
    spawnSync('cp', ['-r', folder, tampered]);
    const victim = path.join(tampered, 'attachments', manifest.attachments[0]!.key);
    const bytes = await readFile(victim);
    bytes.writeUInt8(bytes.readUInt8(0) ^ 1, 0);
    await writeFile(victim, bytes);
    const into = tempDir('restore-data');
    await expect(restore({ dataDir: into, databaseUrl: undefined, s3: undefined }, tampered, progress)).rejects.toThrow(
      `attachment ${manifest.attachments[0]!.key} in the backup does not match its SHA-256 in the manifest`,
    );
    expect(readdirSync(into)).toEqual([]);
  });

  it('holds the snapshot of one instant: some of the writes under way, the rest after it', { timeout: 60_000 }, async () => {
    await stopApi();
    expect(existsSync(socketPath(dataDir))).toBe(false);
    const now = await tablesIn(dataDir);
    const seeded = now['public.ticket']!.rows - made;
    const inBackup = manifest.tables['public.ticket']!.rows - seeded;
    expect(inBackup).toBeGreaterThanOrEqual(4);
    expect(inBackup).toBeLessThan(made);
    // Stopped, the command opens the data directory itself: what it holds now, exactly.
    steps.length = 0;
    const offline = await backup({ dataDir, databaseUrl: undefined, s3: undefined }, path.join(tempDir('backup'), 'stopped'), progress);
    expect(steps).toContainEqual(expect.objectContaining({ step: 'snapshot', from: 'data-directory' }));
    expect(offline.tables).toEqual(now);
    expect(offline.attachments.length).toBeGreaterThanOrEqual(now['public.attachment']!.rows);
  });
});
