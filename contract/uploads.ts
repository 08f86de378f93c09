/**
 * Resumable uploads of a ticket's attachments (issue 35, docs/decisions/153-resumable-uploads.md):
 * the tus 1.0.0 protocol (https://tus.io/protocols/resumable-upload), the API's side with
 * `@tus/server`, the browser's with `tus-js-client`. Plain data, free of zod, so the screens'
 * bundles can use it.
 *
 * - POST {API_UPLOAD_PATH} creates an upload for one file of one ticket (Upload-Length and
 *   Upload-Metadata with UPLOAD_METADATA's keys), with the same permission, size, count and
 *   quota checks as POST /api/ticket/{id}/attachment; 201 with Location `{API_UPLOAD_PATH}/{id}`.
 * - HEAD and PATCH `{API_UPLOAD_PATH}/{id}` (only by the account that created it) say how many
 *   bytes the server has and append from there, on whichever API process answers.
 * - The PATCH that brings the last byte makes the attachment, exactly once per upload and per
 *   (ticket, key): its answer carries ATTACHMENT_ID_HEADER. A file refused then (its type by
 *   content, its pixels) is answered with the API's usual error envelope and status (415, 400),
 *   and nothing is attached. A half-finished upload is never attached.
 * - DELETE `{API_UPLOAD_PATH}/{id}` cancels an unfinished upload.
 * - Unfinished uploads expire UPLOAD_EXPIRY_HOURS after their creation; the sweep removes them.
 *
 * The browser never talks to the API: the web passes the same requests through WEB_UPLOAD_PATH
 * with the session's token (app/routes/resources/uploads.ts), rewriting Location.
 */
export const TUS_VERSION = '1.0.0';

/** The API's tus endpoint. */
export const API_UPLOAD_PATH = '/api/upload';

/** The web's pass-through of it: what tus-js-client is given as `endpoint`. */
export const WEB_UPLOAD_PATH = '/uploads';

/** The Upload-Metadata keys the client sends at creation (values base64, as tus says). */
export const UPLOAD_METADATA = {
  /** The ticket the file is for (its numeric id). */
  ticketId: 'ticketId',
  /** The file's name as chosen (cleaned by contract/file-names.ts, like a multipart file's). */
  fileName: 'filename',
  /** The type the browser says; only informative: the API decides by content. */
  fileType: 'filetype',
  /**
   * This file's own idempotency key (contract/idempotency.ts), derived from the form's submission
   * key with `uploadKeyFor`: a report sent twice (its answer lost, the outbox trying again)
   * attaches each of its files once.
   */
  key: 'key',
} as const;

/** An upload's id as the API makes them (random, never from the client): 32 hex characters. */
export const UPLOAD_ID = /^[0-9a-f]{32}$/;

/** The header of the last PATCH's answer that names the attachment the upload became. */
export const ATTACHMENT_ID_HEADER = 'Upload-Attachment-Id';

/** Unfinished uploads are kept this long after their creation (UPLOAD_EXPIRY_HOURS), then removed. */
export const UPLOAD_EXPIRY_DEFAULT_HOURS = 24;

/** The key of a form's n-th file (0-based), as sent in UPLOAD_METADATA.key. */
export const uploadKeyFor = (submissionKey: string, index: number): string => `${submissionKey}:file-${index}`.slice(0, 100);

/** A file's place in its form (0-based) from its key made by `uploadKeyFor`; null for any other key. */
export function fileIndexOfKey(key: string): number | null {
  const match = /:file-(\d{1,3})$/.exec(key);
  return match ? Number(match[1]) : null;
}
