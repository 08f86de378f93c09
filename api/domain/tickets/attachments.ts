import { Readable } from 'node:stream';
import { and, asc, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { ATTACHMENT_TYPES, type Attachment, type AttachmentType } from '@contract/conversation';
import { attachmentFileName } from '@contract/file-names';
import { formatMessage, messages } from '@contract/messages';
import type { PageQuery, Paged } from '@contract/envelope';
import type { Database } from '../../platform/db/client';
import { attachment, profile, ticketHistory } from '../../platform/db/schema';
import { ApiError } from '../../http/errors';
import type { FileStorage } from '../../platform/storage/storage';
import type { TicketActor } from './store';
import { declaredPixels, PREVIEWABLE } from './previews';
import { hasMetadataToStrip, MetadataUnreadable, stripMetadata } from '../attachments/metadata';

/** Enough of the head of a file to recognise every allowed type. */
const SNIFF_BYTES = 4100;

/** Enough of an image to read its declared size: a JPEG's may come after a large EXIF block. */
const PIXEL_HEADER_BYTES = 256 * 1024;

export type StoredUpload = {
  key: string;
  size: number;
  fileName: string;
  contentType: AttachmentType;
  /** A resumable upload's key (contract/uploads.ts): unique per ticket, so it attaches once. */
  uploadKey?: string;
};

/** The multipart reader's own error for a file over the limit (the route answers it with a 413). */
const fileTooLarge = () => Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 });

/**
 * Stores one uploaded file as it streams in. The type comes from its first bytes, never
 * its name; the size limit is enforced by the multipart reader while streaming (the file
 * fails before it is complete, so nothing over the limit is ever stored).
 */
export async function storeUpload(
  storage: FileStorage,
  source: Readable,
  fileName: string | undefined,
  /**
   * Bytes the account may still store (domain/quotas/write-quotas.ts), shared by the request's
   * files: past them the file fails while it streams, before the store completes it, with `refuse()`.
   */
  budget?: { left: number; refuse: () => Error },
  /** Images declaring more pixels than this are refused while they stream (a 400), nothing stored. */
  maxPixels?: number,
): Promise<StoredUpload> {
  const reader = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const next = await reader.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    headLength += next.value.length;
  }
  const head = Buffer.concat(chunks);
  const drain = async () => {
    if (!ended) for (let n = await reader.next(); !n.done; n = await reader.next());
  };
  if (head.length === 0) throw new ApiError(400, messages.attachmentEmpty, { files: messages.attachmentEmpty });
  const detected = await fileTypeFromBuffer(head);
  const mime = detected?.mime === 'image/heif' ? 'image/heic' : detected?.mime;
  if (!mime || !(mime in ATTACHMENT_TYPES)) {
    await drain().catch(() => undefined);
    throw new ApiError(415, messages.attachmentTypeNotAllowed, { files: messages.attachmentTypeNotAllowed });
  }
  const spend = (chunk: Buffer) => {
    if (!budget) return chunk;
    budget.left -= chunk.length;
    if (budget.left < 0) throw budget.refuse();
    return chunk;
  };
  // The image's declared size, from its header: at once for PNG and WebP, after the EXIF block for a JPEG.
  let sizeKnown = maxPixels === undefined || !PREVIEWABLE.has(mime);
  let prefix: Buffer[] = [];
  let prefixLength = 0;
  const checkPixels = async (chunk: Buffer, last: boolean) => {
    if (sizeKnown) return;
    prefix.push(chunk);
    prefixLength += chunk.length;
    const pixels = await declaredPixels(Buffer.concat(prefix));
    if (pixels === undefined && !last && prefixLength < PIXEL_HEADER_BYTES) return;
    sizeKnown = true;
    prefix = [];
    if (pixels !== undefined && pixels > maxPixels!) {
      const message = formatMessage(messages.imageTooManyPixels, { max: Math.round(maxPixels! / 1_000_000) });
      throw new ApiError(400, message, { files: message });
    }
  };
  async function* whole() {
    await checkPixels(head, ended);
    yield spend(head);
    if (!ended)
      for (let n = await reader.next(); !n.done; n = await reader.next()) {
        await checkPixels(n.value, false);
        yield spend(n.value);
      }
    await checkPixels(Buffer.alloc(0), true);
    // Over the size limit the multipart reader stops the file at the limit and marks it
    // truncated: failing here, before the end, the storage never completes it (no file renamed
    // into place, no object completed in the bucket) and the caller answers 413.
    if ((source as Readable & { truncated?: boolean }).truncated) throw fileTooLarge();
  }
  // An image loses its location and camera metadata before it is stored, whatever sent it
  // (docs/decisions/158-server-strips-image-metadata.md): the segments to drop may come anywhere
  // in the file, so it is held whole first, at most ATTACHMENT_MAX_MB (the reader's limit, checked
  // while it streams as before); other types stream straight through.
  async function* withoutMetadata(type: AttachmentType) {
    const parts: Buffer[] = [];
    for await (const chunk of whole()) parts.push(chunk);
    try {
      yield stripMetadata(type, Buffer.concat(parts));
    } catch (error) {
      if (!(error instanceof MetadataUnreadable)) throw error;
      throw new ApiError(400, messages.imageUnreadable, { files: messages.imageUnreadable });
    }
  }
  const type = mime as AttachmentType;
  const { key, size } = await storage.put(Readable.from(hasMetadataToStrip(type) ? withoutMetadata(type) : whole()));
  // Its name without controls and with the extension of its real type (contract/file-names.ts).
  return { key, size, fileName: attachmentFileName(fileName, type), contentType: type };
}

const toDto = (row: typeof attachment.$inferSelect & { uploaderName?: string | null }): Attachment => ({
  id: row.id,
  ticketId: row.ticketId,
  // Names stored before decision 132 are shown as a new upload's would be.
  fileName: attachmentFileName(row.fileName, row.contentType as AttachmentType),
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  uploadedBy: row.uploaderName ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Rows and the history entry for files already stored, in one transaction; `charge` first in it
 * (the account's daily bytes, domain/quotas/write-quotas.ts): refused, no row is written.
 */
export async function recordAttachments(
  db: Database,
  ticketId: number,
  actor: TicketActor,
  files: StoredUpload[],
  charge?: (tx: Database, bytes: number) => Promise<void>,
): Promise<Attachment[]> {
  const now = new Date();
  return db.transaction(async (tx) => {
    await charge?.(
      tx,
      files.reduce((sum, f) => sum + f.size, 0),
    );
    const rows = await tx
      .insert(attachment)
      .values(
        // A millisecond apart, so the list keeps the order the files were sent in.
        files.map((f, i) => ({
          ticketId,
          uploaderId: actor.profileId,
          fileName: f.fileName,
          contentType: f.contentType,
          sizeBytes: f.size,
          storageKey: f.key,
          uploadKey: f.uploadKey ?? null,
          createdAt: new Date(now.getTime() + i),
        })),
      )
      .returning();
    await tx.insert(ticketHistory).values({
      ticketId,
      actorId: actor.profileId,
      actorName: actor.name,
      action: 'ATTACHED',
      changes: { attachments: { from: null, to: files.map((f) => f.fileName) } },
      createdAt: now,
    });
    return rows.map((r) => toDto({ ...r, uploaderName: actor.name }));
  });
}

export async function listAttachments(db: Database, ticketId: number, page: PageQuery): Promise<Paged<Attachment>> {
  const [rows, [total]] = await Promise.all([
    // Who uploaded each file, by name ("Cargado por"); a deleted account leaves it empty.
    db
      .select({ row: attachment, uploaderName: sql<string | null>`${profile.firstName} || ' ' || ${profile.lastName}` })
      .from(attachment)
      .leftJoin(profile, eq(profile.id, attachment.uploaderId))
      .where(eq(attachment.ticketId, ticketId))
      .orderBy(asc(attachment.createdAt), asc(attachment.id))
      .limit(page.size)
      .offset(page.page * page.size),
    db.select({ n: sql<number>`count(*)::int` }).from(attachment).where(eq(attachment.ticketId, ticketId)),
  ]);
  return { content: rows.map((r) => toDto({ ...r.row, uploaderName: r.uploaderName })), page: page.page, size: page.size, total: total?.n ?? 0 };
}

export async function findAttachment(db: Database, ticketId: number, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(attachment).where(and(eq(attachment.ticketId, ticketId), eq(attachment.id, id))).limit(1);
  return row;
}
