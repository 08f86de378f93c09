/**
 * What a ticket's conversation accepts: comment length, attachment types, sizes and counts.
 * Plain data, free of zod, so the screens' bundles can use it (the schemas are in conversation.ts).
 */
export const COMMENT_MAX = 2000;

/** What the API accepts, decided by the file's content, not its name. */
export const ATTACHMENT_TYPES = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'application/pdf': 'PDF',
} as const;
export type AttachmentType = keyof typeof ATTACHMENT_TYPES;
/** The types that have a small preview image (the ones the API's image library decodes: not HEIC or PDF). */
export const PREVIEWABLE_TYPES: ReadonlySet<string> = new Set<AttachmentType>(['image/jpeg', 'image/png', 'image/webp']);
export const ATTACHMENT_DEFAULT_MAX_MB = 10;
export const ATTACHMENT_DEFAULT_MAX_FILES = 5;
export const ATTACHMENT_LIST_SIZE = 100;
/** The comments an event's detail page shows (the first page, at most the API's page size). */
export const COMMENT_LIST_SIZE = 100;
