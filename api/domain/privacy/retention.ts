import { sql, type SQL } from 'drizzle-orm';
import { RETENTION_KINDS, type RetentionDays, type RetentionKind } from '@contract/retention';
import { queryRows, type Database } from '../../platform/db/client';
import type { FileStorage } from '../../platform/storage/storage';
import { anonymiseTicket, closedEventsOfSuppressed } from './anonymise';

/**
 * The retention job (Ley 19.628 art. 3 as amended: data kept only as long as their purpose needs;
 * docs/decisions/149-suppression-and-retention.md). Each kind of record has its period in
 * contract/retention.ts (RETENTION_*_DAYS); once a row is past it, it is deleted, or for an event,
 * its reporter's identifiers are removed (anonymise.ts) and the event stays for the statistics.
 * Runs once per period across the deployment (api/platform/jobs/jobs.ts, `oncePer`), in batches,
 * and logs only counts.
 */

const DAY_MS = 86_400_000;
/** Rows per statement: a run never holds long locks, however much piled up. */
export const BATCH = 500;
/** Events anonymised per run at most: the rest wait for the next hour. */
export const MAX_EVENTS_PER_RUN = 2_000;

/** Before this instant, each kind of record is past its period. Pure. */
export function cutoffsOf(days: RetentionDays, now: Date): Record<RetentionKind, Date> {
  return Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, new Date(now.getTime() - days[kind] * DAY_MS)])) as Record<RetentionKind, Date>;
}

/** When a record's period starts (null: it has not started; the record is still in use). */
const pastIf = (start: Date | null, cutoff: Date) => start !== null && start.getTime() < cutoff.getTime();

/**
 * What "past its period" means for each kind, one row at a time (the job says the same in SQL,
 * retention.test.ts checks the two agree). Pure.
 */
export const isPast = {
  /** Closed long enough ago and not anonymised yet. */
  closedEventContacts: (t: { statusCode: string; closedAt: Date | null; anonymisedAt: Date | null }, cutoff: Date) =>
    t.statusCode === 'CLOSED' && t.anonymisedAt === null && pastIf(t.closedAt, cutoff),
  /** Ended (revoked, past its absolute expiry, or idle past the longest idle limit) that long ago. */
  endedSessions: (s: { revokedAt: Date | null; expiresAt: Date; lastUsedAt: Date }, cutoff: Date, maxIdleMs: number) =>
    pastIf(s.revokedAt, cutoff) || pastIf(s.expiresAt, cutoff) || pastIf(new Date(s.lastUsedAt.getTime() + maxIdleMs), cutoff),
  /** Used, or expired unused, that long ago. */
  oneTimeLinks: (l: { usedAt: Date | null; expiresAt: Date }, cutoff: Date) => pastIf(l.usedAt, cutoff) || pastIf(l.expiresAt, cutoff),
  /** A failed sign-in that long ago; a rate-limit or quota window that ended that long ago. */
  signInRecords: (at: Date, cutoff: Date) => pastIf(at, cutoff),
  knownDevices: (d: { lastUsedAt: Date }, cutoff: Date) => pastIf(d.lastUsedAt, cutoff),
  notifications: (n: { createdAt: Date }, cutoff: Date) => pastIf(n.createdAt, cutoff),
  /** Delivered that long ago; mail still waiting is never removed. */
  sentMail: (m: { sentAt: Date | null }, cutoff: Date) => pastIf(m.sentAt, cutoff),
  accessRecord: (r: { at: Date }, cutoff: Date) => pastIf(r.at, cutoff),
  /** Answered that long ago (pending ones stay); a consent once its account was deleted that long ago. */
  privacyRequests: (r: { status: string; answeredAt: Date | null }, cutoff: Date) => r.status !== 'PENDING' && pastIf(r.answeredAt, cutoff),
} as const;

export type RetentionCounts = {
  anonymisedEvents: number;
  endedSessions: number;
  oneTimeLinks: number;
  signInRecords: number;
  knownDevices: number;
  notifications: number;
  sentMail: number;
  accessRecord: number;
  privacyRequests: number;
  consents: number;
};

/** Deletes the rows `where` picks, BATCH at a time by `key`; answers how many went. */
async function deleteInBatches(db: Database, table: string, key: string, where: SQL): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ n: number }>(
      db,
      sql`with gone as (delete from ${sql.identifier(table)} where ${sql.identifier(key)} in (select ${sql.identifier(key)} from ${sql.identifier(table)} where ${where} limit ${BATCH}) returning 1) select count(*)::int as n from gone`,
    );
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < BATCH) return total;
  }
}

/** Events to anonymise now: closed past the period, and closed ones of suppressed reporters; oldest first. */
export async function eventsDue(db: Database, cutoff: Date, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ticket where status_code = 'CLOSED' and anonymised_at is null and closed_at < ${cutoff.toISOString()} order by closed_at, id limit ${limit}`,
  );
  const old = rows.map((r) => Number(r.id));
  const suppressed = old.length < limit ? await closedEventsOfSuppressed(db, limit - old.length) : [];
  return [...new Set([...old, ...suppressed])];
}

export type RetentionOptions = { days: RetentionDays; maxIdleMs: number; now?: Date };

/** One run of the job: every rule applied, counts per kind (never identifiers). */
export async function applyRetention(db: Database, storage: FileStorage, options: RetentionOptions): Promise<RetentionCounts> {
  const now = options.now ?? new Date();
  const cut = cutoffsOf(options.days, now);
  const at = (kind: RetentionKind) => cut[kind].toISOString();

  let anonymisedEvents = 0;
  let seen = 0;
  while (seen < MAX_EVENTS_PER_RUN) {
    const ids = await eventsDue(db, cut.closedEventContacts, Math.min(100, MAX_EVENTS_PER_RUN - seen));
    if (ids.length === 0) break;
    seen += ids.length;
    for (const id of ids) if (await anonymiseTicket(db, storage, id)) anonymisedEvents++;
  }

  const idleCut = new Date(cut.endedSessions.getTime() - options.maxIdleMs).toISOString();
  const endedSessions = await deleteInBatches(
    db,
    'auth_token',
    'id',
    sql`revoked_at < ${at('endedSessions')} or expires_at < ${at('endedSessions')} or last_used_at < ${idleCut}`,
  );
  const links = sql`used_at < ${at('oneTimeLinks')} or expires_at < ${at('oneTimeLinks')}`;
  const oneTimeLinks = (await deleteInBatches(db, 'password_reset', 'id', links)) + (await deleteInBatches(db, 'email_confirmation', 'id', links));
  const signInRecords =
    (await deleteInBatches(db, 'login_failure', 'id', sql`at < ${at('signInRecords')}`)) +
    (await deleteInBatches(db, 'rate_limit_hit', 'key', sql`resets_at < ${at('signInRecords')}`)) +
    (await deleteInBatches(db, 'write_quota', 'key', sql`resets_at < ${at('signInRecords')}`));
  const knownDevices = await deleteInBatches(db, 'sign_in_device', 'id', sql`last_used_at < ${at('knownDevices')}`);
  const notifications = await deleteInBatches(db, 'notification', 'id', sql`created_at < ${at('notifications')}`);
  const sentMail = await deleteInBatches(db, 'mail_queue', 'id', sql`sent_at < ${at('sentMail')}`);
  const accessRecord = await deleteInBatches(db, 'personal_data_read', 'id', sql`at < ${at('accessRecord')}`);
  const privacyRequests = await deleteInBatches(db, 'privacy_request', 'id', sql`status <> 'PENDING' and answered_at < ${at('privacyRequests')}`);
  const consents = await deleteInBatches(
    db,
    'privacy_consent',
    'id',
    sql`profile_id in (select id from profile where deleted_at < ${at('privacyRequests')})`,
  );
  return { anonymisedEvents, endedSessions, oneTimeLinks, signInRecords, knownDevices, notifications, sentMail, accessRecord, privacyRequests, consents };
}
