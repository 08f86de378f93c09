import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Config } from '../../config';
import { openPglite } from '../db/client';
import { ensureStoreEmpty, restoreAttachments, storageOf, storeAttachmentsAndManifest, verifyAttachments } from './attachments';
import { BackupError, type Manifest, type Progress } from './manifest';
import { requestCopy, stagingPath } from './socket';
import { digestTables, fixSessionFormat, readSnapshot, tableMismatch, type SnapshotReader } from './tables';

/**
 * The embedded database's backup and restore (docs/decisions/185-backups-that-restore.md): a copy of
 * PGlite's data directory made by the running API between two transactions (asked for on its backup
 * socket), or, when no API runs, by this command; opened once here to digest it, then stored as a
 * gzipped tar (the system's `tar`).
 */
const DATABASE_FILE = 'database.tar.gz';

type Settings = Pick<Config, 'dataDir' | 's3'>;

const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');
const isEmptyDir = async (dir: string) => (await readdir(dir).catch(() => [])).length === 0;

/**
 * PGlite opened on `dir` for `work`, in one transaction. The first opening of a copy recovers it as after a
 * crash (to exactly the commits made before it); closing it leaves it clean.
 */
async function withOpened<T>(dir: string, work: (reader: SnapshotReader) => Promise<T>): Promise<T> {
  const client = openPglite(dir);
  try {
    return await client.transaction(async (tx) => {
      await fixSessionFormat(tx);
      return work(tx);
    });
  } finally {
    await client.close();
  }
}

/** Runs `tar` with `args`, its standard output streamed `to` if given; its standard error makes the failure's message. */
async function tar(args: string[], to?: Writable): Promise<void> {
  const child = spawn('tar', args, { stdio: ['ignore', to ? 'pipe' : 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => reject(new BackupError(`tar: ${error.code === 'ENOENT' ? 'not installed' : error.message}`)));
    child.once('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`tar failed (exit ${code}): ${errors.trim().split('\n')[0] ?? ''}`))));
  });
  await Promise.all([exited, to ? pipeline(child.stdout!, to) : undefined]);
}

export async function backupEmbedded(config: Settings, folder: string, progress: Progress): Promise<Manifest> {
  const source = pgliteDirOf(config.dataDir);
  if (await isEmptyDir(source)) throw new BackupError(`no embedded database in ${source}`);
  const createdAt = new Date().toISOString();
  let copy = await requestCopy(config.dataDir);
  if (copy) progress({ step: 'snapshot', from: 'api' }, 'the running API copied its database between two transactions');
  else {
    // No API answers on the socket: nothing has the directory open, so it is copied here.
    copy = path.join(stagingPath(config.dataDir), randomUUID());
    await mkdir(stagingPath(config.dataDir), { recursive: true, mode: 0o700 });
    await cp(source, copy, { recursive: true, mode: constants.COPYFILE_FICLONE });
    progress({ step: 'snapshot', from: 'data-directory' }, 'no API running: the data directory copied');
  }
  try {
    const { tables, migrations, keys } = await withOpened(copy, readSnapshot);
    const gzip = createGzip({ level: 1 });
    await Promise.all([tar(['-C', copy, '-cf', '-', '.'], gzip), pipeline(gzip, createWriteStream(path.join(folder, DATABASE_FILE), { flags: 'wx' }))]);
    progress({ step: 'database', tables: Object.keys(tables).length }, 'database copy digested and stored');
    return await storeAttachmentsAndManifest(config, folder, keys, { kind: 'embedded', createdAt, databaseFile: DATABASE_FILE, migrations, tables });
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

export async function restoreEmbedded(config: Settings, folder: string, manifest: Manifest, progress: Progress): Promise<void> {
  const target = pgliteDirOf(config.dataDir);
  if (!(await isEmptyDir(target))) throw new BackupError(`restore refused: ${target} is not empty`);
  const { storage, where } = storageOf(config);
  try {
    await ensureStoreEmpty(storage, where);
    await verifyAttachments(folder, manifest.attachments);
    progress({ step: 'attachments-verified', files: manifest.attachments.length }, 'every attachment matches its SHA-256');
    try {
      await mkdir(target, { recursive: true, mode: 0o700 });
      // tar reads the file and ungzips it itself: fed through a pipe, a tar that had read the archive's end and
      // exited could close it under the rest of the stream ("Premature close", seen once under load).
      await tar(['-C', target, '-xzf', path.resolve(folder, manifest.databaseFile)]);
      const mismatch = await withOpened(target, async (reader) => tableMismatch(manifest.tables, await digestTables(reader)));
      if (mismatch) throw new BackupError(`the restored database does not match the backup: ${mismatch}`);
    } catch (error) {
      // Nothing half-restored is left behind: the place is as empty as it was.
      await rm(target, { recursive: true, force: true });
      throw error;
    }
    progress({ step: 'database', tables: Object.keys(manifest.tables).length }, 'database restored; every table matches the manifest');
    await restoreAttachments(storage, folder, manifest.attachments);
  } finally {
    storage.close?.();
  }
}
