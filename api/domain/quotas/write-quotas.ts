import { lt, sql } from 'drizzle-orm';
import { formatMessage, messages } from '@contract/messages';
import { isStaff, type Role } from '@contract/roles';
import type { QuotaLimits } from '../../config';
import { queryRows, type Database } from '../../platform/db/client';
import { writeQuota } from '../../platform/db/schema';
import { ApiError } from '../../http/errors';

/**
 * Per-account limits on writes (docs/decisions/134-write-quotas-digests-and-stored-previews.md):
 * what one account may create in a window, counted in the database so the limit holds for the
 * whole deployment, whatever process each request reaches. The key is the account, never the
 * address. Fixed windows, each opened by the account's first write in it.
 */
export type QuotaKind = 'eventsPerHour' | 'eventsPerDay' | 'commentsPerMinute' | 'attachmentBytesPerDay';

const MINUTE = 60_000;
const WINDOW_MS: Record<QuotaKind, number> = {
  eventsPerHour: 60 * MINUTE,
  eventsPerDay: 24 * 60 * MINUTE,
  commentsPerMinute: MINUTE,
  attachmentBytesPerDay: 24 * 60 * MINUTE,
};
const MESSAGE: Record<QuotaKind, string> = {
  eventsPerHour: messages.quotaEventsPerHour,
  eventsPerDay: messages.quotaEventsPerDay,
  commentsPerMinute: messages.quotaCommentsPerMinute,
  attachmentBytesPerDay: messages.quotaAttachmentBytesPerDay,
};

/** "45 segundos", "1 minuto", "12 minutos", "3 horas": when the window reopens, in words. */
export function waitInWords(seconds: number): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  if (seconds < 60) return plural(Math.max(1, seconds), 'segundo', 'segundos');
  if (seconds < 2 * 3600) return plural(Math.ceil(seconds / 60), 'minuto', 'minutos');
  return plural(Math.ceil(seconds / 3600), 'hora', 'horas');
}

/** The limit of `kind` as a person reads it: megabytes for bytes, a count otherwise. */
const megabytes = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 2 });
const shown = (kind: QuotaKind, limit: number) => (kind === 'attachmentBytesPerDay' ? megabytes.format(limit / (1024 * 1024)) : String(limit));

/** A 429 that says which limit, and when to try again, in words and in Retry-After. */
export function quotaExceeded(kind: QuotaKind, limit: number, retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const message = formatMessage(MESSAGE[kind], { max: shown(kind, limit), wait: waitInWords(seconds) });
  return new ApiError(429, message, kind === 'attachmentBytesPerDay' ? { files: message } : undefined, { 'retry-after': String(seconds) });
}

const keyOf = (kind: QuotaKind, accountId: string) => `${kind}|${accountId}`;

/**
 * Counts `amount` against the account's `kind` or refuses with a 429 (nothing counted), in one
 * statement: the upsert locks the account's row, so parallel requests are counted one after the
 * other and never get past the limit together. Inside the caller's transaction when given one,
 * so a write that fails later is not counted either.
 */
export async function chargeQuota(db: Database, kind: QuotaKind, accountId: string, limit: number, amount = 1): Promise<void> {
  const key = keyOf(kind, accountId);
  const windowMs = WINDOW_MS[kind];
  const rows =
    amount > limit
      ? []
      : await queryRows<{ used: number }>(
          db,
          sql`insert into ${writeQuota} as q (key, used, resets_at)
              values (${key}, ${amount}, now() + ${windowMs} * interval '1 millisecond')
              on conflict (key) do update set
                used = case when q.resets_at <= now() then excluded.used else q.used + excluded.used end,
                resets_at = case when q.resets_at <= now() then excluded.resets_at else q.resets_at end
              where q.resets_at <= now() or q.used + excluded.used <= ${limit}
              returning used`,
        );
  if (rows.length > 0) return;
  const [open] = await queryRows<{ ms: number | null }>(
    db,
    sql`select greatest(0, extract(epoch from (resets_at - now())) * 1000)::int as ms from ${writeQuota} where key = ${key}`,
  );
  throw quotaExceeded(kind, limit, (open?.ms ?? windowMs) / 1000);
}

/** What the account may still write of `kind` in its current window, and when that window ends. */
export async function quotaLeft(db: Database, kind: QuotaKind, accountId: string, limit: number): Promise<{ left: number; retryAfterSeconds: number }> {
  const [row] = await queryRows<{ used: number; ms: number }>(
    db,
    sql`select used::float8 as used, greatest(0, extract(epoch from (resets_at - now())) * 1000)::int as ms
        from ${writeQuota} where key = ${keyOf(kind, accountId)} and resets_at > now()`,
  );
  if (!row) return { left: limit, retryAfterSeconds: WINDOW_MS[kind] / 1000 };
  return { left: Math.max(0, limit - Number(row.used)), retryAfterSeconds: row.ms / 1000 };
}

/** Removes windows that are over (a periodic job, platform/jobs/jobs.ts). */
export async function pruneQuotas(db: Database): Promise<void> {
  await db.delete(writeQuota).where(lt(writeQuota.resetsAt, sql`now()`));
}

/** The limits that apply to someone of `role`: staff handle many tickets, so theirs are higher. */
export const limitsFor = (quotas: { driver: QuotaLimits; staff: QuotaLimits }, role: Role): QuotaLimits =>
  isStaff(role) ? quotas.staff : quotas.driver;

type Quotas = { driver: QuotaLimits; staff: QuotaLimits };
type Writer = { profileId: string; role: Role };

/** One event more for the account, per hour and per day: both counted, or neither (the caller's transaction). */
export async function chargeEvent(tx: Database, quotas: Quotas, who: Writer): Promise<void> {
  const limits = limitsFor(quotas, who.role);
  await chargeQuota(tx, 'eventsPerHour', who.profileId, limits.eventsPerHour);
  await chargeQuota(tx, 'eventsPerDay', who.profileId, limits.eventsPerDay);
}

/** One comment (or internal note) more for the account this minute. */
export async function chargeComment(tx: Database, quotas: Quotas, who: Writer): Promise<void> {
  await chargeQuota(tx, 'commentsPerMinute', who.profileId, limitsFor(quotas, who.role).commentsPerMinute);
}

/** Attachment bytes actually stored, counted when their rows are written. */
export async function chargeAttachmentBytes(tx: Database, quotas: Quotas, who: Writer, bytes: number): Promise<void> {
  await chargeQuota(tx, 'attachmentBytesPerDay', who.profileId, limitsFor(quotas, who.role).attachmentBytesPerDay, bytes);
}

/**
 * Attachment bytes the account may still store today, for the upload to stop at while it
 * streams, and the 429 to throw when it would go past them.
 */
export async function attachmentAllowance(db: Database, quotas: Quotas, who: Writer): Promise<{ left: number; refuse: () => ApiError }> {
  const limit = limitsFor(quotas, who.role).attachmentBytesPerDay;
  const { left, retryAfterSeconds } = await quotaLeft(db, 'attachmentBytesPerDay', who.profileId, limit);
  return { left, refuse: () => quotaExceeded('attachmentBytesPerDay', limit, retryAfterSeconds) };
}
