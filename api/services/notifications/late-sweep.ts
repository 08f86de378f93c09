import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profile, ticket } from '../../db/schema';
import { lateCondition } from '../tickets/sla';
import { notificationText, type Notifier } from './notifier';

const BATCH = 200;

/**
 * Raises TICKET_LATE once per ticket, when it first becomes late: to its assignee and
 * the supervisors. Each ticket is claimed with a guarded update, so two sweeps never
 * notify twice.
 */
export async function sweepLateTickets(db: Database, notifier: Notifier, now = new Date()): Promise<number> {
  const late = await db
    .select({ id: ticket.id, folio: ticket.folio, assignedToId: ticket.assignedToId })
    .from(ticket)
    .where(and(lateCondition(now), isNull(ticket.lateNotifiedAt)))
    .orderBy(asc(ticket.dueAt))
    .limit(BATCH);
  if (late.length === 0) return 0;
  const supervisors = await db
    .select({ id: profile.id })
    .from(profile)
    .where(and(eq(profile.profileCode, 'SUPERVISOR'), eq(profile.status, 'ACTIVE'), isNull(profile.deletedAt)));
  let raised = 0;
  for (const t of late) {
    const claimed = await db
      .update(ticket)
      .set({ lateNotifiedAt: now })
      .where(and(eq(ticket.id, t.id), isNull(ticket.lateNotifiedAt)))
      .returning({ id: ticket.id });
    if (claimed.length === 0) continue;
    await notifier.notify({
      type: 'TICKET_LATE',
      ticket: { id: t.id, folio: t.folio },
      recipients: [t.assignedToId, ...supervisors.map((s) => s.id)],
      message: notificationText.ticketLate(t.folio),
    });
    raised++;
  }
  return raised;
}
