import { EXIF_PREFIX, MetadataUnreadable, orientationOf, orientationOnlyTiff } from './exif';

/**
 * A JPEG without its metadata segments, losslessly: the compressed image data is copied byte
 * for byte (docs/decisions/158-server-strips-image-metadata.md). Dropped: APP1 (EXIF with GPS,
 * serial numbers and maker notes; XMP), APP13 (IPTC), every other APPn but JFIF (APP0), the ICC
 * colour profile (APP2) and Adobe's colour transform (APP14), which decoding needs; comments;
 * and anything after the end of the image (phones append depth maps and second images there,
 * with EXIF of their own). The Orientation is kept, as an APP1 holding that tag alone.
 */
export function stripJpeg(input: Buffer): Buffer {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== 0xd8) throw new MetadataUnreadable('no JPEG start');
  const out: Buffer[] = [input.subarray(0, 2)];
  let insertAt = 1;
  let orientation: number | undefined;
  let pos = 2;
  while (pos < input.length) {
    if (input[pos] !== 0xff) throw new MetadataUnreadable('marker expected');
    while (input[pos + 1] === 0xff) pos++; // fill bytes
    const marker = input[pos + 1];
    if (marker === undefined) break;
    if (marker === 0xd9) {
      out.push(input.subarray(pos, pos + 2));
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      out.push(input.subarray(pos, pos + 2));
      pos += 2;
      continue;
    }
    const length = input.readUInt16BE(pos + 2);
    const end = pos + 2 + length;
    if (length < 2 || end > input.length) throw new MetadataUnreadable('segment past the end');
    const segment = input.subarray(pos, end);
    const payload = input.subarray(pos + 4, end);
    if (marker === 0xe1 && payload.subarray(0, 6).equals(EXIF_PREFIX)) orientation ??= orientationOf(payload.subarray(6));
    if (keeps(marker, payload)) {
      // No checksums in a JPEG: a damaged marker byte can make an EXIF or XMP segment look like a table.
      if (SIGNATURES.some((signature) => payload.includes(signature))) throw new MetadataUnreadable('metadata in a kept segment');
      out.push(segment);
      if (marker === 0xe0 && out.length === 2) insertAt = 2; // the orientation goes after a leading JFIF
    }
    pos = end;
    if (marker === 0xda) pos = copyScan(input, pos, out);
  }
  const tiff = orientationOnlyTiff(orientation);
  if (tiff) {
    const app1 = Buffer.alloc(4);
    app1.writeUInt16BE(0xffe1, 0);
    app1.writeUInt16BE(2 + EXIF_PREFIX.length + tiff.length, 2);
    out.splice(insertAt, 0, app1, EXIF_PREFIX, tiff);
  }
  return Buffer.concat(out);
}

/** What starts an EXIF, XMP, IPTC or multi-picture block: never inside a segment kept. */
const SIGNATURES = ['Exif\0\0', 'http://ns.adobe.com/', 'Photoshop 3.0', 'MPF\0'].map((s) => Buffer.from(s, 'latin1'));

function keeps(marker: number, payload: Buffer): boolean {
  if (marker === 0xfe) return false; // COM
  // Frame headers, Huffman and arithmetic tables (C0-CF), scan, quantisation, restart and hierarchical headers
  // (DA-DF), each checked against its own layout (ITU T.81 annex B): no checksums in a JPEG, and a damaged
  // marker byte could otherwise pass an EXIF segment off as a table.
  if (marker >= 0xc0 && marker <= 0xdf) {
    if (!wellFormed(marker, payload)) throw new MetadataUnreadable('a malformed table or header');
    return true;
  }
  // Anything else outside APP0-APP15 is no marker a JPEG has here: a damaged file could hide a segment behind it.
  if (marker < 0xe0 || marker > 0xef) throw new MetadataUnreadable('unknown marker');
  const id = payload.toString('latin1', 0, 12);
  if (marker === 0xe0) return id.startsWith('JFIF\0') || id.startsWith('JFXX\0');
  if (marker === 0xe2) return id === 'ICC_PROFILE\0';
  if (marker === 0xee) return id.startsWith('Adobe');
  return false;
}

function wellFormed(marker: number, p: Buffer): boolean {
  if (marker === 0xc4) return tablesFit(p, (at) => 17 + [...p.subarray(at + 1, at + 17)].reduce((a, b) => a + b, 0)); // DHT
  if (marker === 0xdb) return tablesFit(p, (at) => 1 + 64 * (p[at]! >> 4 ? 2 : 1)); // DQT
  if (marker === 0xcc) return p.length % 2 === 0; // DAC
  if (marker === 0xda) return p.length === 4 + 2 * (p[0] ?? 0); // SOS
  if (marker === 0xdd || marker === 0xdc) return p.length === 2; // DRI, DNL
  if (marker === 0xdf) return p.length === 1; // EXP
  return p.length === 6 + 3 * (p[5] ?? 0); // SOFn, DHP
}

/** Whether tables of the sizes `sizeAt` says fill the payload exactly. */
function tablesFit(p: Buffer, sizeAt: (at: number) => number): boolean {
  let at = 0;
  while (at < p.length) at += sizeAt(at);
  return at === p.length;
}

/**
 * Copies a scan's entropy-coded data (from `from`, after the SOS header) into `out` and says where
 * the next marker is. Inside it 0xFF is followed by 0x00 (a stuffed byte) or a restart marker only;
 * a file cut inside it is copied to its end, as it came.
 */
function copyScan(input: Buffer, from: number, out: Buffer[]): number {
  let i = from;
  for (;;) {
    i = input.indexOf(0xff, i);
    if (i < 0 || i + 1 >= input.length) {
      out.push(input.subarray(from));
      return input.length;
    }
    const next = input[i + 1]!;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
      i += next === 0xff ? 1 : 2;
      continue;
    }
    out.push(input.subarray(from, i));
    return i;
  }
}
