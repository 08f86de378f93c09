/// <reference lib="webworker" />
import imageCompression from 'browser-image-compression';
import { INITIAL_QUALITY, MAX_SIDE_PX, TARGET_MB, shrunkNameOf, shrunkTypeOf } from './shrink-rules';

/**
 * The photo's shrinking, off the page's thread (shrink.ts starts this module worker, served by
 * this site: the CSP's worker-src 'self', no CDN). The library runs here on an OffscreenCanvas;
 * re-encoding applies the orientation and drops every metadata block (EXIF, GPS, XMP).
 */
export type ShrinkRequest = { id: number; file: File };
export type ShrinkAnswer = { id: number; file: File | null };

self.onmessage = async (event: MessageEvent<ShrinkRequest>) => {
  const { id, file } = event.data;
  try {
    const type = shrunkTypeOf(file.type);
    const shrunk = await imageCompression(file, {
      maxWidthOrHeight: MAX_SIDE_PX,
      maxSizeMB: TARGET_MB,
      initialQuality: INITIAL_QUALITY,
      fileType: type,
      useWebWorker: false,
      preserveExif: false,
    });
    const named = new File([shrunk], shrunkNameOf(file.name, type), { type, lastModified: file.lastModified });
    self.postMessage({ id, file: named } satisfies ShrinkAnswer);
  } catch {
    // Not decodable after all (a broken or disguised file): it goes as it is, the API decides.
    self.postMessage({ id, file: null } satisfies ShrinkAnswer);
  }
};
