import { statusLabels } from '@contract/messages';
import type { Ticket } from '@contract/ticket-dto';
import type { Database } from '../../platform/db/client';
import { followersOf } from '../tickets/followers';
import { notificationText, type Notifier } from './notifier';

/**
 * Who hears of an event's public changes (public comments, status changes, the closing): its
 * reporter, and the drivers who follow it from the possible duplicates (decision 161).
 */
export async function publicRecipients(db: Database, t: { id: number; reporterId: string | null }): Promise<(string | null)[]> {
  return [t.reporterId, ...(await followersOf(db, t.id))];
}

/**
 * Who hears about a ticket's change (docs/product-decisions.md, "Notifications"): the new assignee about an
 * assignment; the reporter (and the followers, `publicTo`) about a status change, or about the closing. Never the author.
 */
export async function notifyTicketChange(
  notifier: Notifier,
  before: { assignedToId: string | null; statusCode: string },
  after: Ticket,
  authorId: string,
  publicTo: (string | null)[] = [after.reporterId],
): Promise<void> {
  const ticket = { id: after.id, folio: after.folio };
  if (after.assignedToId && after.assignedToId !== before.assignedToId) {
    await notifier.notify({
      type: 'TICKET_ASSIGNED',
      ticket,
      recipients: [after.assignedToId],
      authorId,
      message: notificationText.ticketAssigned(after.folio),
    });
  }
  if (after.statusCode === before.statusCode) return;
  if (after.statusCode === 'CLOSED') {
    await notifier.notify({ type: 'TICKET_CLOSED', ticket, recipients: publicTo, authorId, message: notificationText.ticketClosed(after.folio) });
  } else {
    await notifier.notify({
      type: 'STATUS_CHANGED',
      ticket,
      recipients: publicTo,
      authorId,
      message: notificationText.statusChanged(after.folio, statusLabels[after.statusCode]),
    });
  }
}
