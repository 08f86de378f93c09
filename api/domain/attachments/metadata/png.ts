import { crc32 } from 'node:zlib';
import { MetadataUnreadable, orientationOf, orientationOnlyTiff } from './exif';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The chunks kept: the image and how to show it (PNG 3rd edition and APNG). Dropped: EXIF (eXIf), text
 * (tEXt, zTXt, iTXt: XMP, comments, authoring data), the time, and any private or unknown chunk,
 * where a writer may keep anything.
 */
const KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'mDCV', 'cLLI', 'bKGD', 'hIST', 'pHYs', 'sPLT', 'acTL', 'fcTL', 'fdAT']);

/**
 * A PNG without its metadata chunks, losslessly: the chunks of the image (the pixels, the palette,
 * the colour profile) are copied as they came (docs/decisions/158-server-strips-image-metadata.md). The
 * Orientation of an eXIf chunk is kept as an eXIf holding that tag alone; nothing after IEND is kept.
 * A kept chunk's checksum is verified (a damaged length would otherwise carry the chunks after it along);
 * a file cut inside a chunk loses that chunk.
 */
export function stripPng(input: Buffer): Buffer {
  if (!input.subarray(0, 8).equals(SIGNATURE)) throw new MetadataUnreadable('no PNG signature');
  const out: Buffer[] = [SIGNATURE];
  let orientation: number | undefined;
  let firstImageData: number | undefined;
  let pos = 8;
  while (pos + 8 <= input.length) {
    const length = input.readUInt32BE(pos);
    const type = input.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    // A chunk cut short is dropped whole, image data too: its length cannot be trusted to end where it says.
    if (end > input.length) break;
    if (KEPT.has(type) && crc32(input.subarray(pos + 4, pos + 8 + length)) !== input.readUInt32BE(pos + 8 + length))
      throw new MetadataUnreadable('a chunk whose checksum fails'); // a wrong length may be hiding the next chunks in it
    if (type === 'eXIf') orientation ??= orientationOf(input.subarray(pos + 8, pos + 8 + length));
    if (type === 'IDAT') firstImageData ??= out.length;
    if (KEPT.has(type)) out.push(input.subarray(pos, end));
    pos = end;
    if (type === 'IEND') break;
  }
  const tiff = orientationOnlyTiff(orientation);
  if (tiff) out.splice(firstImageData ?? out.length, 0, chunk('eXIf', tiff));
  return Buffer.concat(out);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
