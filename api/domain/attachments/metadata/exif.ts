/**
 * The one EXIF tag a stored image keeps (docs/decisions/158-server-strips-image-metadata.md):
 * its Orientation, read from the TIFF structure EXIF is, and written back as a TIFF of that
 * single tag. Everything else EXIF holds (GPS, serial numbers, maker notes, dates) is dropped.
 */

/** A structure the strip cannot walk: the upload is refused (a 400), never stored unstripped. */
export class MetadataUnreadable extends Error {
  constructor(what: string) {
    super(`image metadata unreadable: ${what}`);
  }
}

const ORIENTATION_TAG = 0x0112;

/** The Orientation (1..8) of a TIFF block ("II*\0" or "MM\0*"), or undefined when it has none. */
export function orientationOf(tiff: Buffer): number | undefined {
  try {
    const order = tiff.toString('latin1', 0, 2);
    if (order !== 'II' && order !== 'MM') return undefined;
    const le = order === 'II';
    const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
    const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
    const ifd = u32(4);
    const count = u16(ifd);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (u16(entry) !== ORIENTATION_TAG) continue;
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  } catch {
    // A broken EXIF block: no orientation to keep.
  }
  return undefined;
}

/** A big-endian TIFF with one IFD holding only Orientation (SHORT), or undefined for 1 (the default). */
export function orientationOnlyTiff(orientation: number | undefined): Buffer | undefined {
  if (!orientation || orientation === 1) return undefined;
  const tiff = Buffer.alloc(26);
  tiff.write('MM\0*', 0, 'latin1');
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(ORIENTATION_TAG, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18); // left-justified in the 4-byte value field
  tiff.writeUInt32BE(0, 22); // no next IFD
  return tiff;
}

/** "Exif\0\0": the prefix of an EXIF block in a JPEG's APP1 (and, from some writers, in WebP's EXIF chunk). */
export const EXIF_PREFIX = Buffer.from('Exif\0\0', 'latin1');

/** The TIFF inside an EXIF payload, with or without the "Exif\0\0" prefix. */
export const tiffOf = (payload: Buffer): Buffer => (payload.subarray(0, 6).equals(EXIF_PREFIX) ? payload.subarray(6) : payload);
