import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '../../platform/db/client';
import { deadlineNotice, profile, ticket } from '../../platform/db/schema';
import { AROUND_THE_CLOCK, businessDayLength, businessTimeBetween } from '../calendar/business-time';
import { readCalendars } from '../calendar/store';
import { notificationText, type NotifyInput, type Notifier } from './notifier';
import { timeAmountText } from '@contract/time-left';

const BATCH = 200;

type Notice = {
  deadline: 'FIRST_ANSWER' | 'RESOLUTION';
  threshold: 'WARNING' | 'BREACH';
  /** When the notice is due. */
  at: SQL;
  /** The deadline it is about. */
  due: SQL;
  /** What else must hold: the first answer's notices stop once staff answered in public. */
  also: SQL;
};

/**
 * The notices of decision 182, each at most once per event (deadline_notice's key): the warning at a share
 * of the resolution deadline (ticket.warn_at) and of the first answer's (first_answer_warn_at), while the
 * deadline has not passed yet; and the breach of the first answer. The resolution's breach is TICKET_LATE
 * (./late-sweep.ts).
 */
const NOTICES: readonly Notice[] = [
  { deadline: 'RESOLUTION', threshold: 'WARNING', at: sql`t.warn_at`, due: sql`t.due_at`, also: sql`true` },
  { deadline: 'FIRST_ANSWER', threshold: 'WARNING', at: sql`t.first_answer_warn_at`, due: sql`t.first_answer_due_at`, also: sql`t.first_answer_business_ms is null` },
  { deadline: 'FIRST_ANSWER', threshold: 'BREACH', at: sql`t.first_answer_due_at`, due: sql`t.first_answer_due_at`, also: sql`t.first_answer_business_ms is null` },
];

type Claimed = { id: number; folio: string; assigned_to_id: string | null; calendar_id: number | null; due: Date | string };

/**
 * Claims one kind of notice for up to BATCH events, in one statement: the events that are due for it, not
 * closed, not on hold (the clock stops there: decision 182 sends nothing for an event "En espera"; when it
 * resumes, its warning comes then if still due), and have no notice of it yet. The notice rows are inserted
 * `on conflict do nothing`, and only the rows this statement inserted come back: of several API processes
 * sweeping at once, the one whose insert wins tells the people, the others see a conflict and skip.
 */
async function claim(tx: Database, notice: Notice, now: Date): Promise<(Claimed & { notice: Notice })[]> {
  const warning = notice.threshold === 'WARNING';
  const rows = await queryRows<Claimed>(
    tx,
    sql`with due as (
          select t.id from ${ticket} t
          where t.status_code <> 'CLOSED' and t.paused_at is null and ${notice.also}
            and ${notice.at} <= ${now}
            ${warning ? sql`and ${notice.due} > ${now}` : sql``}
            and not exists (
              select 1 from ${deadlineNotice} n
              where n.ticket_id = t.id and n.deadline = ${notice.deadline} and n.threshold = ${notice.threshold}
            )
          order by ${notice.at}
          limit ${BATCH}
          -- An event being saved (a new classification re-arms its notices, decision 188) waits for the next sweep.
          for update of t skip locked
        ), claimed as (
          insert into ${deadlineNotice} (ticket_id, deadline, threshold, sent_at)
          select id, ${notice.deadline}, ${notice.threshold}, ${now} from due
          on conflict do nothing
          returning ticket_id
        )
        select t.id, t.folio, t.assigned_to_id, t.calendar_id, ${notice.due} as due
        from ${ticket} t join claimed c on c.ticket_id = t.id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), notice }));
}

/**
 * Sends the deadline notices that are due (decision 182), in a fixed number of queries whatever their number:
 * one claim per kind, one look-up of the people, the calendars once, and `Notifier.store`'s inserts. The
 * claims and the notifications are one transaction: a batch that could not be notified leaves no notice row
 * and goes on the next sweep. A warning goes to the event's assignee, or to the active supervisors when
 * nobody (active) has it; the first answer's breach to the supervisors. Returns how many events were told.
 */
export async function sweepDeadlineNotices(db: Database, notifier: Notifier, now = new Date()): Promise<number> {
  const { told, announce } = await db.transaction(async (tx) => {
    // One after another: a transaction is one connection, and node-postgres warns of (and will refuse) queries
    // sent on a client still running one.
    const claimed: Awaited<ReturnType<typeof claim>> = [];
    for (const notice of NOTICES) claimed.push(...(await claim(tx, notice, now)));
    if (claimed.length === 0) return { told: 0, announce: () => undefined };
    const assignees = [...new Set(claimed.map((c) => c.assigned_to_id).filter((id): id is string => id !== null))];
    const staff = await tx
      .select({ id: profile.id, code: profile.profileCode })
      .from(profile)
      .where(
        and(
          or(eq(profile.profileCode, 'SUPERVISOR'), assignees.length > 0 ? inArray(profile.id, assignees) : undefined),
          eq(profile.status, 'ACTIVE'),
          isNull(profile.deletedAt),
        ),
      );
    const supervisors = staff.filter((p) => p.code === 'SUPERVISOR').map((p) => p.id);
    const active = new Set(staff.map((p) => p.id));
    const calendars = await readCalendars(tx);
    const inputs = claimed.map((c): NotifyInput => {
      const due = new Date(c.due);
      const ref = { id: c.id, folio: c.folio };
      if (c.notice.threshold === 'BREACH') {
        return { type: 'TICKET_FIRST_ANSWER_LATE', ticket: ref, recipients: supervisors, message: notificationText.firstAnswerLate(c.folio), deadline: { which: c.notice.deadline, dueAt: due, left: null } };
      }
      const calendar = (c.calendar_id !== null ? calendars.get(c.calendar_id)?.calendar : undefined) ?? AROUND_THE_CLOCK;
      const left = warningLeft(calendar, now, due);
      const holder = c.assigned_to_id !== null && active.has(c.assigned_to_id) ? [c.assigned_to_id] : supervisors;
      const message = c.notice.deadline === 'RESOLUTION' ? notificationText.resolutionDueSoon(c.folio, left) : notificationText.firstAnswerDueSoon(c.folio, left);
      return { type: 'TICKET_DUE_SOON', ticket: ref, recipients: holder, message, deadline: { which: c.notice.deadline, dueAt: due, left } };
    });
    const { announce } = await notifier.store(inputs, tx);
    return { told: claimed.length, announce };
  });
  announce();
  return told;
}

/** The warning's "3 h hábiles": open time from now to the deadline in the event's calendar. */
const warningLeft = (calendar: Parameters<typeof businessTimeBetween>[0], now: Date, due: Date) =>
  timeAmountText({ businessMsLeft: businessTimeBetween(calendar, now, due), businessDayMs: businessDayLength(calendar), aroundTheClock: !calendar.hours });
