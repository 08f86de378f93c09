import { and, eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { Database } from '../../platform/db/client';
import { attachment, upload } from '../../platform/db/schema';
import type { FileStorage } from '../../platform/storage/storage';
import { chargeAttachmentBytes, attachmentAllowance } from '../quotas/write-quotas';
import { recordAttachments, storeUpload, type StoredUpload } from '../tickets/attachments';
import type { TicketActor } from '../tickets/store';
import { deleteUpload, findUpload, type UploadRow } from './records';

/** What completion needs: the database, both stores and the limits the multipart path uses too. */
export type CompletionDeps = {
  db: Database;
  /** Where attachments live (platform/storage/storage.ts). */
  storage: FileStorage;
  /** The tus store's bytes of an upload, and their removal (domain/uploads/tus-store.ts). */
  readUpload: (id: string) => Promise<Readable>;
  removeUpload: (id: string) => Promise<void>;
  /** How many of the upload's bytes the tus store has; undefined when it has none of it. */
  storedBytes: (id: string) => Promise<number | undefined>;
  quotas: Parameters<typeof attachmentAllowance>[1];
  imageMaxPixels: number;
};

const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

/**
 * Turns an upload whose last byte arrived into its attachment, exactly once (decision 153): its bytes go
 * through the multipart path's own pipeline (storeUpload: type by content, pixels, quota), then, in
 * one transaction holding the upload's row, the attachment row (with its key, unique per ticket), the
 * quota charge and the history entry (recordAttachments), and the row marked finished. Whoever comes
 * second (the final PATCH's retry, a HEAD after a lost answer, another upload with the same key)
 * finds the attachment made and drops its own copy. A refused file removes the upload and throws the
 * pipeline's ApiError (415, 400, 429): nothing is attached.
 */
export async function completeUpload(deps: CompletionDeps, row: UploadRow, actor: TicketActor): Promise<string | null> {
  if (row.finishedAt) return row.attachmentId;
  const sameKey = await attachedWithKey(deps.db, row);
  if (sameKey) return finishWith(deps, row.id, sameKey);
  let stored: StoredUpload;
  try {
    const budget = await attachmentAllowance(deps.db, deps.quotas, actor);
    stored = await storeUpload(deps.storage, await deps.readUpload(row.id), row.fileName, budget, deps.imageMaxPixels);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      await deleteUpload(deps.db, row.id);
      await deps.removeUpload(row.id).catch(() => undefined);
    }
    throw error;
  }
  const attached = { ...stored, uploadKey: row.uploadKey ?? `upload:${row.id}` };
  let outcome: { attachmentId: string | null; ours: boolean };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const [held] = await tx.select().from(upload).where(eq(upload.id, row.id)).for('update');
      if (!held) return { attachmentId: null, ours: false };
      if (held.finishedAt) return { attachmentId: held.attachmentId, ours: false };
      const [saved] = await recordAttachments(tx, row.ticketId, actor, [attached], (t, bytes) => chargeAttachmentBytes(t, deps.quotas, actor, bytes));
      await tx.update(upload).set({ finishedAt: new Date(), attachmentId: saved!.id }).where(eq(upload.id, row.id));
      return { attachmentId: saved!.id, ours: true };
    });
  } catch (error) {
    await deps.storage.remove(stored.key).catch(() => undefined);
    // Another upload with the same key attached first: this one is that attachment too.
    if (!isUniqueViolation(error)) throw error;
    const existing = await attachedWithKey(deps.db, row);
    if (!existing) throw error;
    return finishWith(deps, row.id, existing);
  }
  if (!outcome.ours) await deps.storage.remove(stored.key).catch(() => undefined);
  await deps.removeUpload(row.id).catch(() => undefined);
  if (!outcome.ours && outcome.attachmentId === null) return (await findUpload(deps.db, row.id))?.attachmentId ?? null;
  return outcome.attachmentId;
}

async function attachedWithKey(db: Database, row: UploadRow): Promise<string | undefined> {
  if (!row.uploadKey) return undefined;
  const [found] = await db
    .select({ id: attachment.id })
    .from(attachment)
    .where(and(eq(attachment.ticketId, row.ticketId), eq(attachment.uploadKey, row.uploadKey)))
    .limit(1);
  return found?.id;
}

/** The upload is the attachment already made with its key: its bytes are dropped. */
async function finishWith(deps: CompletionDeps, id: string, attachmentId: string): Promise<string> {
  await deps.db.update(upload).set({ finishedAt: new Date(), attachmentId }).where(eq(upload.id, id));
  await deps.removeUpload(id).catch(() => undefined);
  return attachmentId;
}
