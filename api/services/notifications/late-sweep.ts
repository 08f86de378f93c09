import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profile, ticket } from '../../db/schema';
import { lateCondition } from '../tickets/sla';
import { notificationText, type Notifier } from './notifier';

const BATCH = 200;

/**
 * Raises TICKET_LATE once per ticket, when it first becomes late: to its assignee and
 * the supervisors. A batch is claimed in one guarded update (rows another sweep holds are
 * skipped, rows it already claimed no longer match), so two sweeps never notify twice, and
 * the batch is notified in a fixed number of queries.
 */
export async function sweepLateTickets(db: Database, notifier: Notifier, now = new Date()): Promise<number> {
  const unclaimed = and(lateCondition(now), isNull(ticket.lateNotifiedAt));
  const next = db
    .select({ id: ticket.id })
    .from(ticket)
    .where(unclaimed)
    .orderBy(asc(ticket.dueAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(ticket)
    .set({ lateNotifiedAt: now })
    .where(and(inArray(ticket.id, next), isNull(ticket.lateNotifiedAt)))
    .returning({ id: ticket.id, folio: ticket.folio, assignedToId: ticket.assignedToId });
  if (claimed.length === 0) return 0;
  const supervisors = await db
    .select({ id: profile.id })
    .from(profile)
    .where(and(eq(profile.profileCode, 'SUPERVISOR'), eq(profile.status, 'ACTIVE'), isNull(profile.deletedAt)));
  await notifier.notifyAll(
    claimed.map((t) => ({
      type: 'TICKET_LATE' as const,
      ticket: { id: t.id, folio: t.folio },
      recipients: [t.assignedToId, ...supervisors.map((s) => s.id)],
      message: notificationText.ticketLate(t.folio),
    })),
  );
  return claimed.length;
}
