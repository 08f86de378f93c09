import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Comment, CommentCreate } from '@contract/conversation';
import type { PageQuery, Paged } from '@contract/envelope';
import type { Role } from '@contract/roles';
import { isStaff } from '@contract/roles';
import { canReadInternalNotes, canWriteInternalNotes } from '@contract/permissions';
import type { Database } from '../../platform/db/client';
import { classification, comment, ticket, ticketHistory } from '../../platform/db/schema';
import { readCalendar } from '../calendar/store';
import { consumedAt, HOUR_MS } from '../calendar/deadlines';
import type { LoadedTicket, TicketActor } from './store';

const toDto = (row: typeof comment.$inferSelect): Comment => ({
  id: row.id,
  ticketId: row.ticketId,
  comment: row.body,
  internal: row.internal,
  authorId: row.authorId,
  authorName: row.authorName,
  authorRole: row.authorRole as Role,
  createdAt: row.createdAt.toISOString(),
});

/** The thread in order, oldest first. */
export async function listComments(db: Database, ticketId: number, viewer: Role, page: PageQuery): Promise<Paged<Comment>> {
  const where = and(eq(comment.ticketId, ticketId), canReadInternalNotes(viewer) ? undefined : eq(comment.internal, false));
  const [rows, [total]] = await Promise.all([
    db.select().from(comment).where(where).orderBy(asc(comment.id)).limit(page.size).offset(page.page * page.size),
    db.select({ n: sql<number>`count(*)::int` }).from(comment).where(where),
  ]);
  return { content: rows.map(toDto), page: page.page, size: page.size, total: total?.n ?? 0 };
}

/**
 * Adds a comment and its history entry together. A driver's comment is always public;
 * a staff member's first comment counts as the first response.
 */
export async function addComment(
  db: Database,
  t: LoadedTicket,
  actor: TicketActor,
  input: CommentCreate,
  charge?: (tx: Database) => Promise<void>,
): Promise<Comment> {
  const internal = canWriteInternalNotes(actor.role) && input.internal;
  return db.transaction(async (tx) => {
    // The account's write limit first (domain/quotas/write-quotas.ts): a refused comment writes nothing.
    await charge?.(tx);
    return insertComment(tx, t.id, actor, input.comment, internal, new Date());
  });
}

/** The comment's row and history entry inside the caller's transaction (a closure's message uses it too). */
export async function insertComment(
  tx: Database,
  ticketId: number,
  actor: TicketActor,
  body: string,
  internal: boolean,
  now: Date,
): Promise<Comment> {
  const [row] = await tx
    .insert(comment)
    .values({ ticketId, authorId: actor.profileId, authorName: actor.name, authorRole: actor.role, body, internal, createdAt: now })
    .returning();
  await tx.insert(ticketHistory).values({
    ticketId,
    actorId: actor.profileId,
    actorName: actor.name,
    action: internal ? 'NOTE_ADDED' : 'COMMENTED',
    changes: { comment: { from: null, to: row!.id } },
    createdAt: now,
  });
  if (isStaff(actor.role)) {
    await tx.update(ticket).set({ firstResponseAt: now }).where(and(eq(ticket.id, ticketId), isNull(ticket.firstResponseAt)));
    if (!internal) await recordFirstAnswer(tx, ticketId, now);
  }
  return toDto(row!);
}

/**
 * The first-answer target is met by the first public comment of staff (issue 37; an internal note is no answer
 * to the driver): the business time the event's clock had counted then, pauses excluded, read off its resolution
 * deadline with its own target (decision 179). Once only: a later answer changes nothing.
 */
async function recordFirstAnswer(tx: Database, ticketId: number, now: Date): Promise<void> {
  const [t] = await tx
    .select({
      calendarId: ticket.calendarId,
      dueAt: ticket.dueAt,
      pausedAt: ticket.pausedAt,
      targetMs: ticket.resolutionTargetMs,
      slaHours: classification.slaHours,
      answeredMs: ticket.firstAnswerBusinessMs,
    })
    .from(ticket)
    .innerJoin(classification, eq(classification.id, ticket.classificationId))
    .where(eq(ticket.id, ticketId));
  if (!t || t.answeredMs !== null) return;
  const calendar = await readCalendar(tx, t.calendarId);
  const counted = consumedAt(calendar, t.pausedAt ?? now, t.dueAt, t.targetMs ?? t.slaHours * HOUR_MS);
  await tx
    .update(ticket)
    .set({ firstAnswerBusinessMs: counted, firstAnsweredAt: now })
    .where(and(eq(ticket.id, ticketId), isNull(ticket.firstAnswerBusinessMs)));
}
