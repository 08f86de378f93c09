import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../config';
import { ensureStoreEmpty, restoreAttachments, storageOf, storeAttachmentsAndManifest, verifyAttachments } from './attachments';
import { BackupError, type Manifest, type Progress } from './manifest';
import { digestTables, fixSessionFormat, readSnapshot, tableMismatch, type SnapshotReader } from './tables';

/**
 * PostgreSQL's backup and restore with the machine's client tools (docs/decisions/185-backups-that-restore.md):
 * `pg_dump -Fc` inside a snapshot this process exports and holds, so the dump, the manifest's digests and
 * the list of attachments to copy are the same instant of the database, whatever it writes meanwhile.
 */
const DATABASE_FILE = 'database.dump';

type Settings = Pick<Config, 'dataDir' | 's3'> & { databaseUrl: string };

/**
 * The URL without its password, which goes to the tools through PGPASSWORD instead: a command line
 * is visible to every user of the machine (`ps`).
 */
function toolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

const databaseName = (databaseUrl: string) => decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres';

/** Runs a client tool (PG_DUMP / PG_RESTORE name another binary than the one on PATH); its standard error makes the failure's message. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const binary = (tool === 'pg_dump' ? process.env.PG_DUMP : process.env.PG_RESTORE) ?? tool;
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new BackupError(error.code === 'ENOENT' ? `${binary} is not installed (PostgreSQL's client tools; docs/operations.md)` : `${binary}: ${error.message}`)),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${errors.trim().split('\n')[0] ?? ''}`));
    });
  });
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'concesion-backup' });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

const readerOf = (client: pg.Client): SnapshotReader => ({ query: (text, params) => client.query(text, params) as never });

export async function backupPostgres(config: Settings, folder: string, progress: Progress): Promise<Manifest> {
  const createdAt = new Date().toISOString();
  const client = await connect(config.databaseUrl);
  try {
    await client.query('begin isolation level repeatable read read only');
    const reader = readerOf(client);
    await fixSessionFormat(reader);
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const tool = toolConnection(config.databaseUrl);
    const file = path.join(folder, DATABASE_FILE);
    const started = performance.now();
    // pg_dump reads in the snapshot while this connection digests the tables in the same one.
    const dumped = runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${tool.url}`], tool.env);
    const [{ tables, migrations, keys }] = await Promise.all([readSnapshot(reader), dumped]);
    await client.query('commit');
    progress({ step: 'database', tables: Object.keys(tables).length, bytes: (await stat(file)).size, ms: Math.round(performance.now() - started) }, 'database dumped and digested');
    return await storeAttachmentsAndManifest(config, folder, keys, { kind: 'postgres', createdAt, databaseFile: DATABASE_FILE, migrations, tables });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The public schema's tables: a restore goes into a database that has none. */
async function tablesIn(client: pg.Client): Promise<number> {
  return (await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0]!.n;
}

export async function restorePostgres(config: Settings, folder: string, manifest: Manifest, progress: Progress): Promise<void> {
  const name = databaseName(config.databaseUrl);
  const client = await connect(config.databaseUrl);
  const { storage, where } = storageOf(config);
  try {
    const found = await tablesIn(client);
    if (found > 0) throw new BackupError(`restore refused: database ${name} is not empty (${found} tables in schema public)`);
    await ensureStoreEmpty(storage, where);
    await verifyAttachments(folder, manifest.attachments);
    progress({ step: 'attachments-verified', files: manifest.attachments.length }, 'every attachment matches its SHA-256');
    const tool = toolConnection(config.databaseUrl);
    const started = performance.now();
    // One transaction: a restore that fails leaves the database as empty as it was.
    await runTool('pg_restore', ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${tool.url}`, path.join(folder, manifest.databaseFile)], tool.env);
    progress({ step: 'pg_restore', ms: Math.round(performance.now() - started) }, 'database loaded');
    await client.query('begin isolation level repeatable read read only');
    await fixSessionFormat(readerOf(client));
    const mismatch = tableMismatch(manifest.tables, await digestTables(readerOf(client)));
    await client.query('commit');
    if (mismatch) throw new BackupError(`the restored database does not match the backup: ${mismatch}`);
    progress({ step: 'database', tables: Object.keys(manifest.tables).length, ms: Math.round(performance.now() - started) }, 'every table matches the manifest');
    await restoreAttachments(storage, folder, manifest.attachments);
  } finally {
    storage.close?.();
    await client.end().catch(() => undefined);
  }
}
