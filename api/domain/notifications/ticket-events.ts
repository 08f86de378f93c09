import { statusLabels } from '@contract/messages';
import type { Ticket } from '@contract/ticket-dto';
import { notificationText, type Notifier } from './notifier';

/**
 * Who hears about a ticket's change (docs/product-decisions.md, "Notifications"): the new assignee about an
 * assignment; the reporter about a status change, or about the closing. Never the author.
 */
export async function notifyTicketChange(
  notifier: Notifier,
  before: { assignedToId: string | null; statusCode: string },
  after: Ticket,
  authorId: string,
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
    await notifier.notify({ type: 'TICKET_CLOSED', ticket, recipients: [after.reporterId], authorId, message: notificationText.ticketClosed(after.folio) });
  } else {
    await notifier.notify({
      type: 'STATUS_CHANGED',
      ticket,
      recipients: [after.reporterId],
      authorId,
      message: notificationText.statusChanged(after.folio, statusLabels[after.statusCode]),
    });
  }
}
