import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import { s3FileStorage } from '../storage/s3-storage';
import { localFileStorage, StoredFileMissing, type FileStorage } from '../storage/storage';
import { ATTACHMENTS_FOLDER, BackupError, MANIFEST_FORMAT, writeManifest, type AttachmentEntry, type Manifest } from './manifest';

/** Files copied at once: enough to keep an S3 store busy, few enough for a 2-core machine. */
const PARALLEL = 4;

/** The attachment store the API of this configuration uses (api/app.ts): the S3-compatible one when S3_* is set. */
export function storageOf(config: Pick<Config, 's3' | 'dataDir'>): { storage: FileStorage; kind: Manifest['attachmentsFrom']; where: string } {
  if (config.s3) return { storage: s3FileStorage(config.s3), kind: 's3', where: `bucket ${config.s3.bucket}` };
  const root = path.join(config.dataDir, 'attachments');
  return { storage: localFileStorage(root), kind: 'disk', where: root };
}

async function eachAtOnce<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return results;
}

/** A pass-through stream that counts and hashes what goes through it. */
function digesting() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

/**
 * Copies exactly the files the snapshot names into `<folder>/attachments/<key>` (attachments never
 * change once stored, so a copy made after the snapshot is the file as of it). A file the snapshot
 * names but the store no longer has (removed since by the retention job or an erasure) fails the
 * backup: the next run, with a newer snapshot, no longer names it.
 */
export async function copyAttachments(storage: FileStorage, keys: string[], folder: string): Promise<AttachmentEntry[]> {
  const target = path.join(folder, ATTACHMENTS_FOLDER);
  await mkdir(target, { recursive: true });
  return eachAtOnce(keys, async (key) => {
    const source = await storage.open(key).catch((error: unknown) => {
      if (error instanceof StoredFileMissing)
        throw new BackupError(`attachment ${key} is named by the database snapshot but missing from the store (removed since?); run the backup again`);
      throw new BackupError(`the attachment store did not answer for ${key}: ${(error as Error).message}`, { cause: error });
    });
    const digest = digesting();
    await pipeline(source, digest.stream, createWriteStream(path.join(target, key), { flags: 'wx' }));
    return { key, ...digest.result() };
  });
}

/** Reads every attachment of the folder back and checks its size and SHA-256 against the manifest: before a restore writes anything. */
export async function verifyAttachments(folder: string, entries: AttachmentEntry[]): Promise<void> {
  await eachAtOnce(entries, async (entry) => {
    const file = path.join(folder, ATTACHMENTS_FOLDER, entry.key);
    const digest = digesting();
    await pipeline(createReadStream(file), digest.stream, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) void chunk;
    }).catch((error: NodeJS.ErrnoException) => {
      throw new BackupError(`attachment ${entry.key} cannot be read from the backup (${error.code ?? error.message})`);
    });
    const found = digest.result();
    if (found.size !== entry.size || found.sha256 !== entry.sha256)
      throw new BackupError(`attachment ${entry.key} in the backup does not match its SHA-256 in the manifest (damaged or altered)`);
  });
}

/** Refuses a store that holds any attachment (or the remains of one): a restore never mixes two deployments' files. */
export async function ensureStoreEmpty(storage: FileStorage, where: string): Promise<void> {
  for await (const entry of storage.list()) {
    void entry;
    throw new BackupError(`restore refused: the attachment store (${where}) is not empty`);
  }
}

/** Puts each file of the folder into the store under its key. */
export async function restoreAttachments(storage: FileStorage, folder: string, entries: AttachmentEntry[]): Promise<void> {
  await eachAtOnce(entries, async (entry) => {
    await storage.put(createReadStream(path.join(folder, ATTACHMENTS_FOLDER, entry.key)), entry.key);
  });
}

/**
 * A backup's last steps, for both databases: the attachments its snapshot named, copied from the configured store,
 * then the manifest, written last (a folder without it is not a backup).
 */
export async function storeAttachmentsAndManifest(
  config: Pick<Config, 's3' | 'dataDir'>,
  folder: string,
  keys: string[],
  manifest: Omit<Manifest, 'format' | 'attachmentsFrom' | 'attachments'>,
): Promise<Manifest> {
  const { storage, kind } = storageOf(config);
  try {
    const attachments = await copyAttachments(storage, keys, folder);
    const whole: Manifest = { format: MANIFEST_FORMAT, ...manifest, attachmentsFrom: kind, attachments };
    await writeManifest(folder, whole);
    return whole;
  } finally {
    storage.close?.();
  }
}
