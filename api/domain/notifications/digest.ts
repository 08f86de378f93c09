import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/client';
import { mailDigestItem, profile } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/queue';
import { changeFromLine, eventChangesMail, type HeldChange } from '../../platform/mail/templates/event-changes';
import type { OutgoingMail } from '../../platform/mail/transport';

/**
 * Notification e-mails, held and grouped per person (decision 165, after decision 134): no
 * notification mail goes at once. Each change waits in `mail_digest_item` with its facts; when the
 * person's oldest waiting change is `holdMs` old (MAIL_HOLD_SECONDS), and at least `periodMs`
 * (MAIL_DIGEST_MINUTES) went by since their last one, everything waiting goes as ONE e-mail
 * (platform/mail/templates/event-changes.ts): three quick changes to one event are one mail, and a
 * busy person still gets at most one every period. `flushDigests` (a periodic job) takes each due
 * person's row in `mail_digest_state` with one guarded update, so of several API processes on
 * PostgreSQL only one sends for a person; the mails then go through the queue (platform/mail/queue.ts).
 */
export type NotificationMail = {
  profileId: string;
  to: string;
  change: HeldChange;
};

export type MailTiming = {
  /** How long the first change waits for the ones that follow it. */
  holdMs: number;
  /** Least time between two notification e-mails to one person. */
  periodMs: number;
};

/** Holds the mails for the next flush, with `db` (maybe the caller's transaction: kept only with the change). */
export async function holdMail(db: Database, mails: readonly NotificationMail[]): Promise<void> {
  if (mails.length === 0) return;
  const people = [...new Set(mails.map((m) => m.profileId))];
  // A person's first held mail gives them a row that is due at once (the epoch): the hold alone delays it.
  await queryRows(
    db,
    sql`insert into mail_digest_state (profile_id, last_sent_at)
        values ${sql.join(
          people.map((id) => sql`(${id}::uuid, to_timestamp(0))`),
          sql`, `,
        )}
        on conflict (profile_id) do nothing`,
  );
  await db.insert(mailDigestItem).values(
    mails.map((m) => ({ profileId: m.profileId, recipient: m.to, line: `${m.change.title}: ${m.change.link}`, detail: m.change })),
  );
}

/**
 * Queues one e-mail for each person whose oldest held change is `holdMs` old and whose period is
 * over; returns how many. Safe to run on every process at once: each person's row is taken by one.
 */
export async function flushDigests(db: Database, timing: MailTiming): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await queryRows<{ profile_id: string }>(
      tx,
      sql`update mail_digest_state s set last_sent_at = now()
          where s.last_sent_at <= now() - ${timing.periodMs} * interval '1 millisecond'
            and exists (
              select 1 from mail_digest_item i
              where i.profile_id = s.profile_id and i.created_at <= now() - ${timing.holdMs} * interval '1 millisecond'
            )
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
    const mails = [...byPerson.values()].map((own) => digestMail(own.at(-1)!.recipient, own.map((i) => i.detail ?? changeFromLine(i.line))));
    await enqueueMail(tx, mails);
    return mails.length;
  });
}

/** One e-mail for a person's held changes, oldest first. */
export function digestMail(to: string, changes: readonly HeldChange[]): OutgoingMail {
  return { to, ...eventChangesMail(changes) };
}
