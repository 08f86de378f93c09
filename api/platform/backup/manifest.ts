import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What a backup folder says about itself (docs/decisions/185-backups-that-restore.md): read first by
 * a restore, which refuses a folder it does not understand and checks the restored data against it.
 */
export type Manifest = {
  format: typeof MANIFEST_FORMAT;
  /** The database the backup came from: `embedded` (PGlite's data directory) or `postgres` (pg_dump). */
  kind: 'embedded' | 'postgres';
  /** Where the attachments came from (`disk`: DATA_DIR/attachments; `s3`: the S3-compatible store). */
  attachmentsFrom: 'disk' | 's3';
  createdAt: string;
  /** The file under the folder holding the database. */
  databaseFile: string;
  /** The migrations applied in the snapshot (drizzle's journal): a restore needs this product version or a later one. */
  migrations: { applied: number; lastCreatedAt: number | null };
  /** Each table of the snapshot: its rows and their digest (tables.ts). */
  tables: Record<string, TableDigest>;
  /** Each stored file a row of the snapshot names: under `attachments/<key>` in the folder. */
  attachments: AttachmentEntry[];
};

export type TableDigest = { rows: number; sha256: string };
export type AttachmentEntry = { key: string; size: number; sha256: string };

export const MANIFEST_FORMAT = 1;
export const MANIFEST_FILE = 'manifest.json';
export const ATTACHMENTS_FOLDER = 'attachments';

/** A step done, for the command's log: fields (never personal data) and a sentence. */
export type Progress = (fields: Record<string, unknown>, message: string) => void;

/** A backup or restore that cannot go on: its message is the one line the command prints (no personal data in it). */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx' });
}

export async function readManifest(folder: string): Promise<Manifest> {
  const file = path.join(folder, MANIFEST_FILE);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new BackupError(error.code === 'ENOENT' ? `${file} is missing: not a backup folder` : `${file} cannot be read (${error.code})`);
  });
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new BackupError(`${file} is not valid JSON`);
  }
  if (manifest.format !== MANIFEST_FORMAT) throw new BackupError(`${file} has format ${String(manifest.format)}; this version reads format ${MANIFEST_FORMAT}`);
  if (manifest.kind !== 'embedded' && manifest.kind !== 'postgres') throw new BackupError(`${file} names an unknown database kind`);
  return manifest;
}
