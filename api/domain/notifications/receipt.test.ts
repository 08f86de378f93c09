import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatSantiagoShort } from '@contract/date-time';
import type { Ticket } from '@contract/ticket-dto';
import { createTestApi, type TestApi } from '../../test/helper';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../test/smtp';
import { createTicket, signInCallers, type Callers } from '../../test/tickets';

/**
 * The receipt of a new report (issue 32, docs/decisions/140-installable-app-sign-out-and-receipts.md),
 * read as a real SMTP peer received it.
 */
let smtp: SmtpPeer;
let api: TestApi;
let callers: Callers;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  api = await createTestApi({ demoTickets: 0, config: { smtpUrl: smtp.url } });
  callers = await signInCallers(api);
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});
beforeEach(async () => {
  await api.app.mailer.idle();
  smtp.received.length = 0;
});

/** Every mail delivered so far, its body's quoted-printable undone. */
async function delivered(): Promise<{ to: string[]; text: string }[]> {
  await api.app.mailer.idle();
  return smtp.received.map((mail: ReceivedMail) => ({ to: mail.to, text: decodeQuotedPrintable(mail.data) }));
}
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return joined.replace(/(=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
}
const receiptsOf = (mails: { to: string[]; text: string }[], ticket: Ticket) => mails.filter((m) => m.text.includes(`Recibimos su reporte ${ticket.folio}`));

describe('the receipt of a new report', () => {
  it('reaches the address staff entered, once, with the folio, what happens next and the deadline', async () => {
    const ticket = await createTicket(api, callers.operator, { email: 'recibo.telefono@correo.cl' });
    const mails = await delivered();
    const receipts = receiptsOf(mails, ticket);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.to).toEqual(['recibo.telefono@correo.cl']);
    const { text } = receipts[0]!;
    expect(text).toMatch(new RegExp(`^Subject: Recibimos su reporte ${ticket.folio}$`, 'm'));
    expect(text).toContain(`folio ${ticket.folio}`);
    expect(text).toContain('Qué sigue');
    // The deadline is the SLA's due date the API computed, in Chilean time.
    expect(text).toContain(`hasta el ${formatSantiagoShort(Date.parse(ticket.dueAt))} (hora de Chile)`);
    // Someone without an account gets no link into the app, and is told how to ask about it.
    expect(text).not.toContain('/events/');
    expect(text).toContain('para consultar su estado, indique el folio');
    // Nothing else went out for it: the report is mailed once.
    expect(mails.filter((m) => m.text.includes(ticket.folio))).toHaveLength(1);
  });

  it('reaches a driver reporting with their own confirmed address, with a link to the report', async () => {
    const ticket = await createTicket(api, callers.driver, { email: 'conductor@concesion.demo', channelCode: undefined });
    const receipts = receiptsOf(await delivered(), ticket);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.to).toEqual(['conductor@concesion.demo']);
    expect(receipts[0]!.text).toContain(`/driver/events/${ticket.id}`);
    expect(receipts[0]!.text).toContain('le avisaremos cada vez que cambie de estado');
    expect(receipts[0]!.text).toContain(formatSantiagoShort(Date.parse(ticket.dueAt)));
  });

  it('is not sent for a report without an e-mail', async () => {
    const ticket = await createTicket(api, callers.operator, { email: '' });
    expect(ticket.email).toBeNull();
    const mails = await delivered();
    expect(receiptsOf(mails, ticket)).toHaveLength(0);
    expect(mails.filter((m) => m.text.includes(ticket.folio))).toHaveLength(0);
  });

  it('is not sent to an address a driver typed that is not their own', async () => {
    const ticket = await createTicket(api, callers.driver, { email: 'un.tercero@correo.cl', channelCode: undefined });
    const mails = await delivered();
    expect(receiptsOf(mails, ticket)).toHaveLength(0);
    expect(mails.flatMap((m) => m.to)).not.toContain('un.tercero@correo.cl');
  });
});
