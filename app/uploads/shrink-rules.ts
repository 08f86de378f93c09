/**
 * What the browser does to a photo before sending it (issue 35, "Photos that fit the link";
 * docs/decisions/155-browser-uploads.md). Plain rules, tested on their own (shrink-rules.test.ts);
 * the work is done by browser-image-compression in a worker (shrink.worker.ts).
 */

/** The longest side a photo leaves the phone with: signs stay readable, a 4000 × 3000 photo is a quarter of its pixels. */
export const MAX_SIDE_PX = 2048;

/** The size the encoder aims under; a 4 MB phone photo lands at 300–800 KB. */
export const TARGET_MB = 0.8;

/** The first quality tried: text on signs stays sharp; the library lowers it only to meet TARGET_MB. */
export const INITIAL_QUALITY = 0.8;

/** The types every browser decodes; HEIC, PDF and anything else go as they are. */
const DECODABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

export const isShrinkable = (type: string): boolean => DECODABLE.has(type.toLowerCase());

/**
 * The type a photo is encoded to: JPEG stays JPEG; PNG and WebP become WebP, which keeps
 * transparency (a screenshot) and is far smaller than PNG.
 */
export const shrunkTypeOf = (type: string): string => (type.toLowerCase() === 'image/jpeg' ? 'image/jpeg' : 'image/webp');

/** The file's name with the extension of its new type ("captura.png" → "captura.webp"). */
export function shrunkNameOf(name: string, type: string): string {
  const extension = type === 'image/jpeg' ? (/\.jpe?g$/i.test(name) ? null : '.jpg') : '.webp';
  if (extension === null) return name;
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name}${extension}`;
}

/**
 * A PNG or WebP already small goes as it is (a screenshot, an icon: re-encoding gains nothing);
 * a JPEG is always re-encoded, since a camera's JPEG is what carries EXIF GPS and serial numbers.
 */
export const worthShrinking = (type: string, size: number): boolean => isShrinkable(type) && (type.toLowerCase() === 'image/jpeg' || size > TARGET_MB * 1024 * 1024);
