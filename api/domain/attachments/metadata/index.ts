import type { AttachmentType } from '@contract/conversation';
import { MetadataUnreadable } from './exif';
import { stripHeic } from './heic';
import { stripJpeg } from './jpeg';
import { stripPng } from './png';
import { stripWebp } from './webp';

export { MetadataUnreadable } from './exif';

const STRIPPERS: Partial<Record<AttachmentType, (input: Buffer) => Buffer>> = {
  'image/jpeg': stripJpeg,
  'image/png': stripPng,
  'image/webp': stripWebp,
  'image/heic': stripHeic,
};

/** The attachment types whose location and camera metadata the server removes (every image type). */
export const hasMetadataToStrip = (type: AttachmentType): boolean => type in STRIPPERS;

/**
 * The image without its location and camera metadata, the orientation kept, nothing re-encoded
 * (docs/decisions/158-server-strips-image-metadata.md). Any other type comes back as it is.
 * Throws MetadataUnreadable when the file's structure cannot be walked (then it is refused, never
 * stored with its metadata).
 */
export function stripMetadata(type: AttachmentType, input: Buffer): Buffer {
  const strip = STRIPPERS[type];
  if (!strip) return input;
  try {
    return strip(input);
  } catch (error) {
    // A length or offset pointing outside the file: Buffer's reads throw RangeError.
    if (error instanceof RangeError) throw new MetadataUnreadable(error.message);
    throw error;
  }
}
