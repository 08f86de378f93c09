import { closureReasonLabels, statusLabels } from '@contract/messages';
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
 * assignment; the reporter and the drivers who follow it (`publicTo`, decision 161) about a status change, or about
 * the closing, told with its reason and the message that went with it (decision 163). Never the author. The reporter is
 * not told that the event was assigned (its status becoming "Asignado"): an internal step that asks nothing of them
 * (decision 163); they hear when it is being handled, waits for something or is closed.
 */
export async function notifyTicketChange(
  notifier: Notifier,
  before: { assignedToId: string | null; statusCode: string },
  after: Ticket,
  authorId: string,
  publicTo: (string | null)[] = [after.reporterId],
  /** The closing message to the driver sent with this change, if any (stored as a public comment). */
  closureMessage?: string | null,
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
    await notifier.notify({
      type: 'TICKET_CLOSED',
      ticket,
      recipients: publicTo,
      authorId,
      message: notificationText.ticketClosed(after.folio),
      ...(after.closureReason ? { closure: { reason: closureReasonLabels[after.closureReason], message: closureMessage?.trim() || null } } : {}),
    });
  } else if (after.statusCode !== 'ASSIGNED') {
    await notifier.notify({
      type: 'STATUS_CHANGED',
      ticket,
      recipients: publicTo,
      authorId,
      message: notificationText.statusChanged(after.folio, statusLabels[after.statusCode]),
    });
  }
}
