import { MetadataUnreadable } from './exif';

type Box = { type: string; start: number; body: number; end: number };

/** The boxes in input[from, to) (ISO/IEC 14496-12 §4.2): 32-bit size, or 1 and a 64-bit one, or 0 to the end. */
function boxes(input: Buffer, from: number, to: number): Box[] {
  const found: Box[] = [];
  let pos = from;
  while (pos + 8 <= to) {
    let size = input.readUInt32BE(pos);
    const type = input.toString('latin1', pos + 4, pos + 8);
    let body = pos + 8;
    if (size === 1) {
      size = Number(input.readBigUInt64BE(pos + 8));
      body += 8;
    } else if (size === 0) size = to - pos;
    if (size < body - pos || pos + size > to) throw new MetadataUnreadable(`box ${type} past its parent`);
    found.push({ type, start: pos, body, end: pos + size });
    pos += size;
  }
  return found;
}

/** Reads unsigned integers of 0, 2, 4 or 8 bytes in a row, as the item boxes declare them. */
function reader(input: Buffer, at: number) {
  return {
    get at() {
      return at;
    },
    skip(n: number) {
      at += n;
    },
    uint(bytes: number): number {
      const value = bytes === 0 ? 0 : bytes === 1 ? input.readUInt8(at) : bytes === 2 ? input.readUInt16BE(at) : bytes === 4 ? input.readUInt32BE(at) : bytes === 8 ? Number(input.readBigUInt64BE(at)) : NaN;
      if (Number.isNaN(value)) throw new MetadataUnreadable(`a ${bytes}-byte field`);
      at += bytes;
      return value;
    },
    string(end: number): string {
      const stop = input.indexOf(0, at);
      const value = input.toString('utf8', at, stop < 0 || stop > end ? end : stop);
      at = stop < 0 || stop > end ? end : stop + 1;
      return value;
    },
  };
}

/**
 * Item types that are pictures (ISO/IEC 23008-12 and its amendments: HEVC, AV1, AVC, JPEG, JPEG 2000,
 * uncompressed, their tiles, grids, overlays, derived and tone-mapped images): every other item is blanked.
 */
const PICTURE_ITEMS = new Set(['hvc1', 'hvt1', 'lhv1', 'av01', 'avc1', 'jpeg', 'j2k1', 'unci', 'grid', 'iden', 'iovl', 'tmap', 'mski']);

type Kind = 'exif' | 'xmp' | 'other';

/** The items to blank, by id: EXIF ("Exif"), XMP (a "mime" item of type application/rdf+xml), and any other non-picture item. */
function metadataItems(input: Buffer, iinf: Box): Map<number, Kind> {
  const r = reader(input, iinf.body);
  const version = r.uint(1);
  r.skip(3);
  r.uint(version === 0 ? 2 : 4); // entry count: the boxes themselves are walked
  const items = new Map<number, Kind>();
  for (const infe of boxes(input, r.at, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const e = reader(input, infe.body);
    const v = e.uint(1);
    e.skip(3);
    const id = e.uint(v < 3 ? 2 : 4);
    if (v < 2) {
      items.set(id, 'other'); // versions 0 and 1 carry no item type: no picture of HEIF's
      continue;
    }
    e.skip(2); // protection index
    const itemType = input.toString('latin1', e.at, e.at + 4);
    e.skip(4);
    if (itemType === 'Exif') items.set(id, 'exif');
    else if (itemType === 'mime') {
      e.string(infe.end); // item name
      items.set(id, e.string(infe.end).trim().toLowerCase() === 'application/rdf+xml' ? 'xmp' : 'other');
    } else if (!PICTURE_ITEMS.has(itemType)) items.set(id, 'other');
  }
  return items;
}

/** Each item's byte ranges in the file (iloc, ISO/IEC 14496-12 §8.11.3), for construction methods 0 (file) and 1 (idat). */
function locations(input: Buffer, iloc: Box, idat: Box | undefined): Map<number, Array<[number, number]>> {
  const r = reader(input, iloc.body);
  const version = r.uint(1);
  r.skip(3);
  const sizes = r.uint(1);
  const more = r.uint(1);
  const [offsetSize, lengthSize, baseSize] = [sizes >> 4, sizes & 15, more >> 4];
  const indexSize = version === 1 || version === 2 ? more & 15 : 0;
  const count = r.uint(version < 2 ? 2 : 4);
  const found = new Map<number, Array<[number, number]>>();
  for (let i = 0; i < count; i++) {
    const id = r.uint(version < 2 ? 2 : 4);
    const method = version === 1 || version === 2 ? r.uint(2) & 15 : 0;
    r.skip(2); // data reference index
    const base = r.uint(baseSize);
    const extents = r.uint(2);
    const ranges: Array<[number, number]> = [];
    for (let x = 0; x < extents; x++) {
      r.uint(indexSize);
      const offset = r.uint(offsetSize);
      const length = r.uint(lengthSize);
      const origin = method === 0 ? 0 : method === 1 && idat ? idat.body : NaN;
      ranges.push([origin + base + offset, length]);
    }
    found.set(id, ranges);
  }
  return found;
}

/**
 * A HEIC with its EXIF, XMP and other non-picture items blanked in place, losslessly (docs/decisions/158-server-strips-image-metadata.md):
 * sharp's bundled libvips does not decode HEIC, so nothing is re-encoded. Every byte keeps its offset
 * (the item locations point into the file): an EXIF item becomes an empty EXIF (its 4-byte header
 * offset and a TIFF with no tags), zeros after it; an XMP packet becomes spaces. The orientation of a
 * HEIC is its `irot`/`imir` properties, not EXIF, so it is untouched. An item whose bytes cannot be
 * located refuses the file.
 */
export function stripHeic(input: Buffer): Buffer {
  const meta = boxes(input, 0, input.length).find((b) => b.type === 'meta');
  if (!meta) throw new MetadataUnreadable('no meta box');
  const children = boxes(input, meta.body + 4, meta.end); // meta is a full box: version and flags first
  const iinf = children.find((b) => b.type === 'iinf');
  const iloc = children.find((b) => b.type === 'iloc');
  if (!iinf) return input;
  const items = metadataItems(input, iinf);
  if (items.size === 0) return input;
  if (!iloc) throw new MetadataUnreadable('items without locations');
  const where = locations(input, iloc, children.find((b) => b.type === 'idat'));
  const output = Buffer.from(input);
  for (const [id, kind] of items) {
    const ranges = where.get(id);
    if (!ranges) throw new MetadataUnreadable('an item without a location');
    for (const [start, length] of ranges)
      if (!Number.isFinite(start) || length === 0 || start + length > input.length) throw new MetadataUnreadable('an item past the end');
    // No checksums in HEIF: a damaged location would blank other bytes and leave the metadata, so it must be where it says.
    if (kind !== 'other' && !looksLike(kind, Buffer.concat(ranges.map(([start, length]) => input.subarray(start, start + length)))))
      throw new MetadataUnreadable('an item not where its location says');
    const replacement = kind === 'exif' ? EMPTY_EXIF : Buffer.alloc(0);
    let written = 0;
    for (const [start, length] of ranges) {
      output.fill(kind === 'xmp' ? 0x20 : 0, start, start + length);
      const part = replacement.subarray(written, written + length);
      part.copy(output, start);
      written += part.length;
    }
  }
  return output;
}

/** An EXIF item starts with the offset of its TIFF header; an XMP packet with its wrapper or its root element. */
function looksLike(kind: 'exif' | 'xmp', content: Buffer): boolean {
  if (kind === 'xmp') return /^\s*<(\?xpacket|x:xmpmeta|rdf:RDF)/.test(content.toString('utf8', 0, 64).replace(/^\uFEFF/, ''));
  if (content.length < 12) return false;
  const tiff = 4 + content.readUInt32BE(0);
  const order = content.toString('latin1', tiff, tiff + 4);
  return order === 'MM\0*' || order === 'II*\0';
}

/** HEIF's EXIF item: a 4-byte offset to the TIFF header (0), then a big-endian TIFF whose one IFD is empty. */
const EMPTY_EXIF = Buffer.from([0, 0, 0, 0, 0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0]);
