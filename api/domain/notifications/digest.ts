import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatMessage, messages } from '@contract/messages';
import { queryRows, type Database } from '../../platform/db/client';
import { mailDigestItem, profile } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/queue';
import type { OutgoingMail } from '../../platform/mail/transport';

/**
 * Notification e-mails, grouped per person (docs/decisions/134-write-quotas-digests-and-stored-previews.md):
 * at most one every `periodMs`. The first after a quiet period goes at once; what happens
 * during the period waits in `mail_digest_item` and goes as one digest when it is over
 * (`flushDigests`, a periodic job). Both steps take the person's row in `mail_digest_state`
 * with one upsert or update, so two API processes never both send for one person in a period.
 * The mails then go through the mail queue (platform/mail/queue.ts): retried through an SMTP outage.
 */
export type NotificationMail = {
  profileId: string;
  to: string;
  subject: string;
  text: string;
  /** The notification as one line of a digest: its sentence and its link. */
  line: string;
};

/** Distinct lines a digest lists; the rest are counted. */
const DIGEST_LINES = 50;

/** Sends now (through the queue) the mails of people whose period is over, holds the others for their digest. */
export async function sendOrHold(db: Database, mails: readonly NotificationMail[], periodMs: number): Promise<void> {
  if (mails.length === 0) return;
  const people = [...new Set(mails.map((m) => m.profileId))];
  const due = await queryRows<{ profile_id: string }>(
    db,
    sql`insert into mail_digest_state as s (profile_id, last_sent_at)
        values ${sql.join(
          people.map((id) => sql`(${id}::uuid, now())`),
          sql`, `,
        )}
        on conflict (profile_id) do update set last_sent_at = now()
        where s.last_sent_at <= now() - ${periodMs} * interval '1 millisecond'
        returning profile_id`,
  );
  const dueNow = new Set(due.map((r) => r.profile_id));
  const held = mails.filter((m) => !dueNow.has(m.profileId));
  if (held.length > 0) {
    await db.insert(mailDigestItem).values(held.map((m) => ({ profileId: m.profileId, recipient: m.to, line: m.line })));
  }
  if (dueNow.size === 0) return;
  // Whatever was still held for them goes with it.
  const pending = await db.delete(mailDigestItem).where(inArray(mailDigestItem.profileId, [...dueNow])).returning();
  const out: OutgoingMail[] = [];
  for (const id of dueNow) {
    const own = mails.filter((m) => m.profileId === id);
    const earlier = pending.filter((p) => p.profileId === id).sort((a, b) => a.id - b.id);
    if (earlier.length === 0 && own.length === 1) out.push({ to: own[0]!.to, subject: own[0]!.subject, text: own[0]!.text });
    else out.push(digestMail(own[0]!.to, [...earlier.map((p) => p.line), ...own.map((m) => m.line)]));
  }
  await enqueueMail(db, out);
}

/**
 * Queues one digest for each person whose period is over and who has notifications held;
 * returns how many. Safe to run on every process at once: each person's row is taken by one.
 */
export async function flushDigests(db: Database, periodMs: number): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{ profile_id: string }>(
      tx,
      sql`update mail_digest_state s set last_sent_at = now()
          where s.last_sent_at <= now() - ${periodMs} * interval '1 millisecond'
            and exists (select 1 from mail_digest_item i where i.profile_id = s.profile_id)
          returning s.profile_id`,
    );
    if (due.length === 0) return 0;
    const items = await tx
      .delete(mailDigestItem)
      .where(
        inArray(
          mailDigestItem.profileId,
          due.map((r) => r.profile_id),
        ),
      )
      .returning();
    const byPerson = new Map<string, typeof items>();
    for (const item of items.sort((a, b) => a.id - b.id)) byPerson.set(item.profileId, [...(byPerson.get(item.profileId) ?? []), item]);
    // Nobody whose data are blocked is mailed (decision 150): what was held for them is dropped.
    const blocked = await tx
      .select({ id: profile.id })
      .from(profile)
      .where(and(inArray(profile.id, [...byPerson.keys()]), isNotNull(profile.privacyBlockedAt)));
    for (const { id } of blocked) byPerson.delete(id);
    // The address of each person's latest notification: the one they have now.
    const mails = [...byPerson.values()].map((own) => digestMail(own.at(-1)!.recipient, own.map((i) => i.line)));
    await enqueueMail(tx, mails);
    return mails.length;
  });
}

/** One e-mail for many notifications: each distinct line once, with how many times it happened. */
export function digestMail(to: string, lines: readonly string[]): OutgoingMail {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line, (counts.get(line) ?? 0) + 1);
  const distinct = [...counts];
  const listed = distinct.slice(0, DIGEST_LINES).map(([line, n]) => `- ${line}${n > 1 ? ` (${n} veces)` : ''}`);
  const rest = distinct.length - listed.length;
  return {
    to,
    subject: formatMessage(messages.notifyDigestSubject, { count: lines.length }),
    text: [messages.notifyDigestIntro, '', ...listed, ...(rest > 0 ? [formatMessage(messages.notifyDigestMore, { count: rest })] : []), ''].join('\n'),
  };
}
