import { MetadataUnreadable, orientationOf, orientationOnlyTiff, tiffOf } from './exif';

/** VP8X's flags (https://developers.google.com/speed/webp/docs/riff_container): EXIF and XMP present. */
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;

/** The chunks kept besides the extended header: the image, its colour profile, its animation. EXIF, XMP and unknown chunks go. */
const KEPT = new Set(['VP8 ', 'VP8L', 'ALPH', 'ANMF', 'ICCP', 'ANIM']);

/**
 * A WebP without its EXIF, XMP and unknown chunks, losslessly: the image chunks are copied as they came
 * (docs/decisions/158-server-strips-image-metadata.md); the extended header's flags and the RIFF
 * size are rewritten to match. The Orientation of the EXIF chunk is kept as an EXIF holding that
 * tag alone. Nothing after the RIFF's declared end is kept.
 */
export function stripWebp(input: Buffer): Buffer {
  if (input.length < 12 || input.toString('latin1', 0, 4) !== 'RIFF' || input.toString('latin1', 8, 12) !== 'WEBP')
    throw new MetadataUnreadable('no WebP header');
  const riffEnd = Math.min(input.length, 8 + input.readUInt32LE(4));
  const chunks: Buffer[] = [];
  let header: Buffer | undefined;
  let orientation: number | undefined;
  let seen = 0;
  let pos = 12;
  while (pos + 8 <= riffEnd) {
    const type = input.toString('latin1', pos, pos + 4);
    const size = input.readUInt32LE(pos + 4);
    const end = pos + 8 + size + (size % 2);
    // A chunk cut short is dropped whole, image data too: its size cannot be trusted to end where it says.
    if (pos + 8 + size > riffEnd) break;
    const whole = input.subarray(pos, Math.min(end, riffEnd));
    if (type === 'EXIF') seen |= EXIF_FLAG;
    if (type === 'XMP ') seen |= XMP_FLAG;
    if (type === 'EXIF') orientation ??= orientationOf(tiffOf(input.subarray(pos + 8, pos + 8 + size)));
    else if (type === 'VP8X' && !header && size >= 10) {
      header = Buffer.from(whole);
      chunks.push(header);
    } else if (KEPT.has(type)) chunks.push(whole);
    pos = end;
  }
  // RIFF has no checksums: a header announcing EXIF or XMP not found as a chunk means a damaged size
  // carried it inside another chunk, kept above. Refused.
  if (header && (header[8]! & (EXIF_FLAG | XMP_FLAG) & ~seen) !== 0) throw new MetadataUnreadable('announced metadata not found');
  if (header) header[8] = header[8]! & ~(EXIF_FLAG | XMP_FLAG);
  // Without the extended header (a simple VP8/VP8L file) there can be no EXIF chunk to put it in.
  const tiff = header ? orientationOnlyTiff(orientation) : undefined;
  if (header && tiff) {
    header[8] = header[8]! | EXIF_FLAG;
    const head = Buffer.alloc(8);
    head.write('EXIF', 0, 'latin1');
    head.writeUInt32LE(tiff.length, 4);
    chunks.push(head, tiff); // 26 bytes: even, no padding
  }
  const riff = Buffer.alloc(12);
  input.copy(riff, 0, 0, 12);
  const body = Buffer.concat(chunks);
  riff.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([riff, body]);
}
