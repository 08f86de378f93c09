import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, notification, ticket } from '../../platform/db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { readMail, startSmtpPeer, type SmtpPeer } from '../../test/smtp';
import { createTicket, signInCallers, type Callers } from '../../test/tickets';
import { deliverPendingMail } from '../../platform/mail/queue';
import type { MailTransport } from '../../platform/mail/transport';
import { flushDigests } from './digest';

/**
 * Notification e-mails held and grouped per person (decision 165, after decision 134), delivered to a
 * real SMTP server: a burst of comments makes one e-mail once the hold is over, and the next one only
 * after the period, never one e-mail per comment.
 */
const PERIOD_MS = 5 * 60_000;
const HOLD_MS = 2 * 60_000;
const TIMING = { holdMs: HOLD_MS, periodMs: PERIOD_MS };
/** As if the hold and the period had passed since each held change and each person's last e-mail. */
const periodPasses = async (api: TestApi) => {
  await queryRows(api.database.db, sql`update mail_digest_state set last_sent_at = last_sent_at - ${PERIOD_MS + 1_000} * interval '1 millisecond'`);
  await queryRows(api.database.db, sql`update mail_digest_item set created_at = created_at - ${HOLD_MS + 1_000} * interval '1 millisecond'`);
};
let smtp: SmtpPeer;
let api: TestApi;
let who: Callers;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  api = await createTestApi({
    demoTickets: 0,
    config: {
      smtpUrl: smtp.url,
      mailDigestMs: PERIOD_MS,
      mailHoldMs: HOLD_MS,
      // The burst is the point here, not the write limits (write-quotas.test.ts).
      quotas: {
        driver: { eventsPerHour: 100, eventsPerDay: 100, commentsPerMinute: 1_000, attachmentBytesPerDay: 1e9 },
        staff: { eventsPerHour: 100, eventsPerDay: 100, commentsPerMinute: 1_000, attachmentBytesPerDay: 1e9 },
      },
    },
  });
  who = await signInCallers(api);
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});

const toOperator = () => smtp.received.filter((m) => m.to.includes('operador@concesion.demo'));

describe('notification e-mails to one person', () => {
  it('turn 100 comments in a burst into one e-mail once the hold is over, listing what they said', async () => {
    const t = await createTicket(api, who.driver);
    await api.database.db.update(ticket).set({ assignedToId: who.operator.id, statusCode: 'ASSIGNED' }).where(eq(ticket.id, t.id));
    const comment = (i: number) =>
      api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: who.driver.headers, payload: { comment: `Sigue el bache (${i})` } });
    for (let start = 0; start < 100; start += 10) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => comment(start + i)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    }
    await api.app.mailer.idle();
    // In the app, nothing changes: one notification per comment.
    const inApp = await api.database.db
      .select()
      .from(notification)
      .where(and(eq(notification.profileId, who.operator.id), eq(notification.ticketId, t.id)));
    expect(inApp).toHaveLength(100);
    // By e-mail: all wait for the hold.
    expect(toOperator()).toHaveLength(0);
    expect(await flushDigests(api.database.db, TIMING)).toBe(0);
    await periodPasses(api);
    // Two processes at once: one e-mail between them.
    const made = await Promise.all([flushDigests(api.database.db, TIMING), flushDigests(api.database.db, TIMING)]);
    expect(made[0]! + made[1]!).toBe(1);
    await api.app.mailer.deliver();
    await api.app.mailer.idle();
    expect(toOperator()).toHaveLength(1);
    const mail = readMail(toOperator()[0]!.data);
    expect(mail.subject).toBe(`Novedades en el evento ${t.folio} (100)`);
    expect(mail.text).toContain(`Nuevo comentario en el evento ${t.folio}`);
    expect(mail.text).toContain('Sigue el bache (0)');
    expect(mail.text).toContain('Y 50 novedades más');
    expect(mail.text).toContain(`/operator/events/${t.id}`);
    // Nothing left to send.
    expect(await flushDigests(api.database.db, TIMING)).toBe(0);
  });

  it('keeps a digest in the mail queue through an SMTP outage, and delivers it once the server is back', async () => {
    const t = await createTicket(api, who.driver);
    await api.database.db.update(ticket).set({ assignedToId: who.supervisor.id, statusCode: 'ASSIGNED' }).where(eq(ticket.id, t.id));
    for (let i = 0; i < 3; i++) {
      await api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: who.driver.headers, payload: { comment: `Otra vez ${i}` } });
    }
    await api.app.mailer.idle();
    await periodPasses(api);
    expect(await flushDigests(api.database.db, TIMING)).toBe(1);
    const digest = eq(mailQueue.subject, `Novedades en el evento ${t.folio} (3)`);
    const [queued] = await api.database.db.select().from(mailQueue).where(digest);
    expect(queued!.recipient).toBe('supervisor@concesion.demo');
    expect(queued!.body).toContain(t.folio);
    // The mail server is down: the digest stays queued for a later attempt.
    const down: MailTransport = { kind: 'smtp', send: () => Promise.reject(new Error('connection refused')), close: () => {} };
    expect(await deliverPendingMail(api.database.db, down, { error: () => {} })).toMatchObject({ sent: 0, failed: 1 });
    const [waiting] = await api.database.db.select().from(mailQueue).where(digest);
    expect([waiting!.sentAt, waiting!.attempts]).toEqual([null, 1]);
    // Back up: the retry delivers it.
    await api.database.db.update(mailQueue).set({ nextAttemptAt: new Date(Date.now() - 1_000) }).where(digest);
    await api.app.mailer.deliver();
    await api.app.mailer.idle();
    const toSupervisor = smtp.received.filter((m) => m.to.includes('supervisor@concesion.demo'));
    expect(toSupervisor).toHaveLength(1);
    expect(readMail(toSupervisor[0]!.data).subject).toBe(`Novedades en el evento ${t.folio} (3)`);
  });
});
