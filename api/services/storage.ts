import { createReadStream, createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where attachment bytes live. Keys are random and made here, never from user input.
 * A folder under DATA_DIR by default; an S3-compatible store can implement the same shape.
 */
export type FileStorage = {
  /** Stores the stream under a new key; nothing is left behind if the stream fails. */
  put(source: Readable): Promise<{ key: string; size: number }>;
  open(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Resolves when the store can be written to (readiness, /api/ready). */
  ping(): Promise<void>;
};

const KEY = /^[0-9a-f-]{36}$/;

export function localFileStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('invalid storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(source) {
      const key = randomUUID();
      const target = fileOf(key);
      const partial = `${target}.partial`;
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(source, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, size: (await stat(target)).size };
    },
    async open(key) {
      return createReadStream(fileOf(key));
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
