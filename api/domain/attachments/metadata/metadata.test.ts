import exifr from 'exifr';
import fc from 'fast-check';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AttachmentType } from '@contract/conversation';
import { asHeic, photoWithLocation, SERIAL, type PhotoFormat } from '../../../test/photos';
import { MetadataUnreadable, stripMetadata } from './index';
import { tiffOf } from './exif';

/** The decoded pixels, as stored (not turned): a lossless strip leaves them identical. */
const pixels = (image: Buffer) => sharp(image).raw().toBuffer();

/** Everything sharp (libvips) finds in the file's EXIF, read back by exifr. */
async function exifOf(image: Buffer) {
  const { exif, xmp, orientation } = await sharp(image).metadata();
  const tags = exif && exif.length > 14 ? ((await exifr.parse(tiffOf(exif), { gps: true, tiff: true, exif: true, makerNote: true })) ?? {}) : {};
  return { tags: tags as Record<string, unknown>, xmp: xmp?.toString('utf8') ?? '', orientation };
}

const cases: Array<[PhotoFormat, AttachmentType]> = [
  ['jpeg', 'image/jpeg'],
  ['png', 'image/png'],
  ['webp', 'image/webp'],
];

/** The server's strip (docs/decisions/158-server-strips-image-metadata.md), per format, on files made by sharp. */
describe.each(cases)('stripping a %s', (format, type) => {
  it('removes the position, the serial number and the XMP, and keeps every pixel and the type', async () => {
    const photo = await photoWithLocation(format);
    const before = await exifOf(photo);
    // The fixture really carries what must go.
    expect(before.tags.latitude).toBeCloseTo(-33.4375, 3);
    expect(before.tags.SerialNumber ?? before.tags.BodySerialNumber).toBe(SERIAL);
    expect(before.xmp).toContain('GPSLatitude');

    const stripped = stripMetadata(type, photo);
    const after = await exifOf(stripped);
    expect(after.tags.latitude).toBeUndefined();
    expect(after.tags.GPSLatitude).toBeUndefined();
    expect(after.tags.Make).toBeUndefined();
    expect(after.xmp).toBe('');
    expect(stripped.includes(SERIAL)).toBe(false);
    expect(stripped.includes('GPSLatitude')).toBe(false);
    expect((await fileTypeFromBuffer(stripped))?.mime).toBe(type);
    expect((await pixels(stripped)).equals(await pixels(photo))).toBe(true);
    expect(stripped.length).toBeLessThan(photo.length);
  });

  it('keeps the orientation the camera wrote, and only it', async () => {
    const photo = await photoWithLocation(format, { orientation: 6 });
    const stripped = stripMetadata(type, photo);
    const after = await exifOf(stripped);
    expect(after.orientation).toBe(6);
    expect(after.tags.latitude).toBeUndefined();
    expect(Object.keys(after.tags)).toEqual(['Orientation']);
    // Turned as the camera meant: 48 wide, 64 high once the orientation is applied.
    const { info } = await sharp(stripped).rotate().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([48, 64]);
    expect((await pixels(stripped)).equals(await pixels(photo))).toBe(true);
  });

  it('is the same when applied twice (a file sent again is stored the same)', async () => {
    const once = stripMetadata(type, await photoWithLocation(format, { orientation: 3 }));
    expect(stripMetadata(type, once).equals(once)).toBe(true);
  });
});

describe('stripping a HEIC (HEIF made by libheif: the AVIF sharp writes, labelled heic)', () => {
  it('blanks the Exif and XMP items in place: no position, no serial, pixels and size unchanged', async () => {
    const avif = await photoWithLocation('avif');
    const heic = asHeic(avif);
    expect((await fileTypeFromBuffer(heic))?.mime).toBe('image/heic');
    expect(heic.includes(SERIAL)).toBe(true);
    const stripped = stripMetadata('image/heic', heic);
    expect(stripped.length).toBe(heic.length);
    expect(stripped.includes(SERIAL)).toBe(false);
    expect(stripped.includes('GPSLatitude')).toBe(false);
    expect((await fileTypeFromBuffer(stripped))?.mime).toBe('image/heic');
    // libvips decodes the AVIF-branded twin: same bytes stripped the same way.
    const strippedAvif = stripMetadata('image/heic', avif);
    expect((await exifOf(avif)).tags.latitude).toBeCloseTo(-33.4375, 3);
    const after = await exifOf(strippedAvif);
    expect(after.tags.latitude).toBeUndefined();
    expect(after.tags.SerialNumber).toBeUndefined();
    expect(after.xmp.trim()).toBe('');
    expect((await pixels(strippedAvif)).equals(await pixels(avif))).toBe(true);
  });

  it('refuses a HEIC whose boxes cannot be walked', () => {
    const heic = asHeic(Buffer.from('0000001c6674797068656963000000006d69663168656963000000ff6d657461', 'hex'));
    expect(() => stripMetadata('image/heic', heic)).toThrow(MetadataUnreadable);
  });
});

describe('stripping damaged files', () => {
  const all: Array<[AttachmentType, PhotoFormat]> = [
    ['image/jpeg', 'jpeg'],
    ['image/png', 'png'],
    ['image/webp', 'webp'],
    ['image/heic', 'avif'],
  ];

  it.each(all)('a %s cut anywhere, or with bytes overwritten, is stripped or refused, never anything else', async (type, format) => {
    const photo = await photoWithLocation(format, { orientation: 6 });
    await fc.assert(
      fc.property(
        fc.integer({ min: 0, max: photo.length }),
        fc.array(fc.tuple(fc.nat(photo.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        (cut, changes) => {
          const damaged = Buffer.from(photo.subarray(0, cut));
          for (const [at, value] of changes) if (at < damaged.length) damaged[at] = value;
          try {
            const out = stripMetadata(type, damaged);
            expect(out.includes(SERIAL)).toBe(false);
          } catch (error) {
            expect(error).toBeInstanceOf(MetadataUnreadable);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each(all.map(([t]) => t))('random bytes as a %s are refused or passed through stripped, never a crash', (type) => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        try {
          stripMetadata(type, Buffer.from(bytes));
        } catch (error) {
          expect(error).toBeInstanceOf(MetadataUnreadable);
        }
      }),
    );
  });

  it('passes other types through untouched', () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    expect(stripMetadata('application/pdf', pdf)).toBe(pdf);
  });
});
