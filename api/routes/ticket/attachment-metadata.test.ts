import exifr from 'exifr';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { createTestApi, type TestApi } from '../../test/helper';
import { asHeic, photoWithLocation, SERIAL } from '../../test/photos';
import { startTestS3, type TestS3 } from '../../test/s3';
import { createTicket, signInCallers, type Callers } from '../../test/tickets';
import { uploadTo } from '../../test/uploads';

/**
 * Every image stored through POST /api/ticket/{id}/attachment (the form without JavaScript, any
 * other client) loses its location and camera metadata, in either store
 * (docs/decisions/158-server-strips-image-metadata.md).
 */
describe.each(['local folder', 'S3'] as const)('location metadata on the %s', (store) => {
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

  const attachmentsOf = async (ticketId: number) =>
    (await api.app.inject({ method: 'GET', url: `/api/ticket/${ticketId}/attachment?page=0&size=100`, headers: who.operator.headers })).json().payload
      .content as Array<{ id: string; contentType: string; sizeBytes: number; fileName: string }>;
  const download = async (ticketId: number, id: string) =>
    (await api.app.inject({ method: 'GET', url: `/api/ticket/${ticketId}/attachment/${id}`, headers: who.operator.headers })).rawPayload;

  it('stores a JPEG, PNG, WebP and HEIC with GPS without it, turned as the camera said, each as its own type', async () => {
    const jpeg = await photoWithLocation('jpeg', { orientation: 6 });
    expect((await exifr.gps(jpeg))?.latitude).toBeCloseTo(-33.4375, 3);
    const files = [
      { name: 'bache.jpg', content: jpeg },
      { name: 'bache.png', content: await photoWithLocation('png', { orientation: 6 }) },
      { name: 'bache.webp', content: await photoWithLocation('webp', { orientation: 6 }) },
      { name: 'bache.heic', content: asHeic(await photoWithLocation('avif')) },
    ];
    const t = await createTicket(api, who.driver);
    const response = await uploadTo(api.app, who.driver, t.id, files);
    expect(response.statusCode).toBe(201);
    const stored = await attachmentsOf(t.id);
    expect(stored.map((a) => a.contentType)).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/heic']);
    for (const [i, a] of stored.entries()) {
      const file = await download(t.id, a.id);
      expect(file.length).toBe(a.sizeBytes);
      expect(file.length).toBeLessThan(files[i]!.content.length + 1);
      expect(file.includes(SERIAL)).toBe(false);
      expect(file.includes('GPSLatitude')).toBe(false);
      if (a.contentType === 'image/heic') continue;
      const meta = await sharp(file).metadata();
      expect(meta.orientation).toBe(6);
      if (a.contentType !== 'image/webp') {
        expect(await exifr.gps(file)).toBeUndefined();
        expect(await exifr.orientation(file)).toBe(6);
      }
      // The pixels are the ones sent.
      expect((await sharp(file).raw().toBuffer()).equals(await sharp(files[i]!.content).raw().toBuffer())).toBe(true);
    }
  });

  it('refuses, with a 400 and nothing stored, a JPEG whose metadata cannot be walked', async () => {
    const jpeg = await photoWithLocation('jpeg');
    // Its first segment's marker turned into one no JPEG has: the strip cannot tell what it hides.
    const damaged = Buffer.from(jpeg);
    damaged[3] = 0x02;
    const t = await createTicket(api, who.driver);
    const response = await uploadTo(api.app, who.driver, t.id, [{ name: 'dañada.jpg', content: damaged }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { message: messages.imageUnreadable, fields: { files: messages.imageUnreadable } } });
    expect(await attachmentsOf(t.id)).toEqual([]);
  });

  it('answers any cut or damaged photo with a 201 or a 4xx, never a 5xx, and never stores its GPS', async () => {
    const photo = await photoWithLocation('jpeg', { orientation: 6 });
    const t = await createTicket(api, who.driver);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: photo.length }),
        fc.array(fc.tuple(fc.nat(photo.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
        async (cut, changes) => {
          const damaged = Buffer.from(photo.subarray(0, cut));
          for (const [at, value] of changes) if (at < damaged.length) damaged[at] = value;
          const response = await uploadTo(api.app, who.driver, t.id, [{ name: 'foto.jpg', content: damaged }]);
          expect(response.statusCode === 201 || (response.statusCode >= 400 && response.statusCode < 500)).toBe(true);
          if (response.statusCode !== 201) return;
          const [saved] = response.json().payload as Array<{ id: string }>;
          expect((await download(t.id, saved!.id)).includes(SERIAL)).toBe(false);
        },
      ),
      { numRuns: 25 },
    );
  });
});
