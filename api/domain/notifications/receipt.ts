import { eq } from 'drizzle-orm';
import { ticketTypeLabels } from '@contract/messages';
import { formatSantiagoShort } from '@contract/date-time';
import { ROLE_AREAS } from '@contract/roles';
import type { Ticket } from '@contract/ticket-dto';
import type { Database } from '../../platform/db/client';
import { profile } from '../../platform/db/schema';
import type { Mailer } from '../../platform/mail/mailer';
import type { OutgoingMail } from '../../platform/mail/transport';
import { receiptTemplate } from '../../platform/mail/templates/receipt';
import { mayNotify } from '../privacy/blocking';
import type { Actor } from '../tickets/permissions';

/**
 * The receipt of a new report (issue 32): its text is the template's (platform/mail/templates/receipt.ts,
 * decision 164); the folio, the category and the date are the only data in it besides the name.
 */
export function receiptMail(to: string, ticket: Ticket, eventLink: string | null): OutgoingMail {
  const mail = receiptTemplate({
    folio: ticket.folio,
    fullName: ticket.fullName,
    kind: ticketTypeLabels[ticket.type],
    classification: ticket.classificationName,
    due: formatSantiagoShort(Date.parse(ticket.dueAt)),
    eventLink,
  });
  return { to, ...mail };
}

/**
 * Queues the receipt for a ticket just created, once (the creation path runs once per report:
 * a repeated submission key replays the first answer without coming here). It goes only to the
 * address on the ticket, and only when that address is known to belong to the reporter:
 * - a driver reporting for themselves: the ticket's address is their own, confirmed one
 *   (decision 135: no mail to an address its owner has not confirmed; a driver typing someone
 *   else's address in the form must not make the product mail it);
 * - staff recording someone's report: the address staff typed, as an admin's typed address
 *   counts as confirmed (decision 135).
 * No address, no mail; none to a driver whose data are blocked (decision 150). The address is never logged.
 */
export async function queueTicketReceipt(db: Database, mailer: Mailer, actor: Actor, ticket: Ticket, publicWebUrl: string): Promise<void> {
  if (!ticket.email) return;
  if (actor.role !== 'DRIVER') {
    await mailer.queue(receiptMail(ticket.email, ticket, null));
    return;
  }
  const [own] = await db
    .select({ email: profile.email, emailConfirmedAt: profile.emailConfirmedAt, privacyBlockedAt: profile.privacyBlockedAt })
    .from(profile)
    .where(eq(profile.id, actor.profileId))
    .limit(1);
  if (!own || !mayNotify(own) || own.email.toLowerCase() !== ticket.email.toLowerCase()) return;
  await mailer.queue(receiptMail(ticket.email, ticket, `${publicWebUrl}/${ROLE_AREAS.DRIVER}/events/${ticket.id}`));
}
