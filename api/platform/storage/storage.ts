import { createWriteStream } from 'node:fs';
import { mkdir, open, opendir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where attachment bytes live. Keys are random and made here, never from user input.
 * A folder under DATA_DIR by default (`localFileStorage`), or an S3-compatible store
 * (`s3FileStorage`, platform/storage/s3-storage.ts). Both stream both ways.
 */
export type FileStorage = {
  /**
   * Stores the stream under a new key; nothing is left behind if the stream fails. The
   * source's own error (the multipart reader's size limit, say) is thrown as it is; the
   * store's failures as `StorageUnavailable`. `key`, when given, is one this code derived (a
   * preview's, domain/tickets/previews.ts), never user input; its bytes are replaced.
   */
  put(source: Readable, key?: string): Promise<{ key: string; size: number }>;
  /** The stored bytes; `StoredFileMissing` when the key has none, `StorageUnavailable` when the store does not answer. */
  open(key: string): Promise<Readable>;
  /** Removes the key's bytes, if any. */
  remove(key: string): Promise<void>;
  /**
   * Everything stored, with its age, for the orphan sweep (platform/storage/orphan-sweep.ts): complete
   * files and the remains of uploads never completed (`.partial` files, multipart uploads).
   */
  list(): AsyncIterable<StoredEntry>;
  /**
   * Writes a small probe and removes it (the peer monitor, platform/health/peers.ts): resolves when
   * the store takes writes; `StorageFull` when its disk is full, `StorageUnavailable` otherwise.
   */
  ping(): Promise<void>;
  /** Lets go of connections, if any. */
  close?(): void;
};

export type StoredEntry = {
  key: string;
  /** An upload never completed: it never has a row. */
  partial: boolean;
  /** When it was last written (a partial file) or completed (an object). */
  modifiedAt: Date;
  /** Removes exactly this entry. */
  remove(): Promise<void>;
};

/** The key has no bytes in the store (removed by hand, or never there): a 404 for the caller. */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`stored file ${key} is missing`);
    this.name = 'StoredFileMissing';
  }
}

/** The store did not answer, or refused us: a 503 for the caller, who may try again later. */
export class StorageUnavailable extends Error {
  constructor(cause: unknown) {
    super(`file storage unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailable';
  }
}

/**
 * The disk under the store is full (ENOSPC, EDQUOT): nothing was stored (the partial file is
 * removed), a 507 for the caller (docs/decisions/141-readiness-and-degraded-peers.md).
 */
export class StorageFull extends StorageUnavailable {
  constructor(cause: unknown) {
    super(cause);
    this.name = 'StorageFull';
  }
}

/** Whether a file-system error means "no space left" (the disk, or the user's quota on it). */
export const isNoSpace = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as { code?: unknown } | null)?.code as string);

/** The store's failure as the caller's error: full, or unavailable. */
const storeFailure = (error: unknown) => (isNoSpace(error) ? new StorageFull(error) : new StorageUnavailable(error));

/** The storage probe's name starts with this (never a storage key: the orphan sweep ignores it) and its bytes. */
export const PROBE_PREFIX = '.probe-';
export const PROBE_BODY = Buffer.from('probe');

export const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The source as a stream that counts its bytes and remembers its own failure, so `put` tells
 * the source's error (too large, cut short: the caller's) from the store's.
 */
export function watchSource(source: Readable): { stream: Readable; failure: () => unknown; bytes: () => number } {
  let failed: { error: unknown } | undefined;
  let bytes = 0;
  async function* pass() {
    try {
      for await (const chunk of source) {
        bytes += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    } catch (error) {
      failed = { error };
      throw error;
    }
  }
  return { stream: Readable.from(pass(), { objectMode: false }), failure: () => failed?.error, bytes: () => bytes };
}

/**
 * `minFreeBytes`: the probe (`ping`) fails with `StorageFull` while the folder's disk has less
 * free than this (the largest upload allowed): a disk that cannot take one more file counts as
 * full before a write meets ENOSPC (decision 141).
 */
export function localFileStorage(root: string, options: { minFreeBytes?: number } = {}): FileStorage {
  const fileOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new StoredFileMissing(key);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(source, chosenKey) {
      const key = chosenKey ?? randomUUID();
      const target = fileOf(key);
      // A chosen key may be written by two requests at once: each through its own partial file.
      const partial = chosenKey ? `${target}.${randomUUID().slice(0, 8)}.partial` : `${target}.partial`;
      const watched = watchSource(source);
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await pipeline(watched.stream, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
        return { key, size: (await stat(target)).size };
      } catch (error) {
        await rm(partial, { force: true }).catch(() => undefined);
        const sourceError = watched.failure();
        if (sourceError) throw sourceError;
        throw storeFailure(error);
      }
    },
    async open(key) {
      // Opened here, not lazily by the stream: a missing file is known before any answer starts.
      const handle = await open(fileOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new StoredFileMissing(key) : new StorageUnavailable(error);
      });
      return handle.createReadStream();
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async *list() {
      const folders = await opendir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw new StorageUnavailable(error);
      });
      if (!folders) return;
      for await (const folder of folders) {
        if (!folder.isDirectory() || !/^[0-9a-f]{2}$/.test(folder.name)) continue;
        const dir = path.join(root, folder.name);
        const files = await opendir(dir).catch(() => undefined);
        if (!files) continue;
        for await (const file of files) {
          if (!file.isFile()) continue;
          const partial = file.name.endsWith('.partial');
          const key = partial ? file.name.replace(/(\.[0-9a-f]{8})?\.partial$/, '') : file.name;
          // Only what this storage writes: anything else in the folder is not ours to remove.
          if (!STORAGE_KEY.test(key) || key.slice(0, 2) !== folder.name) continue;
          const full = path.join(dir, file.name);
          const info = await stat(full).catch(() => undefined);
          if (!info) continue; // gone since the folder was read (renamed or removed)
          yield { key, partial, modifiedAt: info.mtime, remove: () => rm(full, { force: true }) };
        }
      }
    },
    async ping() {
      // A real write (decision 141): a full disk or a read-only mount fails here, where a check of
      // the folder's permissions would still pass.
      const probe = path.join(root, `${PROBE_PREFIX}${randomUUID()}`);
      try {
        await mkdir(root, { recursive: true });
        await writeFile(probe, PROBE_BODY, { flag: 'wx' });
        const disk = options.minFreeBytes ? await statfs(root) : undefined;
        if (disk && disk.bavail * disk.bsize < options.minFreeBytes!)
          throw Object.assign(new Error(`less than ${options.minFreeBytes} bytes free`), { code: 'ENOSPC' });
      } catch (error) {
        throw storeFailure(error);
      } finally {
        await rm(probe, { force: true }).catch(() => undefined);
      }
    },
  };
}

/**
 * The store as the routes use it while the peer monitor's last storage probe failed
 * (docs/decisions/141-readiness-and-degraded-peers.md): when it does not answer, writes and reads
 * fail at once with `StorageUnavailable` (a 503 with Retry-After) instead of each waiting for the
 * store's own timeouts (30 s of a stalled S3 connection, twice); when its disk is full, writes
 * fail at once with `StorageFull` (507) and reads go on. The probe itself, the sweep's listing and
 * removals go through as they are. Back to normal at the first probe that passes.
 */
export function guardedStorage(inner: FileStorage, state: () => 'up' | 'down' | 'full'): FileStorage {
  const why = new Error('the storage probe failed: refused at once until it passes');
  return {
    ...inner,
    put: (source, key) => {
      const now = state();
      if (now === 'up') return inner.put(source, key);
      source.resume();
      return Promise.reject(now === 'full' ? new StorageFull(why) : new StorageUnavailable(why));
    },
    open: (key) => (state() === 'down' ? Promise.reject(new StorageUnavailable(why)) : inner.open(key)),
  };
}
