import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshServerDatabase, createTestApi, type TestApi } from '../../test/helper';
import { startTestS3, type TestS3 } from '../../test/s3';
import { createTicket, signInCallers, type Callers } from '../../test/tickets';
import { pdfOf, uploadTo } from '../../test/uploads';
import { storeContents, tablesAsJson, writer } from '../../test/backup';
import { storageOf } from './attachments';
import { backup, restore, type Settings } from './cli';
import type { Manifest } from './manifest';

/**
 * Issue 38, "Backups that restore", on PostgreSQL (docs/decisions/185-backups-that-restore.md): a
 * backup taken while the API writes restores into an empty database and an empty attachment store
 * (a folder, or a new S3-compatible server) with every table equal to the snapshot the manifest
 * describes and every attachment's bytes; a place that is not empty, or a tampered file, is refused.
 * The test databases are named TEST_DATABASE_PREFIX_* (`backup_` by default) and dropped at the end.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? `${process.env.TEST_POSTGRES_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432'}/postgres`;
const prefix = process.env.TEST_DATABASE_PREFIX ?? 'backup';
const quiet = () => undefined;
const cleanup: (() => Promise<unknown> | unknown)[] = [];
const freshDatabase = async () => {
  const database = await freshServerDatabase(serverUrl, prefix);
  cleanup.push(database.drop);
  return database;
};
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};
const tablesOf = (url: string) => withClient(url, (client) => tablesAsJson((text) => client.query(text)));
const countOf = (url: string, table: string) => withClient(url, async (client) => Number((await client.query(`select count(*) from ${table}`)).rows[0].count));

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
  cleanup.push(() => s3.close());
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});
/** Another S3-compatible server, with its own empty bucket. */
const newBucket = async () => {
  const server = await startTestS3();
  cleanup.push(() => server.close());
  return server.settings;
};

/** An API on a new database with a few tickets and attachments, and an operator to write as. */
async function sourceDeployment(store: 'disk' | 's3'): Promise<{ api: TestApi; who: Callers; url: string; settings: Settings }> {
  const database = await freshDatabase();
  const api = await createTestApi({ databaseUrl: database.url, demoTickets: 5, config: store === 's3' ? { s3: s3.settings } : {} });
  cleanup.push(() => api.close());
  const who = await signInCallers(api);
  return { api, who, url: database.url, settings: { databaseUrl: database.url, dataDir: api.config.dataDir, s3: api.config.s3 } };
}

/** One user action: a ticket with a file of its own (different bytes each time). */
async function reportWithFile(api: TestApi, who: Callers, i: number) {
  const ticket = await createTicket(api, who.operator);
  const upload = await uploadTo(api.app, who.operator, ticket.id, [{ name: `foto-${i}.pdf`, content: pdfOf(2_000 + i * 37), type: 'application/pdf' }]);
  if (upload.statusCode !== 201) throw new Error(`upload failed: ${upload.statusCode} ${upload.body}`);
}

describe.each(['disk', 's3'] as const)('a PostgreSQL backup with attachments on %s', (store) => {
  let source: Awaited<ReturnType<typeof sourceDeployment>>;
  let folder: string;
  let manifest: Manifest;
  let ticketsBefore: number;
  let ticketsAfter: number;
  const target = async () => {
    const database = await freshDatabase();
    const dataDir = tempDir('restore-data');
    return { url: database.url, settings: { databaseUrl: database.url, dataDir, s3: store === 's3' ? await newBucket() : undefined } };
  };

  beforeAll(async () => {
    source = await sourceDeployment(store);
    for (let i = 0; i < 3; i++) await reportWithFile(source.api, source.who, i);
    // Users keep writing before, during and after the backup.
    const users = writer((i) => reportWithFile(source.api, source.who, 100 + i));
    await users.whenMore(1);
    ticketsBefore = await countOf(source.url, 'ticket');
    folder = path.join(tempDir('backup'), 'nightly');
    manifest = await backup(source.settings, folder, quiet);
    await users.whenMore(1);
    await users.stop();
    ticketsAfter = await countOf(source.url, 'ticket');
  });

  it('holds one instant of the database taken while users wrote, and every file its rows name', async () => {
    expect(manifest.kind).toBe('postgres');
    expect(manifest.attachmentsFrom).toBe(store);
    expect(readdirSync(folder).sort()).toEqual(['attachments', 'database.dump', 'manifest.json']);
    // Written to before the snapshot and after it: the snapshot is neither end.
    const inBackup = manifest.tables['public.ticket']!.rows;
    expect(inBackup).toBeGreaterThanOrEqual(ticketsBefore);
    expect(inBackup).toBeLessThan(ticketsAfter);
    // Every table of the product is in it.
    expect(Object.keys(manifest.tables).sort()).toEqual(Object.keys(await tablesOf(source.url)).sort());
    expect(manifest.migrations.applied).toBeGreaterThan(20);
    // Each attachment and preview row of the snapshot has its file, with the bytes the source store has.
    const sourceFiles = await storeContents(storageOf(source.settings).storage);
    expect(manifest.attachments.length).toBeGreaterThanOrEqual(manifest.tables['public.attachment']!.rows);
    for (const entry of manifest.attachments) expect(sourceFiles.get(entry.key)).toBe(entry.sha256);
  });

  it('restores into an empty database and store: every table as in the snapshot, every file byte for byte', async () => {
    const into = await target();
    await restore(into.settings, folder, quiet);
    // Checked apart from the restore's own check: each table's rows, in key order, as JSON.
    expect(await tablesOf(into.url)).toEqual(manifest.tables);
    // Rows written after the snapshot are absent, all of them: the restored tickets are the source's first ones, unchanged.
    const restoredIds = await withClient(into.url, async (c) => (await c.query('select id from ticket order by id')).rows.map((r) => Number(r.id)));
    const sourceIds = await withClient(source.url, async (c) => (await c.query('select id from ticket order by id')).rows.map((r) => Number(r.id)));
    expect(sourceIds.slice(0, restoredIds.length)).toEqual(restoredIds);
    // The restored store holds exactly the files the restored rows name, with the source's bytes.
    const restoredFiles = await storeContents(storageOf(into.settings).storage);
    expect(new Map([...restoredFiles].sort())).toEqual(new Map(manifest.attachments.map((a) => [a.key, a.sha256] as [string, string]).sort()));
    const named = await withClient(into.url, async (c) => (await c.query('select storage_key from attachment')).rows.map((r) => String(r.storage_key)));
    for (const key of named) expect(restoredFiles.has(key)).toBe(true);
  });

  it('refuses a database that is not empty, and a store that is not, naming it', async () => {
    await expect(restore({ ...source.settings }, folder, quiet)).rejects.toThrow(/^restore refused: database \w+ is not empty \(\d+ tables in schema public\)$/);
    const into = await target();
    const where = store === 's3' ? `bucket ${s3.settings.bucket}` : path.join(source.settings.dataDir, 'attachments');
    await expect(restore({ ...into.settings, dataDir: source.settings.dataDir, s3: source.settings.s3 }, folder, quiet)).rejects.toThrow(
      `restore refused: the attachment store (${where}) is not empty`,
    );
    expect(await countOf(into.url, 'pg_tables where schemaname = \'public\'')).toBe(0);
  });

  it('refuses a backup whose attachment was altered, before writing anything', async () => {
    const tampered = path.join(tempDir('tampered'), 'copy');
    spawnSync('cp', ['-r', folder, tampered]);
    const victim = path.join(tampered, 'attachments', manifest.attachments[0]!.key);
    const bytes = await readFile(victim);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    await writeFile(victim, bytes);
    const into = await target();
    await expect(restore(into.settings, tampered, quiet)).rejects.toThrow(`attachment ${manifest.attachments[0]!.key} in the backup does not match its SHA-256 in the manifest`);
    expect(await countOf(into.url, 'pg_tables where schemaname = \'public\'')).toBe(0);
    expect((await storeContents(storageOf(into.settings).storage)).size).toBe(0);
  });
});

describe('a file the snapshot names but the store lost', () => {
  it('fails the backup, naming the key, and leaves no folder that could pass for a backup', async () => {
    const { api, who, settings } = await sourceDeployment('disk');
    await reportWithFile(api, who, 1);
    const [lost] = await withClient(settings.databaseUrl!, async (c) => (await c.query('select storage_key from attachment')).rows.map((r) => String(r.storage_key)));
    rmSync(path.join(settings.dataDir, 'attachments', lost!.slice(0, 2), lost!));
    const folder = path.join(tempDir('backup'), 'b');
    await expect(backup(settings, folder, quiet)).rejects.toThrow(`attachment ${lost} is named by the database snapshot but missing from the store`);
    expect(existsSync(folder)).toBe(false);
  });
});

describe('the restore command', () => {
  it('prints one JSON line naming what is not empty and exits with 1', async () => {
    const { url, settings } = await sourceDeployment('disk');
    const folder = path.join(tempDir('backup'), 'b');
    await backup(settings, folder, quiet);
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.resolve('api/backup.ts'), 'restore', '--from', folder], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: tempDir('restore-data'), NODE_ENV: 'test' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { service: string; msg: string; level: number };
    expect(line).toMatchObject({ service: 'backup', level: 50 });
    expect(line.msg).toMatch(/^restore refused: database \w+ is not empty \(\d+ tables in schema public\)$/);
  });
});
