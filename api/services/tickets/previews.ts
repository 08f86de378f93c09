import type { Readable } from 'node:stream';
import sharp from 'sharp';

/** Attachment types with a preview: the ones sharp's bundled libvips decodes (not HEIC). */
export { PREVIEWABLE_TYPES as PREVIEWABLE } from '@contract/conversation-limits';

/** At most this many pixels a side: the attachments list shows them at 80 px (2× for sharp screens). */
export const PREVIEW_SIZE = 160;

/**
 * A WebP of the image at most PREVIEW_SIZE a side, turned as its EXIF says, without its
 * metadata (no GPS position leaves in a preview). Null when the file does not decode.
 * Pixel limit: a 10 MB file could claim a huge canvas; sharp refuses past 50 megapixels.
 */
export async function previewOf(file: Readable): Promise<Buffer | null> {
  const pipeline = sharp({ limitInputPixels: 50_000_000, failOn: 'error' })
    .rotate()
    .resize(PREVIEW_SIZE, PREVIEW_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 });
  file.pipe(pipeline);
  try {
    return await pipeline.toBuffer();
  } catch {
    file.destroy();
    return null;
  }
}
