import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../platform/db/client';
import { attachment } from '../../platform/db/schema';
import { StorageUnavailable, StoredFileMissing, type FileStorage } from '../../platform/storage/storage';

/** Attachment types with a preview: the ones sharp's bundled libvips decodes (not HEIC). */
export { PREVIEWABLE_TYPES as PREVIEWABLE } from '@contract/conversation-limits';

/** At most this many pixels a side: the attachments list shows them at 80 px (2× for sharp screens). */
export const PREVIEW_SIZE = 160;

/**
 * The pixels an image's header declares (width × height), from its first bytes only; undefined
 * when they do not tell yet (a JPEG's size may come after its EXIF block) or do not decode.
 */
export async function declaredPixels(head: Buffer): Promise<number | undefined> {
  try {
    const { width, height } = await sharp(head).metadata();
    return width && height ? width * height : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A WebP of the image at most PREVIEW_SIZE a side, turned as its EXIF says, without its
 * metadata (no GPS position leaves in a preview). Null when the file does not decode, or
 * declares more than `maxPixels` (refused from its header, before any decoding).
 * The file is read whole first (sharp holds a streamed input whole anyway), so a store that
 * fails mid-way is told apart from a file that does not decode: `StorageUnavailable`.
 */
export async function previewOf(file: Readable, maxPixels: number): Promise<Buffer | null> {
  const input = await buffer(file).catch((error: unknown) => {
    throw new StorageUnavailable(error);
  });
  try {
    return await sharp(input, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * The storage key of an attachment's preview: derived from the attachment's own (random) key,
 * never from anything a user sent, and shaped like every other key so both stores take it.
 */
export function previewKeyOf(storageKey: string): string {
  const hex = createHash('sha256').update(`preview:${storageKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

type AttachmentRow = Pick<typeof attachment.$inferSelect, 'id' | 'storageKey' | 'previewKey' | 'previewNone'>;

/**
 * The attachment's preview, made once (docs/decisions/134-write-quotas-digests-and-stored-previews.md):
 * the first view decodes the image and stores the WebP beside it in the same store; every later
 * view reads that back, without decoding anything. A file without a preview (over the pixel limit,
 * or not decoding) is remembered as such and never decoded again. Null: no preview.
 */
export async function storedPreview(db: Database, storage: FileStorage, row: AttachmentRow, maxPixels: number): Promise<Readable | Buffer | null> {
  if (row.previewNone) return null;
  if (row.previewKey) {
    try {
      return await storage.open(row.previewKey);
    } catch (error) {
      // Removed by hand: made again below. A store that does not answer is the caller's 503.
      if (!(error instanceof StoredFileMissing)) throw error;
    }
  }
  const image = await previewOf(await storage.open(row.storageKey), maxPixels);
  if (!image) {
    await db.update(attachment).set({ previewNone: true }).where(eq(attachment.id, row.id));
    return null;
  }
  const key = previewKeyOf(row.storageKey);
  try {
    await storage.put(Readable.from([image]), key);
    await db
      .update(attachment)
      .set({ previewKey: key })
      .where(and(eq(attachment.id, row.id), isNull(attachment.previewKey)));
  } catch {
    // Not kept this time (two first views at once, a store refusing writes): the next view makes it again.
  }
  return image;
}
