import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../platform/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailQueue, notification, ticket } from '../../platform/db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp';
import { createTicket, signInCallers, type Callers } from '../../test/tickets';
import { deliverPendingMail } from '../../platform/mail/queue';
import type { MailTransport } from '../../platform/mail/transport';
import { flushDigests } from './digest';

/**
 * Notification e-mails grouped per person (docs/decisions/134-write-quotas-digests-and-stored-previews.md),
 * delivered to a real SMTP server: a burst of comments makes one e-mail at once, then one digest
 * once the period is over, never one e-mail per comment.
 */
const PERIOD_MS = 5 * 60_000;
/** As if the period had passed since each person's last e-mail. */
const periodPasses = (api: TestApi) =>
  queryRows(api.database.db, sql`update mail_digest_state set last_sent_at = last_sent_at - ${PERIOD_MS + 1_000} * interval '1 millisecond'`);
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

/** The decoded text of a received message (quoted-printable soft breaks and escapes undone). */
const textOf = (data: string) =>
  Buffer.from(
    data.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const toOperator = () => smtp.received.filter((m) => m.to.includes('operador@concesion.demo'));

describe('notification e-mails to one person', () => {
  it('turn 100 comments in a burst into one e-mail at once and one digest naming them after the period', async () => {
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
    // By e-mail: the first at once, the other 99 wait.
    expect(toOperator()).toHaveLength(1);
    expect(textOf(toOperator()[0]!.data)).toContain(t.folio);

    // Before the period is over, no process sends the digest.
    expect(await flushDigests(api.database.db, PERIOD_MS)).toBe(0);
    await periodPasses(api);
    // Two processes at once: one digest between them.
    const made = await Promise.all([flushDigests(api.database.db, PERIOD_MS), flushDigests(api.database.db, PERIOD_MS)]);
    expect(made[0]! + made[1]!).toBe(1);
    await api.app.mailer.deliver();
    await api.app.mailer.idle();
    expect(toOperator()).toHaveLength(2);
    const digest = textOf(toOperator()[1]!.data);
    expect(digest).toMatch(/^Subject: Novedades en sus eventos \(99\)/m);
    expect(digest).toContain(`Nuevo comentario en el evento ${t.folio}`);
    expect(digest).toContain('(99 veces)');
    expect(digest).toContain(`/operator/events/${t.id}`);
    // Nothing left to send.
    expect(await flushDigests(api.database.db, PERIOD_MS)).toBe(0);
  });

  it('keeps a digest in the mail queue through an SMTP outage, and delivers it once the server is back', async () => {
    const t = await createTicket(api, who.driver);
    await api.database.db.update(ticket).set({ assignedToId: who.supervisor.id, statusCode: 'ASSIGNED' }).where(eq(ticket.id, t.id));
    for (let i = 0; i < 3; i++) {
      await api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: who.driver.headers, payload: { comment: `Otra vez ${i}` } });
    }
    await api.app.mailer.idle();
    await periodPasses(api);
    expect(await flushDigests(api.database.db, PERIOD_MS)).toBe(1);
    const digest = eq(mailQueue.subject, 'Novedades en sus eventos (2)');
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
    expect(toSupervisor).toHaveLength(2);
    expect(textOf(toSupervisor[1]!.data)).toMatch(/^Subject: Novedades en sus eventos \(2\)/m);
  });
});
