import type { FastifyBaseLogger } from 'fastify';
import { messages } from '@contract/messages';
import { StorageFull, StorageUnavailable, StoredFileMissing } from '../platform/storage/storage';
import { ApiError } from './errors';

/** Seconds a caller should wait before asking again when the file store does not answer. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/**
 * The file store's failures as answers in the envelope, in Spanish: a file whose bytes are
 * gone is a 404, a full disk a 507, a store that does not answer a 503 with Retry-After.
 * Anything else as it is.
 */
export function storageAnswer(error: unknown, log: FastifyBaseLogger): unknown {
  if (error instanceof StoredFileMissing) {
    // A row whose bytes are gone: removed by hand, or the process wrote to another folder.
    log.warn({ key: error.key }, 'attachment bytes missing from storage');
    return new ApiError(404, messages.attachmentUnavailable);
  }
  if (error instanceof StorageFull) {
    // The data folder's disk is full: 507, nothing was stored (decision 141).
    log.error({ err: error.cause ?? error }, 'file storage full');
    return new ApiError(507, messages.storageFull, undefined, { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) });
  }
  if (error instanceof StorageUnavailable) {
    log.error({ err: error.cause ?? error }, 'file storage unavailable');
    return new ApiError(503, messages.attachmentStorageDown, undefined, { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) });
  }
  return error;
}
