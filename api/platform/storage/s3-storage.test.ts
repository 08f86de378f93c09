import { existsSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { buildApp } from '../../app';
import { queryRows } from '../db/client';
import { attachment } from '../db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { startTestS3, type TestS3 } from '../../test/s3';
import { createTicket, signInCallers, type Callers } from '../../test/tickets';
import { ELF, PNG, pdfOf, uploadTo } from '../../test/uploads';
import { ORPHAN_AGE_MS, sweepOrphanFiles } from './orphan-sweep';
import { s3FileStorage } from './s3-storage';
import { StoredFileMissing, type FileStorage } from './storage';

// Two API processes of one deployment: the same database, the same bucket, nothing else shared.
let s3: TestS3;
let api: TestApi;
let other: FastifyInstance;
let who: Callers;
let bucket: FileStorage;
beforeAll(async () => {
  s3 = await startTestS3();
  api = await createTestApi({ demoTickets: 0, config: { s3: s3.settings, attachmentMaxMb: 6 } });
  other = await buildApp({ config: api.config, db: api.database.db });
  await other.ready();
  who = await signInCallers(api);
  // Looks at the bucket the way the sweep does, two objects a page (so pages follow each other).
  bucket = s3FileStorage(s3.settings, { listPageSize: 2 });
});
afterAll(async () => {
  bucket?.close?.();
  await other?.close();
  await api?.close();
  await s3?.close();
});

const inBucket = async () => {
  const keys: string[] = [];
  for await (const entry of bucket.list()) keys.push(entry.key);
  return keys.sort();
};
const rowsOf = (ticketId: number) => api.database.db.select().from(attachment).where(eq(attachment.ticketId, ticketId));
const download = (app: FastifyInstance, ticketId: number, id: string, suffix = '') =>
  app.inject({ method: 'GET', url: `/api/ticket/${ticketId}/attachment/${id}${suffix}`, headers: who.operator.headers });
/** Makes an object look written `ms` ago (s3rver's LastModified is its file's time). */
const age = (key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  return utimes(path.join(s3.directory, s3.settings.bucket, 'attachments', `${key}._S3rver_object`), when, when);
};

describe('attachments on an S3-compatible store', () => {
  it('stores an upload in the bucket and another process serves the same bytes', async () => {
    const t = await createTicket(api, who.driver);
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#36c' } }).png().toBuffer();
    // Over one 5 MB part: goes up as a multipart upload, read from the request as it arrives.
    const report = pdfOf(5.5 * 1024 * 1024);
    const response = await uploadTo(api.app, who.driver, t.id, [
      { name: 'foto.png', content: photo },
      { name: 'informe.pdf', content: report },
    ]);
    expect(response.statusCode).toBe(201);
    const rows = await rowsOf(t.id);
    expect(rows.map((r) => [r.fileName, r.sizeBytes])).toEqual(
      expect.arrayContaining([
        ['foto.png', photo.length],
        ['informe.pdf', report.length],
      ]),
    );
    expect(await inBucket()).toEqual(expect.arrayContaining(rows.map((r) => r.storageKey)));
    // Nothing went to the local folder.
    expect(existsSync(path.join(api.config.dataDir, 'attachments'))).toBe(false);

    const byName = Object.fromEntries(rows.map((r) => [r.fileName, r]));
    const pdf = await download(other, t.id, byName['informe.pdf']!.id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-length']).toBe(String(report.length));
    expect(Buffer.compare(pdf.rawPayload, report)).toBe(0);
    const png = await download(other, t.id, byName['foto.png']!.id);
    expect(Buffer.compare(png.rawPayload, photo)).toBe(0);
    const preview = await download(other, t.id, byName['foto.png']!.id, '/preview');
    expect(preview.statusCode).toBe(200);
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(160);
  });

  it('still checks type and size while streaming, and a refused upload leaves nothing in the bucket', async () => {
    const t = await createTicket(api, who.driver);
    const before = await inBucket();
    // 7 MB against a 6 MB limit: the first 5 MB part is already on its way when the limit hits.
    const big = await uploadTo(api.app, who.driver, t.id, [{ name: 'grande.pdf', content: pdfOf(7 * 1024 * 1024) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ errors: { message: 'Cada archivo puede pesar hasta 6 MB', fields: { files: 'Cada archivo puede pesar hasta 6 MB' } } });
    // A good file first, then one over the limit: the first is removed again.
    const mixed = await uploadTo(api.app, who.driver, t.id, [
      { name: 'ok.png', content: PNG },
      { name: 'grande.pdf', content: pdfOf(7 * 1024 * 1024) },
    ]);
    expect(mixed.statusCode).toBe(413);
    const exe = await uploadTo(api.app, who.driver, t.id, [{ name: 'foto.jpg', content: ELF }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().errors.message).toBe(messages.attachmentTypeNotAllowed);
    expect(await inBucket()).toEqual(before);
    expect(await rowsOf(t.id)).toHaveLength(0);
  });

  it('answers the Spanish 404 in the envelope when the object is gone', async () => {
    const t = await createTicket(api, who.driver);
    await uploadTo(api.app, who.driver, t.id, [{ name: 'a.png', content: PNG }]);
    const [row] = await rowsOf(t.id);
    await bucket.remove(row!.storageKey);
    await expect(bucket.open(row!.storageKey)).rejects.toBeInstanceOf(StoredFileMissing);
    for (const suffix of ['', '/preview']) {
      const response = await download(other, t.id, row!.id, suffix);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ errors: { message: messages.attachmentUnavailable } });
    }
  });

  it('answers 503 with Retry-After while the store is down, and serves again once it is back', async () => {
    const t = await createTicket(api, who.driver);
    await uploadTo(api.app, who.driver, t.id, [{ name: 'a.png', content: PNG }]);
    const [row] = await rowsOf(t.id);
    await s3.stop();
    try {
      for (const suffix of ['', '/preview']) {
        const response = await download(api.app, t.id, row!.id, suffix);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('30');
        expect(response.json()).toEqual({ errors: { message: messages.attachmentStorageDown } });
      }
      const upload = await uploadTo(api.app, who.driver, t.id, [{ name: 'b.png', content: PNG }]);
      expect(upload.statusCode).toBe(503);
      expect(upload.headers['retry-after']).toBe('30');
      expect(upload.json().errors.message).toBe(messages.attachmentStorageDown);
      expect(await rowsOf(t.id)).toHaveLength(1);
      await expect(bucket.ping()).rejects.toThrow(/unavailable/);
      // The process stays in the balancer: only the attachments are degraded (decision 141).
      expect((await api.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    const again = await download(other, t.id, row!.id);
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, PNG)).toBe(0);
    await bucket.ping();
    expect((await api.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('sweeps objects without a row once they are an hour old, keeping young ones and ones with a row', async () => {
    const t = await createTicket(api, who.driver);
    await uploadTo(api.app, who.driver, t.id, [{ name: 'con-fila.png', content: PNG }]);
    const [row] = await rowsOf(t.id);
    // What a process killed between storing a file and writing its row leaves behind.
    const orphan = await bucket.put(Readable.from([PNG]));
    const young = await bucket.put(Readable.from([PNG]));
    const old = ORPHAN_AGE_MS + 60_000;
    await age(orphan.key, old);
    await age(row!.storageKey, old);
    await age(young.key, ORPHAN_AGE_MS - 5 * 60_000);
    // Every object of earlier tests has a row, or is younger than an hour.
    const result = await sweepOrphanFiles(api.database.db, bucket);
    expect(result.removed).toBe(1);
    const left = await inBucket();
    expect(left).not.toContain(orphan.key);
    expect(left).toEqual(expect.arrayContaining([young.key, row!.storageKey]));
    const [{ n }] = (await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from attachment`)) as [{ n: number }];
    expect(left.length).toBeGreaterThanOrEqual(n);
    // An hour later the young one is old too, and goes; the one with a row stays.
    const later = await sweepOrphanFiles(api.database.db, bucket, { now: new Date(Date.now() + ORPHAN_AGE_MS) });
    expect(later.removed).toBe(1);
    expect(await inBucket()).not.toContain(young.key);
    expect((await download(other, t.id, row!.id)).statusCode).toBe(200);
  });
});
