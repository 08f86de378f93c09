import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3';
import { S3PiecesStore } from './s3-pieces';
import { UPLOAD_PREFIX } from './tus-store';

let s3: TestS3;
let store: S3PiecesStore;
let other: S3PiecesStore;
beforeAll(async () => {
  s3 = await startTestS3();
  store = new S3PiecesStore(s3.settings, UPLOAD_PREFIX);
  // A second process's store: it keeps nothing of its own, so it sees what the first wrote.
  other = new S3PiecesStore(s3.settings, UPLOAD_PREFIX);
});
afterAll(async () => {
  store.close();
  other.close();
  await s3.close();
});

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7) % 251));
/** A body that sends `sent` bytes and then breaks, as a dropped link. */
const cut = (body: Buffer, sent: number) => {
  let pushed = false;
  return new Readable({
    read() {
      if (pushed) setTimeout(() => this.destroy(new Error('socket hang up')), 20);
      else this.push(body.subarray(0, sent));
      pushed = true;
    },
  });
};
async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const objectsUnder = (id: string) => {
  try {
    return readdirSync(path.join(s3.directory, s3.settings.bucket, UPLOAD_PREFIX, id));
  } catch {
    return [];
  }
};

describe('the S3 pieces store', () => {
  it('keeps what arrived of a cut body, resumes on another process, and reads the file back whole', async () => {
    const file = bytes(30_000);
    const id = 'a'.repeat(32);
    await store.create(new Upload({ id, size: file.length, offset: 0 }));
    expect((await other.getUpload(id)).offset).toBe(0);
    expect(await store.write(Readable.from([file.subarray(0, 10_000)]), id, 0)).toBe(10_000);
    await expect(store.write(cut(file.subarray(10_000), 5_000), id, 10_000)).rejects.toBeTruthy();
    const kept = (await other.getUpload(id)).offset;
    expect(kept).toBe(15_000);
    expect(await other.write(Readable.from([file.subarray(kept)]), id, kept)).toBe(file.length);
    expect(await store.getUpload(id)).toMatchObject({ offset: file.length, size: file.length });
    expect(await readAll(await store.read(id))).toEqual(file);
  });

  it('removes every object of an upload (its info and pieces); an unknown one is not found', async () => {
    const id = 'b'.repeat(32);
    await store.create(new Upload({ id, size: 100, offset: 0 }));
    await store.write(Readable.from([bytes(40)]), id, 0);
    expect(objectsUnder(id).length).toBeGreaterThan(0);
    await other.remove(id);
    expect(objectsUnder(id)).toEqual([]);
    await expect(store.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
    await expect(store.remove(id)).rejects.toMatchObject({ status_code: 404 });
  });
});
