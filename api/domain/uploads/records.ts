import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { upload } from '../../platform/db/schema';

/**
 * The server-side record of resumable uploads (contract/uploads.ts, docs/decisions/153-resumable-uploads.md):
 * who owns each, for which ticket and key, how long it is kept, and what it became.
 */
export type UploadRow = typeof upload.$inferSelect;

export type NewUpload = {
  id: string;
  profileId: string;
  ticketId: number;
  uploadKey: string | undefined;
  fileName: string;
  length: number;
  expiresAt: Date;
};

export async function insertUpload(db: Database, row: NewUpload): Promise<void> {
  await db.insert(upload).values({ ...row, uploadKey: row.uploadKey ?? null });
}

export async function findUpload(db: Database, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(upload).where(eq(upload.id, id)).limit(1);
  return row;
}

export async function deleteUpload(db: Database, id: string): Promise<void> {
  await db.delete(upload).where(eq(upload.id, id));
}

/** The ticket's attachments plus its unfinished, unexpired uploads: what ATTACHMENT_MAX_FILES bounds. */
/**
 * Files one account is sending to one ticket right now: its unfinished, unexpired uploads. A form's
 * files are at most ATTACHMENT_MAX_FILES, as a multipart request's (decision 153): at once in flight,
 * and by the file's place in its form (`uploadKeyFor`'s `:file-<n>`, see `fileIndexOfKey`).
 */
export async function uploadsInFlight(db: Database, ticketId: number, profileId: string, now = new Date()): Promise<number> {
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(upload)
    .where(and(eq(upload.ticketId, ticketId), eq(upload.profileId, profileId), isNull(upload.finishedAt), sql`${upload.expiresAt} > ${now}`));
  return pending?.n ?? 0;
}

/** Unfinished uploads past their expiry, oldest first, for the sweep. */
export async function expiredUploads(db: Database, now: Date, limit: number): Promise<UploadRow[]> {
  return db
    .select()
    .from(upload)
    .where(and(isNull(upload.finishedAt), lt(upload.expiresAt, now)))
    .orderBy(upload.expiresAt)
    .limit(limit);
}

/** Every upload of one account (suppression, domain/privacy). */
export async function uploadsOf(db: Database, profileId: string): Promise<UploadRow[]> {
  return db.select().from(upload).where(eq(upload.profileId, profileId));
}

export const isExpired = (row: UploadRow, now = new Date()) => row.finishedAt === null && row.expiresAt.getTime() <= now.getTime();
