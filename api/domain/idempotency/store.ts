import { createHash } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/client';
import { idempotencyKey } from '../../platform/db/schema';

/**
 * Exactly-once writes (docs/decisions/136-exactly-once-writes.md). A submission key, per account
 * (`scope`), is kept with a fingerprint of the request that first used it and, once that request
 * succeeded, its answer. In PostgreSQL, so every API process sees it; the primary key makes one
 * of two copies arriving at once (on two processes) the first, the other waits and replays.
 */

/** Where a key lives: the account's id, or ANONYMOUS for calls without a token. */
export const ANONYMOUS_SCOPE = 'anonymous';

/**
 * A pending key older than this belongs to a request whose process died: it may be taken over.
 * A running request keeps its own fresh (touch, every PENDING_TOUCH_MS), however long its upload.
 */
export const STALE_PENDING_MS = 2 * 60_000;
export const PENDING_TOUCH_MS = 30_000;

export type KeyRef = { scope: string; key: string };

/** What reserving a key found. */
export type Reservation =
  /** Nobody used it (or its use expired, or a dead request left it): the caller runs the request. */
  | { kind: 'first' }
  /** A request with the same fingerprint succeeded: its answer, to send again. */
  | { kind: 'replay'; statusCode: number; response: string }
  /** The key was used for another request (another body, URL or method). */
  | { kind: 'conflict' }
  /** The same request is running right now (a copy sent at the same moment): wait and ask again. */
  | { kind: 'pending' };

/** JSON with object keys sorted at every level: the same data always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * SHA-256 of the method, the URL and the canonical JSON body. `body: undefined` (multipart
 * uploads): method and URL only, because a browser's resend of the same files has a new boundary
 * and the files are not read before the key is checked.
 */
export function fingerprintOf(method: string, url: string, body: unknown): string {
  const hash = createHash('sha256').update(`${method.toUpperCase()} ${url}\n`);
  if (body !== undefined) hash.update(canonicalJson(body));
  return hash.digest('hex');
}

/**
 * Takes the key for a request, or says who has it. The insert wins for exactly one of any
 * number of callers; it also takes over a key whose use expired (older than `keepMs`) or a
 * pending one left by a dead request.
 */
export async function reserve(db: Database, ref: KeyRef, fingerprint: string, keepMs: number): Promise<Reservation> {
  for (;;) {
    const taken = await queryRows<{ key: string }>(
      db,
      sql`insert into ${idempotencyKey} as k (scope, key, fingerprint, state)
          values (${ref.scope}, ${ref.key}, ${fingerprint}, 'pending')
          on conflict (scope, key) do update
            set fingerprint = excluded.fingerprint, state = 'pending', status_code = null, response = null, created_at = now()
            where k.created_at < now() - ${keepMs} * interval '1 millisecond'
               or (k.state = 'pending' and k.created_at < now() - ${STALE_PENDING_MS} * interval '1 millisecond')
          returning k.key`,
    );
    if (taken.length > 0) return { kind: 'first' };
    const [row] = await db
      .select({ fingerprint: idempotencyKey.fingerprint, state: idempotencyKey.state, statusCode: idempotencyKey.statusCode, response: idempotencyKey.response })
      .from(idempotencyKey)
      .where(and(eq(idempotencyKey.scope, ref.scope), eq(idempotencyKey.key, ref.key)));
    // Released (or swept) between the two statements: try to take it again.
    if (!row) continue;
    if (row.fingerprint !== fingerprint) return { kind: 'conflict' };
    if (row.state === 'pending') return { kind: 'pending' };
    return { kind: 'replay', statusCode: row.statusCode ?? 200, response: row.response ?? '' };
  }
}

/** The request succeeded: its answer is kept for the key's repeats (for `keepMs` from now). */
export async function complete(db: Database, ref: KeyRef, statusCode: number, response: string): Promise<void> {
  await db
    .update(idempotencyKey)
    .set({ state: 'done', statusCode, response, createdAt: sql`now()` })
    .where(and(eq(idempotencyKey.scope, ref.scope), eq(idempotencyKey.key, ref.key), eq(idempotencyKey.state, 'pending')));
}

/** The request failed (refused, an error, cut short): the key is free again, for the corrected resend. */
export async function release(db: Database, ref: KeyRef): Promise<void> {
  await db
    .delete(idempotencyKey)
    .where(and(eq(idempotencyKey.scope, ref.scope), eq(idempotencyKey.key, ref.key), eq(idempotencyKey.state, 'pending')));
}

/** A request still running keeps its key from looking abandoned (a long upload on a slow link). */
export async function touch(db: Database, ref: KeyRef): Promise<void> {
  await db
    .update(idempotencyKey)
    .set({ createdAt: sql`now()` })
    .where(and(eq(idempotencyKey.scope, ref.scope), eq(idempotencyKey.key, ref.key), eq(idempotencyKey.state, 'pending')));
}

/** Removes the keys whose use expired and those a dead request left pending (a periodic job, platform/jobs/jobs.ts). */
export async function sweepKeys(db: Database, keepMs: number): Promise<number> {
  const removed = await db
    .delete(idempotencyKey)
    .where(
      or(
        lt(idempotencyKey.createdAt, sql`now() - ${keepMs} * interval '1 millisecond'`),
        and(eq(idempotencyKey.state, 'pending'), lt(idempotencyKey.createdAt, sql`now() - ${STALE_PENDING_MS} * interval '1 millisecond'`)),
      ),
    )
    .returning({ key: idempotencyKey.key });
  return removed.length;
}
