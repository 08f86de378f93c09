import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Config } from '../../config';
import { openDatabase, openPglite } from '../db/client';
import { copyAttachments, ensureStoreEmpty, restoreAttachments, storageOf, verifyAttachments } from './attachments';
import { BackupError, MANIFEST_FORMAT, writeManifest, type Manifest, type Progress } from './manifest';
import { requestSnapshot } from './socket';
import { attachmentKeys, digestTables, fixSessionFormat, migrationLevel, tableMismatch, type SnapshotReader } from './tables';

/**
 * The embedded database's backup and restore (docs/decisions/185-backups-that-restore.md): a tarball
 * of PGlite's data directory, from the running API through its backup socket, or, when no API runs,
 * from the directory opened here.
 */
const DATABASE_FILE = 'database.tar.gz';

type Settings = Pick<Config, 'dataDir' | 's3'>;

const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');
const isEmptyDir = async (dir: string) => (await readdir(dir).catch(() => [])).length === 0;

/** A PGlite opened on `dir` from a tarball of the backup, for `work`; closed after. */
async function withLoaded<T>(dir: string, tarball: string, work: (reader: SnapshotReader) => Promise<T>): Promise<T> {
  const client = openPglite(dir, new File([await openAsBlob(tarball)], DATABASE_FILE));
  try {
    return await client.transaction(async (tx) => {
      await fixSessionFormat(tx);
      return work(tx);
    });
  } finally {
    await client.close();
  }
}

export async function backupEmbedded(config: Settings, folder: string, progress: Progress): Promise<Manifest> {
  if (await isEmptyDir(pgliteDirOf(config.dataDir))) throw new BackupError(`no embedded database in ${pgliteDirOf(config.dataDir)}`);
  const createdAt = new Date().toISOString();
  const file = path.join(folder, DATABASE_FILE);
  const fromApi = await requestSnapshot(config.dataDir);
  if (fromApi) {
    progress({ step: 'snapshot', from: 'api', bytes: fromApi.bytes }, 'snapshot taken by the running API');
    await pipeline(fromApi.stream, createGzip({ level: 1 }), createWriteStream(file, { flags: 'wx' }));
  } else {
    // No API answers on the socket: nothing else has the directory open, so it is opened here.
    const handle = openDatabase({ dataDir: config.dataDir });
    try {
      const tarball = await handle.snapshot!();
      progress({ step: 'snapshot', from: 'data-directory', bytes: tarball.size }, 'no API running: snapshot taken from the data directory');
      await pipeline(Readable.fromWeb(tarball.stream() as never), createGzip({ level: 1 }), createWriteStream(file, { flags: 'wx' }));
    } finally {
      await handle.close();
    }
  }
  // The manifest is read from the tarball itself, opened in a scratch directory: what a restore will load.
  const scratch = await mkdtemp(path.join(tmpdir(), 'backup-check-'));
  try {
    const { tables, migrations, keys } = await withLoaded(scratch, file, async (reader) => ({
      tables: await digestTables(reader),
      migrations: await migrationLevel(reader),
      keys: await attachmentKeys(reader),
    }));
    progress({ step: 'database', tables: Object.keys(tables).length }, 'database snapshot read back and digested');
    const { storage, kind } = storageOf(config);
    try {
      const attachments = await copyAttachments(storage, keys, folder);
      const manifest: Manifest = { format: MANIFEST_FORMAT, kind: 'embedded', attachmentsFrom: kind, createdAt, databaseFile: DATABASE_FILE, migrations, tables, attachments };
      await writeManifest(folder, manifest);
      return manifest;
    } finally {
      storage.close?.();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
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
      const mismatch = await withLoaded(target, path.join(folder, manifest.databaseFile), async (reader) => tableMismatch(manifest.tables, await digestTables(reader)));
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
