import type { Database } from '../../platform/db/client';
import { deleteUpload, expiredUploads, uploadsOf } from './records';

const BATCH = 200;

/**
 * Removes unfinished uploads past UPLOAD_EXPIRY_HOURS (docs/decisions/154-upload-locks-and-expiry.md): their
 * bytes in the tus store (a file under DATA_DIR/uploads, or the bucket's multipart upload and objects)
 * and then their rows. Nothing half-uploaded is ever attached: an expired upload answers 410.
 */
export async function sweepExpiredUploads(db: Database, remove: (id: string) => Promise<void>, now = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await expiredUploads(db, now, BATCH);
    for (const row of batch) {
      await remove(row.id).catch(() => undefined);
      await deleteUpload(db, row.id);
      removed += 1;
    }
    if (batch.length < BATCH) return removed;
  }
}

/** A person's uploads, bytes and rows (the suppression of their data, domain/privacy). */
export async function removeUploadsOf(db: Database, profileId: string, remove: (id: string) => Promise<void>): Promise<number> {
  const rows = await uploadsOf(db, profileId);
  for (const row of rows) {
    if (!row.finishedAt) await remove(row.id).catch(() => undefined);
    await deleteUpload(db, row.id);
  }
  return rows.length;
}
