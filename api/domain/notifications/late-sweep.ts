import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { profile, ticket } from '../../platform/db/schema';
import { lateCondition } from '../tickets/sla';
import { notificationText, type Notifier } from './notifier';

const BATCH = 200;

/**
 * Raises TICKET_LATE once per ticket, when it first becomes late: to its assignee and
 * the supervisors. A batch is claimed in one guarded update (rows another sweep holds are
 * skipped, rows it already claimed no longer match), so two sweeps never notify twice, and
 * notified in a fixed number of queries. The claim and the notifications are one
 * transaction: a batch that could not be notified stays unclaimed for the next sweep.
 * Nothing is raised for an event on hold (decision 182): `lateCondition` still counts one that was put
 * on hold after its deadline as late (lists and counters), but its clock is stopped; if it is still late
 * when it resumes, the next sweep tells of it then.
 */
export async function sweepLateTickets(db: Database, notifier: Notifier, now = new Date()): Promise<number> {
  const { claimed, announce } = await db.transaction(async (tx) => {
    const next = tx
      .select({ id: ticket.id })
      .from(ticket)
      .where(and(lateCondition(now), isNull(ticket.pausedAt), isNull(ticket.lateNotifiedAt)))
      .orderBy(asc(ticket.dueAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(ticket)
      .set({ lateNotifiedAt: now })
      .where(and(inArray(ticket.id, next), isNull(ticket.pausedAt), isNull(ticket.lateNotifiedAt)))
      .returning({ id: ticket.id, folio: ticket.folio, assignedToId: ticket.assignedToId });
    if (claimed.length === 0) return { claimed, announce: () => undefined };
    const supervisors = await tx
      .select({ id: profile.id })
      .from(profile)
      .where(and(eq(profile.profileCode, 'SUPERVISOR'), eq(profile.status, 'ACTIVE'), isNull(profile.deletedAt)));
    const { announce } = await notifier.store(
      claimed.map((t) => ({
        type: 'TICKET_LATE' as const,
        ticket: { id: t.id, folio: t.folio },
        recipients: [t.assignedToId, ...supervisors.map((s) => s.id)],
        message: notificationText.ticketLate(t.folio),
      })),
      tx,
    );
    return { claimed, announce };
  });
  announce();
  return claimed.length;
}
