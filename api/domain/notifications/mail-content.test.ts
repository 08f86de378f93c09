import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client';
import { createTestApi, type TestApi } from '../../test/helper';
import { readMail, startSmtpPeer, type SmtpPeer } from '../../test/smtp';
import { createTicket, signInCallers, type Callers } from '../../test/tickets';
import { flushDigests } from './digest';

/**
 * Issue 36 (decisions 163-165), read back from a real SMTP server: the e-mail about a public answer
 * has the answer, the closing e-mail its reason and message, a few quick changes to one event are one
 * e-mail, the driver hears nothing of the assignment nor of an internal note, and every mail has
 * the folio in its subject, the concession's name in From, and both a text and an HTML part.
 */
const HOLD_MS = 2 * 60_000;
const PERIOD_MS = 5 * 60_000;
const TIMING = { holdMs: HOLD_MS, periodMs: PERIOD_MS };
let smtp: SmtpPeer;
let api: TestApi;
let who: Callers;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  api = await createTestApi({ demoTickets: 0, config: { smtpUrl: smtp.url, mailDigestMs: PERIOD_MS, mailHoldMs: HOLD_MS } });
  who = await signInCallers(api);
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});
beforeEach(async () => {
  // Each test starts with nothing held, a free period and an empty inbox.
  await flushAll();
  smtp.received.length = 0;
});

/** The hold and the period pass: whatever is held goes out and is delivered. */
async function flushAll(): Promise<number> {
  await api.app.mailer.idle();
  await queryRows(api.database.db, sql`update mail_digest_state set last_sent_at = to_timestamp(0)`);
  await queryRows(api.database.db, sql`update mail_digest_item set created_at = created_at - ${HOLD_MS + 1_000} * interval '1 millisecond'`);
  const made = await flushDigests(api.database.db, TIMING);
  await api.app.mailer.deliver();
  await api.app.mailer.idle();
  return made;
}
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address)).map((m) => readMail(m.data));
const DRIVER = 'conductor@concesion.demo';
const OPERATOR = 'operador@concesion.demo';

const put = (caller: { headers: object }, id: number, payload: object) =>
  api.app.inject({ method: 'PUT', url: `/api/ticket/${id}`, headers: caller.headers as Record<string, string>, payload });
const comment = (caller: { headers: object }, id: number, text: string, internal = false) =>
  api.app.inject({ method: 'POST', url: `/api/ticket/${id}/comment`, headers: caller.headers as Record<string, string>, payload: { comment: text, internal } });

describe('notification e-mails say what happened', () => {
  it("give the driver the operator's public answer, escaped in the HTML, with the folio in the subject and the concession in From", async () => {
    const t = await createTicket(api, who.driver);
    const answer = 'Cuadrilla <b>en camino</b> al km 23,5 & mañana se repara.';
    expect((await comment(who.operator, t.id, answer)).statusCode).toBe(201);
    expect(await flushAll()).toBeGreaterThan(0);
    const [mail, ...more] = mailsTo(DRIVER);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Nuevo comentario en el evento ${t.folio}`);
    expect(mail!.from).toMatch(/^"?Concesión Vial"? <no-responder@concesion\.demo>$/);
    expect(mail!.text).toContain('Respuesta del equipo de la concesión');
    expect(mail!.text).toContain(answer);
    expect(mail!.text).toContain(`/driver/events/${t.id}`);
    expect(mail!.html).toContain('Cuadrilla &lt;b&gt;en camino&lt;/b&gt; al km 23,5 &amp; mañana se repara.');
    expect(mail!.html).not.toContain('<b>en camino</b>');
    // In the app, the notification carries the answer too.
    const list = await api.app.inject({ method: 'GET', url: `/api/notification/profile/${who.driver.id}`, headers: who.driver.headers });
    const note = list.json().payload.content.find((n: { ticketId: number }) => n.ticketId === t.id);
    expect(note).toMatchObject({ type: 'COMMENT_ADDED', message: `Nuevo comentario en el evento ${t.folio}`, body: answer });
  });

  it('never give the driver an internal note, in the app or by e-mail, while the staff gets its text', async () => {
    const t = await createTicket(api, who.driver);
    expect((await put(who.supervisor, t.id, { assignedToId: who.operator.id })).statusCode).toBe(200);
    await flushAll();
    smtp.received.length = 0;
    expect((await comment(who.supervisor, t.id, 'Nota: el conductor llamó molesto, revisar antecedentes', true)).statusCode).toBe(201);
    await flushAll();
    expect(mailsTo(DRIVER)).toHaveLength(0);
    const [toOperator] = mailsTo(OPERATOR);
    expect(toOperator!.text).toContain('Nota interna del equipo');
    expect(toOperator!.text).toContain('el conductor llamó molesto');
    const list = await api.app.inject({ method: 'GET', url: `/api/notification/profile/${who.driver.id}`, headers: who.driver.headers });
    expect(JSON.stringify(list.json().payload.content)).not.toContain('molesto');
  });

  it('tell the driver the closing reason and message', async () => {
    const t = await createTicket(api, who.driver);
    const closed = await put(who.operator, t.id, {
      statusCode: 'CLOSED',
      closureReason: 'RESOLVED',
      closureMessage: 'Reparamos el bache el martes. Gracias por avisar.',
    });
    expect(closed.statusCode).toBe(200);
    await flushAll();
    const [mail, ...more] = mailsTo(DRIVER);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`El evento ${t.folio} fue cerrado`);
    for (const part of [mail!.text!, mail!.html!]) {
      expect(part).toContain('Motivo de cierre');
      expect(part).toContain('Resuelto');
      expect(part).toContain('Reparamos el bache el martes. Gracias por avisar.');
    }
    const list = await api.app.inject({ method: 'GET', url: `/api/notification/profile/${who.driver.id}`, headers: who.driver.headers });
    const note = list.json().payload.content.find((n: { type: string; ticketId: number }) => n.type === 'TICKET_CLOSED' && n.ticketId === t.id);
    expect(note.body).toBe('Motivo de cierre: Resuelto\nReparamos el bache el martes. Gracias por avisar.');
  });

  it('send three quick changes to one event as one e-mail listing each, and nothing about the assignment to the driver', async () => {
    const t = await createTicket(api, who.driver);
    // Assigned: the assignee hears of it; the driver does not (decision 163).
    expect((await put(who.supervisor, t.id, { assignedToId: who.operator.id, statusCode: 'ASSIGNED' })).statusCode).toBe(200);
    expect((await put(who.operator, t.id, { statusCode: 'IN_PROGRESS' })).statusCode).toBe(200);
    expect((await comment(who.operator, t.id, 'Vamos en camino con la cuadrilla.')).statusCode).toBe(201);
    expect((await put(who.operator, t.id, { statusCode: 'CLOSED', closureReason: 'RESOLVED', closureMessage: 'Quedó reparado.' })).statusCode).toBe(200);
    await api.app.mailer.idle();
    // Within the hold nothing goes.
    expect(await flushDigests(api.database.db, TIMING)).toBe(0);
    await flushAll();
    const toDriver = mailsTo(DRIVER);
    expect(toDriver).toHaveLength(1);
    const mail = toDriver[0]!;
    expect(mail.subject).toContain(t.folio);
    expect(mail.text).toContain(`El evento ${t.folio} cambió a En gestión`);
    expect(mail.text).toContain('Vamos en camino con la cuadrilla.');
    expect(mail.text).toContain('Motivo de cierre: Resuelto');
    expect(mail.text).toContain('Quedó reparado.');
    expect(mail.text).not.toMatch(/asignó|Asignado/);
    expect(mail.html).toBeTruthy();
    // The assignee got the assignment.
    expect(mailsTo(OPERATOR).map((m) => m.text).join('\n')).toContain(`Se le asignó el evento ${t.folio}`);
    const list = await api.app.inject({ method: 'GET', url: `/api/notification/profile/${who.driver.id}`, headers: who.driver.headers });
    const mine = list.json().payload.content.filter((n: { ticketId: number }) => n.ticketId === t.id);
    expect(mine.map((n: { type: string }) => n.type).sort()).toEqual(['COMMENT_ADDED', 'STATUS_CHANGED', 'TICKET_CLOSED']);
  });
});
