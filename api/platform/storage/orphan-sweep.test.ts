import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { attachment } from '../db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, signInCallers, type Callers } from '../../test/tickets';
import { PDF, PNG, uploadTo } from '../../test/uploads';
import { ORPHAN_AGE_MS, sweepOrphanFiles } from './orphan-sweep';
import { localFileStorage, StoredFileMissing, type FileStorage } from './storage';

// The local folder (the default storage), with a short upload deadline for the stalled upload.
let api: TestApi;
let who: Callers;
let root: string;
let storage: FileStorage;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0, config: { attachmentUploadDeadlineMs: 1_500 } });
  who = await signInCallers(api);
  root = path.join(api.config.dataDir, 'attachments');
  storage = localFileStorage(root);
});
afterAll(() => api?.close());

const fileOf = (key: string) => path.join(root, key.slice(0, 2), key);
const age = (file: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  return utimes(file, when, when);
};
const filesOnDisk = () =>
  existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort() : [];
const rowsOf = (ticketId: number) => api.database.db.select().from(attachment).where(eq(attachment.ticketId, ticketId));

describe('the orphan sweep on the local folder', () => {
  it('removes an old file without a row and an old .partial, keeping young ones, ones with a row and strangers', async () => {
    const t = await createTicket(api, who.driver);
    expect((await uploadTo(api.app, who.driver, t.id, [{ name: 'con-fila.pdf', content: PDF }])).statusCode).toBe(201);
    const [row] = await rowsOf(t.id);
    // What `kill -9` mid-upload leaves: a complete file whose row never came, and a half-written one.
    const orphan = await storage.put(Readable.from([PNG]));
    const stale = `${fileOf(randomUUID())}.partial`;
    const inProgress = `${fileOf(randomUUID())}.partial`;
    const young = await storage.put(Readable.from([PNG]));
    const stranger = path.join(root, 'LEEME.txt');
    for (const file of [stale, inProgress]) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, PDF.subarray(0, 20));
    }
    await writeFile(stranger, 'no es un adjunto');
    const old = ORPHAN_AGE_MS + 60_000;
    for (const file of [fileOf(orphan.key), stale, fileOf(row!.storageKey), stranger]) await age(file, old);
    await age(inProgress, ORPHAN_AGE_MS - 60_000);

    const result = await sweepOrphanFiles(api.database.db, storage);
    expect(result.removed).toBe(2);
    expect(existsSync(fileOf(orphan.key))).toBe(false);
    expect(existsSync(stale)).toBe(false);
    for (const kept of [fileOf(young.key), inProgress, fileOf(row!.storageKey), stranger]) expect(existsSync(kept)).toBe(true);
    const file = await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment/${row!.id}`, headers: who.driver.headers });
    expect(Buffer.compare(file.rawPayload, PDF)).toBe(0);
    await rm(inProgress);
  });

  it('finds nothing to do when no file was ever stored', async () => {
    expect(await sweepOrphanFiles(api.database.db, localFileStorage(path.join(api.config.dataDir, 'nunca')))).toEqual({ removed: 0, kept: 0 });
  });
});

describe('a local file that is gone', () => {
  it('answers the Spanish 404 in the envelope for the download and the preview, not a 500', async () => {
    const t = await createTicket(api, who.driver);
    await uploadTo(api.app, who.driver, t.id, [{ name: 'a.png', content: PNG }]);
    const [row] = await rowsOf(t.id);
    await rm(fileOf(row!.storageKey));
    await expect(storage.open(row!.storageKey)).rejects.toBeInstanceOf(StoredFileMissing);
    for (const suffix of ['', '/preview']) {
      const response = await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment/${row!.id}${suffix}`, headers: who.driver.headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.json()).toEqual({ errors: { message: messages.attachmentUnavailable } });
    }
  });
});

describe('a stalled upload', () => {
  it('is given up at the deadline, leaving no file, no .partial and no row', async () => {
    const t = await createTicket(api, who.driver);
    const before = filesOnDisk();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as AddressInfo;
    const boundary = '----lenta';
    // One complete file, then the second one starts and stops arriving.
    const first = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const second = `\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const answer = await new Promise<string>((resolve) => {
      let received = '';
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/ticket/${t.id}/attachment HTTP/1.1\r\nHost: x\r\nAuthorization: ${who.driver.headers.authorization}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 500000\r\n\r\n`,
        );
        socket.write(Buffer.concat([Buffer.from(first), PNG, Buffer.from(second), PDF, Buffer.alloc(5_000, 0x20)]));
      });
      socket.on('data', (chunk) => {
        received += chunk.toString();
        if (received.endsWith('}}')) socket.destroy();
      });
      socket.on('close', () => resolve(received));
      socket.on('error', () => undefined);
      setTimeout(() => socket.destroy(), 10_000);
    });
    expect(answer).toMatch(/^HTTP\/1.1 408/);
    expect(answer).toContain(JSON.stringify({ errors: { message: messages.attachmentUploadTooSlow } }));
    expect(filesOnDisk()).toEqual(before);
    expect(await rowsOf(t.id)).toHaveLength(0);
  });
});
