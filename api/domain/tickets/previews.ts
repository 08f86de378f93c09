import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { StorageUnavailable } from '../../platform/storage/storage';

/** Attachment types with a preview: the ones sharp's bundled libvips decodes (not HEIC). */
export { PREVIEWABLE_TYPES as PREVIEWABLE } from '@contract/conversation-limits';

/** At most this many pixels a side: the attachments list shows them at 80 px (2× for sharp screens). */
export const PREVIEW_SIZE = 160;

/**
 * A WebP of the image at most PREVIEW_SIZE a side, turned as its EXIF says, without its
 * metadata (no GPS position leaves in a preview). Null when the file does not decode.
 * Pixel limit: a 10 MB file could claim a huge canvas; sharp refuses past 50 megapixels.
 * The file is read whole first (sharp holds a streamed input whole anyway), so a store that
 * fails mid-way is told apart from a file that does not decode: `StorageUnavailable`.
 */
export async function previewOf(file: Readable): Promise<Buffer | null> {
  const input = await buffer(file).catch((error: unknown) => {
    throw new StorageUnavailable(error);
  });
  try {
    return await sharp(input, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    return null;
  }
}
