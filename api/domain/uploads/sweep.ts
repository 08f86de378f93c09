import { canAttachTo } from '@contract/permissions';
import { fullName } from '@contract/person-name';
import type { Role } from '@contract/roles';
import type { Database } from '../../platform/db/client';
import { findLiveProfileById } from '../accounts/profiles';
import { canSeeTicket } from '../tickets/permissions';
import { findTicket, type TicketActor } from '../tickets/store';
import { completeUpload, type CompletionDeps } from './complete';
import { deleteUpload, expiredUploads, uploadsOf, type UploadRow } from './records';

const BATCH = 200;

/**
 * Unfinished uploads past UPLOAD_EXPIRY_HOURS (docs/decisions/154-upload-locks-and-expiry.md). One whose
 * bytes all arrived (the process of its last PATCH died before the attachment, and its owner never
 * came back to ask) is finished as its owner, if they may still attach to the ticket; the others
 * lose their bytes in the tus store (a file under DATA_DIR/uploads, or the bucket's objects) and
 * then their rows. Nothing half-uploaded is ever attached: an expired upload answers 410.
 */
export async function sweepExpiredUploads(deps: CompletionDeps, now = new Date()): Promise<{ removed: number; finished: number }> {
  const counts = { removed: 0, finished: 0 };
  // Uploads left for the next run (the store or the database failed on them): never retried in this one.
  const kept = new Set<string>();
  for (;;) {
    const batch = (await expiredUploads(deps.db, now, BATCH + kept.size)).filter((row) => !kept.has(row.id));
    for (const row of batch) {
      try {
        if (await finishAbandoned(deps, row)) {
          counts.finished += 1;
          continue;
        }
      } catch (error) {
        // A refused file (type, pixels, quota) was removed by completion; anything else waits for the next run.
        const status = (error as { statusCode?: number }).statusCode;
        if (status === undefined || status >= 500) kept.add(row.id);
        else counts.removed += 1;
        continue;
      }
      await deps.removeUpload(row.id).catch(() => undefined);
      await deleteUpload(deps.db, row.id);
      counts.removed += 1;
    }
    if (batch.length < BATCH) return counts;
  }
}

/** Makes the attachment of an upload whose every byte arrived, as its owner; false when it may not be. */
async function finishAbandoned(deps: CompletionDeps, row: UploadRow): Promise<boolean> {
  if ((await deps.storedBytes(row.id)) !== row.length) return false;
  const owner = await ownerMayAttach(deps.db, row);
  if (!owner) return false;
  await completeUpload(deps, row, owner);
  return true;
}

/**
 * The upload's owner as a request of theirs would be (http/auth.ts, routes/ticket/guards.ts actorOf), if
 * they may still attach to its ticket: a live, active account whose role may attach and who sees the ticket.
 */
export async function ownerMayAttach(db: Database, row: UploadRow): Promise<TicketActor | undefined> {
  const owner = await findLiveProfileById(db, row.profileId);
  if (!owner || owner.status !== 'ACTIVE') return undefined;
  const actor: TicketActor = { profileId: owner.id, role: owner.profileCode as Role, name: fullName(owner) };
  if (!canAttachTo(actor.role)) return undefined;
  const found = await findTicket(db, row.ticketId);
  return found && canSeeTicket(actor, found) ? actor : undefined;
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
