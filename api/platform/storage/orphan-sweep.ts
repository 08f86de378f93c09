import { inArray, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { attachment } from '../db/schema';
import type { FileStorage, StoredEntry } from './storage';

/**
 * Files younger than this are never removed: they may belong to an upload still in progress.
 * The upload route gives up after UPLOAD_DEADLINE_MS (well within this), so a stored file
 * that old without a row will never get one.
 */
export const ORPHAN_AGE_MS = 60 * 60_000;

/**
 * Longest an upload request may take, from its start to its rows being written. Every file is
 * stored before its row, so for at most this long a file has no row and is not an orphan.
 */
export const UPLOAD_DEADLINE_MS = 30 * 60_000;

const BATCH = 500;

export type SweepResult = { removed: number; kept: number };

/**
 * Removes what a crash left behind (docs/decisions/120-attachments-on-object-storage.md): stored files with no
 * attachment row (an attachment's file or its stored preview) and unfinished uploads (`.partial` files, multipart uploads), older than ORPHAN_AGE_MS.
 * Younger ones and ones with a row are kept. Streams the store's listing in batches.
 */
export async function sweepOrphanFiles(
  db: Database,
  storage: FileStorage,
  options: { now?: Date; olderThanMs?: number } = {},
): Promise<SweepResult> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.olderThanMs ?? ORPHAN_AGE_MS);
  const result: SweepResult = { removed: 0, kept: 0 };
  let batch: StoredEntry[] = [];
  const settle = async () => {
    const keys = batch.map((e) => e.key);
    // A stored preview belongs to its attachment's row too: with the row gone, it goes (domain/tickets/previews.ts).
    const rows = await db
      .select({ key: attachment.storageKey, preview: attachment.previewKey })
      .from(attachment)
      .where(or(inArray(attachment.storageKey, keys), inArray(attachment.previewKey, keys)));
    const owned = new Set(rows.flatMap((r) => [r.key, r.preview]));
    for (const entry of batch) {
      if (owned.has(entry.key)) result.kept += 1;
      else await removeEntry(entry);
    }
    batch = [];
  };
  const removeEntry = async (entry: StoredEntry) => {
    await entry.remove();
    result.removed += 1;
  };
  for await (const entry of storage.list()) {
    if (entry.modifiedAt.getTime() > cutoff) {
      result.kept += 1;
    } else if (entry.partial) {
      await removeEntry(entry);
    } else {
      batch.push(entry);
      if (batch.length >= BATCH) await settle();
    }
  }
  if (batch.length > 0) await settle();
  return result;
}
