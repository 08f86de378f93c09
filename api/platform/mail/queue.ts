import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailQueue } from '../db/schema';
import type { MailTransport, OutgoingMail } from './transport';

/** Minutes to wait after each failed attempt; after the last one the message is given up. */
const BACKOFF_MINUTES = [1, 5, 15, 60, 180, 720];

/** Attempts a message gets in all: the first, then one after each wait. */
export const MAIL_ATTEMPTS = BACKOFF_MINUTES.length + 1;

/** Messages sent per delivery pass; a full pass is followed at once by another. */
export const MAIL_BATCH = 20;

/** How long a process may hold a batch it claimed before others may take it over. */
const CLAIM_LEASE_SECONDS = 120;

/** Queues messages, in one insert; delivery happens outside the user's request, so it can never fail it. */
export async function enqueueMail(db: Database, mails: readonly OutgoingMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailQueue).values(mails.map((mail) => ({ recipient: mail.to, subject: mail.subject, body: mail.text, html: mail.html ?? null })));
}

type Logger = { error(obj: object, msg: string): void };

/**
 * A delivery failure as it may be logged: the mail server's code, command and message, without
 * the recipient's address however the server quoted it (docs/decisions/145-logs-keep-the-cause-not-the-person.md;
 * the scrubber of contract/personal-data.mjs misses an address without a domain ending, and
 * nodemailer's error carries the envelope and the rejected recipients, left out here).
 */
export function deliveryFailure(error: unknown, recipient: string): Error {
  const source = error instanceof Error ? error : new Error(String(error));
  const escaped = recipient.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const strip = (text: string) => (recipient ? text.replace(new RegExp(escaped, 'gi'), '[email]') : text);
  const failure = new Error(strip(source.message));
  failure.name = source.name;
  failure.stack = strip(source.stack ?? '');
  const { code, responseCode, command } = source as { code?: unknown; responseCode?: unknown; command?: unknown };
  Object.assign(failure, {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
    ...(typeof command === 'string' ? { command: strip(command) } : {}),
  });
  return failure;
}

export type DeliveryPass = { sent: number; failed: number; givenUp: number };

/**
 * Sends what is due; failures are logged and retried later with a growing wait. A message whose
 * last attempt failed is given up: an error line of its own, for the alert (docs/operations.md).
 */
export async function deliverPendingMail(
  db: Database,
  transport: MailTransport,
  log: Logger,
  now = new Date(),
  batch = MAIL_BATCH,
): Promise<DeliveryPass> {
  // Claimed in one statement, skipping rows another process holds: each message is sent by one
  // process only. The lease outlives a slow SMTP server; after a crash it runs out and the
  // message is due again.
  const due = await db
    .update(mailQueue)
    .set({ claimedUntil: sql`now() + ${`${CLAIM_LEASE_SECONDS} seconds`}::interval` })
    .where(
      inArray(
        mailQueue.id,
        db
          .select({ id: mailQueue.id })
          .from(mailQueue)
          // The database's clock too: a message queued this very millisecond (its default is the
          // server's now(), in microseconds) is already due.
          .where(
            and(
              isNull(mailQueue.sentAt),
              lte(mailQueue.nextAttemptAt, sql`greatest(now(), ${now})`),
              lte(mailQueue.attempts, BACKOFF_MINUTES.length),
              or(isNull(mailQueue.claimedUntil), lt(mailQueue.claimedUntil, sql`now()`)),
            ),
          )
          .orderBy(asc(mailQueue.id))
          .limit(batch)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  due.sort((a, b) => a.id - b.id);
  let sent = 0;
  let failed = 0;
  let givenUp = 0;
  for (const row of due) {
    try {
      await transport.send({ to: row.recipient, subject: row.subject, text: row.body, html: row.html });
      await db.update(mailQueue).set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null, claimedUntil: null }).where(eq(mailQueue.id, row.id));
      sent++;
    } catch (caught) {
      const error = deliveryFailure(caught, row.recipient);
      failed++;
      const wait = BACKOFF_MINUTES[Math.min(row.attempts, BACKOFF_MINUTES.length - 1)]!;
      const attempt = row.attempts + 1;
      if (attempt >= MAIL_ATTEMPTS) {
        givenUp++;
        log.error({ err: error, mailId: row.id, attempt, alert: 'mail_given_up' }, 'mail given up after its last attempt');
      } else {
        log.error({ err: error, mailId: row.id, attempt }, 'mail delivery failed; will retry');
      }
      await db
        .update(mailQueue)
        .set({
          attempts: sql`${mailQueue.attempts} + 1`,
          lastError: error.message.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + wait * 60_000),
          claimedUntil: null,
        })
        .where(eq(mailQueue.id, row.id));
    }
  }
  return { sent, failed, givenUp };
}
