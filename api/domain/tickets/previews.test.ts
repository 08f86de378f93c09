import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@contract/messages';
import { queryRows } from '../../platform/db/client';
import { attachment } from '../../platform/db/schema';
import { sweepOrphanFiles } from '../../platform/storage/orphan-sweep';
import { StoredFileMissing } from '../../platform/storage/storage';
import { createTestApi, type TestApi } from '../../test/helper';
import { startTestS3, type TestS3 } from '../../test/s3';
import { createTicket, signInCallers, type Callers } from '../../test/tickets';
import { uploadTo } from '../../test/uploads';
import { previewKeyOf } from './previews';

/**
 * Previews made once and stored beside the file, in either store; images over the pixel limit
 * refused (docs/decisions/134-write-quotas-digests-and-stored-previews.md).
 */
describe.each(['local folder', 'S3'] as const)('image previews on the %s', (store) => {
  let api: TestApi;
  let s3: TestS3 | undefined;
  let who: Callers;
  beforeAll(async () => {
    s3 = store === 'S3' ? await startTestS3() : undefined;
    api = await createTestApi({ demoTickets: 0, config: s3 ? { s3: s3.settings } : {} });
    who = await signInCallers(api);
  });
  afterAll(async () => {
    await api.close();
    await s3?.close();
  });

  const preview = (ticketId: number, id: string) =>
    api.app.inject({ method: 'GET', url: `/api/ticket/${ticketId}/attachment/${id}/preview`, headers: who.driver.headers });
  const download = (ticketId: number, id: string) =>
    api.app.inject({ method: 'GET', url: `/api/ticket/${ticketId}/attachment/${id}`, headers: who.driver.headers });
  const rowOf = async (id: string) => (await api.database.db.select().from(attachment).where(eq(attachment.id, id)))[0]!;
  const exists = (key: string) =>
    api.app.storage.open(key).then(
      async (s) => (await buffer(s), true),
      (error: unknown) => {
        if (error instanceof StoredFileMissing) return false;
        throw error;
      },
    );

  it('makes the preview once: a second view reads the stored WebP and never the image again', async () => {
    const t = await createTicket(api, who.driver);
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    const [saved] = (await uploadTo(api.app, who.driver, t.id, [{ name: 'bache.jpg', content: photo }])).json().payload;
    const row = await rowOf(saved.id);
    const opened = vi.spyOn(api.app.storage, 'open');
    try {
      const first = await preview(t.id, saved.id);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/webp');
      expect(opened.mock.calls.map(([key]) => key)).toEqual([row.storageKey]);
      const key = previewKeyOf(row.storageKey);
      expect((await rowOf(saved.id)).previewKey).toBe(key);
      opened.mockClear();

      const second = await preview(t.id, saved.id);
      expect(second.statusCode).toBe(200);
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      // Only the stored preview is read: the image is not even opened, let alone decoded.
      expect(opened.mock.calls.map(([k]) => k)).toEqual([key]);
      const meta = await sharp(second.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 107]);
    } finally {
      opened.mockRestore();
    }
  });

  it('refuses at upload a small PNG declaring more than 40 megapixels, in Spanish, storing nothing', async () => {
    const t = await createTicket(api, who.driver);
    // 7 000 × 7 000 = 49 megapixels in about 150 KB: what cost up to 0.8 s of CPU at every view.
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(400_000);
    const before = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from attachment`);
    const refused = await uploadTo(api.app, who.driver, t.id, [{ name: 'enorme.png', content: bomb }]);
    expect(refused.statusCode).toBe(400);
    const message = 'La imagen es demasiado grande: tiene más de 40 megapíxeles. Redúzcala e intente de nuevo.';
    expect(refused.json()).toEqual({ errors: { message, fields: { files: message } } });
    expect(await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from attachment`)).toEqual(before);
  });

  it('gives an oversized image stored before the limit no preview, without decoding it twice, and still serves its download', async () => {
    const t = await createTicket(api, who.driver);
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer();
    const { key, size } = await api.app.storage.put(Readable.from([bomb]));
    const [row] = await api.database.db
      .insert(attachment)
      .values({ ticketId: t.id, uploaderId: who.driver.id, fileName: 'antigua.png', contentType: 'image/png', sizeBytes: size, storageKey: key })
      .returning();
    const first = await preview(t.id, row!.id);
    expect(first.statusCode).toBe(415);
    expect(first.json().errors.message).toBe(messages.previewUnavailable);
    expect((await rowOf(row!.id)).previewNone).toBe(true);
    const opened = vi.spyOn(api.app.storage, 'open');
    try {
      expect((await preview(t.id, row!.id)).statusCode).toBe(415);
      expect(opened).not.toHaveBeenCalled();
    } finally {
      opened.mockRestore();
    }
    const file = await download(t.id, row!.id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bomb)).toBe(true);
  });

  it('the orphan sweep keeps a preview while its attachment has a row, and removes it with the file once the row is gone', async () => {
    const t = await createTicket(api, who.driver);
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#36a' } }).png().toBuffer();
    const [saved] = (await uploadTo(api.app, who.driver, t.id, [{ name: 'foto.png', content: photo }])).json().payload;
    expect((await preview(t.id, saved.id)).statusCode).toBe(200);
    const row = await rowOf(saved.id);
    const later = new Date(Date.now() + 2 * 3_600_000);
    await sweepOrphanFiles(api.database.db, api.app.storage, { now: later });
    expect([await exists(row.storageKey), await exists(row.previewKey!)]).toEqual([true, true]);

    await api.database.db.delete(attachment).where(eq(attachment.id, saved.id));
    await sweepOrphanFiles(api.database.db, api.app.storage, { now: later });
    expect([await exists(row.storageKey), await exists(row.previewKey!)]).toEqual([false, false]);
  });
});
