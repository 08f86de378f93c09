import { ATTACHMENT_TYPES, type AttachmentType } from './conversation-limits';

/**
 * Attachment names, as stored and as downloaded (docs/decisions/132-bad-requests-and-small-findings.md):
 * the one place that decides them, for the API (upload, list, download) and the web app's proxy.
 */

/** The extensions each accepted type may carry; the first is the one given to a name without one of them. */
export const TYPE_EXTENSIONS: Record<AttachmentType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'application/pdf': ['pdf'],
};

/**
 * Characters a name never keeps: C0 and C1 controls and DEL; the bidirectional controls (ALM
 * U+061C, LRM and RLM U+200E-U+200F, embeddings and overrides U+202A-U+202E, isolates
 * U+2066-U+2069), which make `foto.jpg‮gpj.exe` look like `foto.jpgexe.jpg`; and the invisible
 * ones (zero-width spaces and joiners, word joiner, line and paragraph separators, BOM).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb]/g;
/** A half of a surrogate pair without its other half: not text, and encodeURIComponent throws on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Characters Windows refuses in a file name, and the quote that ends a header's value. */
const RESERVED = /[<>:"|?*]/g;
const MAX_LENGTH = 200;

/** At most `max` characters (code points: a pair is never cut in half). */
const clip = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/**
 * The name an attachment is stored and served under: whatever the browser sent without folders,
 * controls or invisible characters, and with an extension of the type its bytes were found to be
 * (`foto.jpg‮gpj.exe` or `x.php` of type JPEG become `foto.jpggpj.jpg` and `x.jpg`). Applying it
 * again changes nothing.
 */
export function attachmentFileName(name: string | null | undefined, type: AttachmentType): string {
  const base = (name ?? '').replace(LONE_SURROGATE, '').replace(UNSAFE, '').replace(/\\/g, '/').split('/').pop()!;
  // No leading dots (a hidden file) nor trailing dots and spaces (Windows drops them).
  const cleaned = base.replace(RESERVED, '_').replace(/^[. ]+|[. ]+$/g, '');
  const extensions: readonly string[] = TYPE_EXTENSIONS[type] ?? ['bin'];
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 ? cleaned.slice(dot + 1) : '';
  const suffix = `.${extensions.includes(extension.toLowerCase()) ? extension : extensions[0]}`;
  const stem = clip(dot > 0 ? cleaned.slice(0, dot) : cleaned, MAX_LENGTH - suffix.length).replace(/[. ]+$/, '');
  return `${stem || 'archivo'}${suffix}`;
}

/** RFC 8187's value characters: encodeURIComponent leaves ' ( ) * as they are, which it does not allow. */
const encodeValue = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Content-Disposition of a download: an ASCII fallback and the exact name (RFC 6266), both from the safe name. */
export function attachmentDisposition(name: string, type: AttachmentType): string {
  const safe = attachmentFileName(name, type);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeValue(safe)}`;
}

/**
 * The web app's proxy: the API's Content-Disposition made again from the name it carries and the
 * type of the bytes, so a download through the web is as safe as the API's own answer.
 */
export function proxiedDisposition(header: string | null, contentType: string | null): string {
  if (!contentType || !(contentType in ATTACHMENT_TYPES)) return 'attachment';
  const extended = /filename\*=UTF-8''([^;\s]*)/i.exec(header ?? '')?.[1];
  let name = /filename="([^"]*)"/i.exec(header ?? '')?.[1] ?? '';
  if (extended) {
    try {
      name = decodeURIComponent(extended);
    } catch {
      // A malformed encoding: the ASCII fallback, if any, is the name.
    }
  }
  return attachmentDisposition(name, contentType as AttachmentType);
}
