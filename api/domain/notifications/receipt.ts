import { eq } from 'drizzle-orm';
import { ticketTypeLabels } from '@contract/messages';
import { formatSantiagoShort } from '@contract/date-time';
import { ROLE_AREAS } from '@contract/roles';
import type { Ticket } from '@contract/ticket-dto';
import type { Database } from '../../platform/db/client';
import { profile } from '../../platform/db/schema';
import type { Mailer } from '../../platform/mail/mailer';
import type { OutgoingMail } from '../../platform/mail/transport';
import { mayNotify } from '../privacy/blocking';
import type { Actor } from '../tickets/permissions';

/**
 * The receipt of a new report (issue 32): proof for the reporter that it arrived, with its folio,
 * what happens next and the deadline the SLA clock set (../tickets/sla.ts). Plain text, like the
 * other mails; the folio, the category and the date are the only data in it besides the name.
 */
export function receiptMail(to: string, ticket: Ticket, eventLink: string | null): OutgoingMail {
  const kind = ticketTypeLabels[ticket.type];
  // A driver follows the report in the app; someone staff recorded for has no account to look in.
  const next = eventLink
    ? 'Qué sigue: el equipo de la concesión lo revisa y lo asigna a quien corresponda; le avisaremos cada vez que cambie de estado.'
    : 'Qué sigue: el equipo de la concesión lo revisa y lo asigna a quien corresponda. Si necesitamos más información, le contactaremos con los datos que nos dejó; para consultar su estado, indique el folio.';
  return {
    to,
    subject: `Recibimos su reporte ${ticket.folio}`,
    text: [
      ticket.fullName ? `Hola ${ticket.fullName}:` : 'Hola:',
      '',
      `Su reporte quedó registrado con el folio ${ticket.folio} (${kind}: ${ticket.classificationName}).`,
      '',
      next,
      `Plazo de respuesta: hasta el ${formatSantiagoShort(Date.parse(ticket.dueAt))} (hora de Chile). ` +
        'El plazo se detiene mientras esperamos información suya o de terceros.',
      ...(eventLink ? ['', `Vea su reporte en ${eventLink}`] : []),
      '',
      'Guarde este correo: el folio identifica su reporte en cualquier consulta.',
    ].join('\n'),
  };
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
