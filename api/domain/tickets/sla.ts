import { sql, type SQL } from 'drizzle-orm';
import type { TicketStatus } from '@contract/ticket-codes';
import { ticket } from '../../platform/db/schema';

/**
 * The SLA clock. A ticket is due `slaHours` after it was created; the time it spends
 * ON_HOLD (waiting on the driver or a third party) does not count: entering ON_HOLD
 * stops the clock (pausedAt), leaving it moves dueAt forward by the paused time. The hours
 * are those of the classification's calendar (decisions 178 and 179): the arithmetic is in
 * api/domain/calendar/deadlines.ts; here only the reading of the stored instants.
 */
const HOUR_MS = 3_600_000;

/** Around the clock only: an event before calendars (tests and old data); deadlines.ts for the calendar's. */
export function dueAtFor(createdAt: Date, slaHours: number): Date {
  return new Date(createdAt.getTime() + slaHours * HOUR_MS);
}

export type SlaState = { statusCode: TicketStatus; dueAt: Date; pausedAt: Date | null };

/**
 * Late is computed, never stored: an active ticket whose clock (stopped at pausedAt
 * while on hold) has passed dueAt. A ticket put on hold in time is not late while it waits.
 */
export function isLate(t: SlaState, now: Date): boolean {
  if (t.statusCode === 'CLOSED') return false;
  return (t.pausedAt ?? now).getTime() > t.dueAt.getTime();
}

/**
 * The same rule as isLate, in SQL for lists and counters. `due_at < now` comes first
 * so the partial index of active tickets by due_at narrows it before the pause check.
 */
export function lateCondition(now: Date): SQL {
  return sql`(${ticket.statusCode} <> 'CLOSED' and ${ticket.dueAt} < ${now} and coalesce(${ticket.pausedAt}, ${now}) > ${ticket.dueAt})`;
}
