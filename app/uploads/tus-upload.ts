import { Upload, type DetailedError, type HttpStack } from 'tus-js-client';
import { ATTACHMENT_ID_HEADER, UPLOAD_METADATA, WEB_UPLOAD_PATH } from '@contract/uploads';
import { messages } from '@contract/messages';

/**
 * One file sent by tus (contract/uploads.ts) to the web's pass-through, as a phone on the road
 * needs it (docs/decisions/155-browser-uploads.md): small chunks, so a cut loses little; retries
 * for minutes, each resuming from the byte the server has; the upload's address kept under the
 * file's own key, so a page reloaded (or the outbox later) resumes it instead of starting again.
 */

/** Half a megabyte: a cut on a 700 kbps link loses at most about six seconds. */
export const CHUNK_BYTES = 512 * 1024;

/** Retry at once, then back off to every 30 s, for about ten minutes of lost coverage in all. */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 15_000, 20_000, ...Array<number>(18).fill(30_000)];

export type UploadOutcome =
  | { kind: 'attached'; attachmentId: string | null }
  | { kind: 'refused'; message: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string };

export type UploadTarget = { ticketId: number; key: string };

/** The API's Spanish reason in an answer's error envelope, if it has one. */
function reasonOf(error: DetailedError): string | null {
  try {
    const body = JSON.parse(error.originalResponse?.getBody() ?? '') as { errors?: { message?: unknown } };
    return typeof body.errors?.message === 'string' ? body.errors.message : null;
  } catch {
    return null;
  }
}

/** A refusal to accept: a 4xx other than the ones tus says to retry (a wrong offset, a lock, too many requests). */
const isRefusal = (status: number | undefined) => status !== undefined && status >= 400 && status < 500 && ![409, 423, 429].includes(status);

export type RunningUpload = { done: Promise<UploadOutcome>; cancel(): Promise<void> };

export function sendFile(
  file: File,
  target: UploadTarget,
  onProgress: (sent: number, total: number) => void,
  options: { httpStack?: HttpStack; endpoint?: string; retryDelays?: number[] } = {},
): RunningUpload {
  let settle: (outcome: UploadOutcome) => void = () => undefined;
  const done = new Promise<UploadOutcome>((resolve) => {
    settle = resolve;
  });
  const upload = new Upload(file, {
    endpoint: options.endpoint ?? WEB_UPLOAD_PATH,
    chunkSize: CHUNK_BYTES,
    retryDelays: options.retryDelays ?? RETRY_DELAYS_MS,
    metadata: {
      [UPLOAD_METADATA.ticketId]: String(target.ticketId),
      [UPLOAD_METADATA.fileName]: file.name,
      [UPLOAD_METADATA.fileType]: file.type || 'application/octet-stream',
      [UPLOAD_METADATA.key]: target.key,
    },
    // The same file of the same report (its key, its size) is the same upload, whichever page sends it.
    fingerprint: async () => `concesion-upload:${target.key}:${file.size}`,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onShouldRetry: (error) => !isRefusal(error.originalResponse?.getStatus()),
    onProgress,
    onSuccess: ({ lastResponse }) => settle({ kind: 'attached', attachmentId: lastResponse.getHeader(ATTACHMENT_ID_HEADER) ?? null }),
    onError: (error) => {
      const detailed = error as DetailedError;
      const status = detailed.originalResponse?.getStatus();
      if (isRefusal(status)) settle({ kind: 'refused', message: reasonOf(detailed) ?? messages.attachmentError });
      else settle({ kind: 'failed', message: messages.attachmentError });
    },
    ...(options.httpStack ? { httpStack: options.httpStack } : {}),
  });
  void upload
    .findPreviousUploads()
    .then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    })
    .catch(() => upload.start());
  return {
    done,
    async cancel() {
      // Stop sending and ask the server to forget what it has (DELETE): nothing of it is attached.
      await upload.abort(true).catch(() => undefined);
      settle({ kind: 'cancelled' });
    },
  };
}
