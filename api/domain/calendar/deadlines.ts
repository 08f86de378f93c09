import { addBusinessTime, businessTimeBetween, type Calendar } from './business-time';

/**
 * An event's deadlines on its calendar (docs/decisions/179-deadlines-on-the-calendar.md, on the arithmetic of
 * 178-business-time-calendars.md). Pure: the caller reads the calendar and passes every instant.
 *
 * An event's clock is one count of business time since its creation, stopped while it is "En espera". Both
 * targets (first answer, resolution) and both warnings run on that one count, so every instant is "the moment
 * the count reaches X": at creation X is the target (or its warning share), later X minus what was consumed.
 */
export const HOUR_MS = 3_600_000;

/** DEADLINE_WARNING_SHARE's default: a deadline's warning is due when 75 % of its business time has run. */
export const DEFAULT_WARNING_SHARE = 0.75;

/** The targets an event was given, in milliseconds of its calendar's business time (null: no first-answer target). */
export type Targets = { firstAnswerMs: number | null; resolutionMs: number };

export type Deadlines = {
  dueAt: Date;
  /** null only on an event created before calendars (migration 0024). */
  warnAt: Date | null;
  firstAnswerDueAt: Date | null;
  firstAnswerWarnAt: Date | null;
};

/** A classification's targets in hours of its calendar, as milliseconds. */
export function targetsOf(classification: { slaHours: number; firstAnswerHours: number | null }): Targets {
  return {
    resolutionMs: classification.slaHours * HOUR_MS,
    firstAnswerMs: classification.firstAnswerHours === null ? null : classification.firstAnswerHours * HOUR_MS,
  };
}

/**
 * The deadlines and warning instants of an event whose clock stands at `consumed` milliseconds at `from`:
 * each is `addBusinessTime(calendar, from, offset - consumed)`, the offset being the target or `share` of it.
 * At creation `consumed` is 0. Negative remainders (already late) fall before `from`.
 */
export function deadlinesFrom(calendar: Calendar, from: Date, targets: Targets, share: number, consumed = 0): Deadlines {
  const at = (offset: number) => addBusinessTime(calendar, from, Math.round(offset) - consumed);
  return {
    dueAt: at(targets.resolutionMs),
    warnAt: at(share * targets.resolutionMs),
    firstAnswerDueAt: targets.firstAnswerMs === null ? null : at(targets.firstAnswerMs),
    firstAnswerWarnAt: targets.firstAnswerMs === null ? null : at(share * targets.firstAnswerMs),
  };
}

/**
 * Business time the event's clock has counted at `at`, read off its resolution deadline: the target minus the
 * business time left until `dueAt`. While the event is on hold, pass the instant the pause started: the time
 * since does not count. Above the target once the deadline has passed.
 */
export function consumedAt(calendar: Calendar, at: Date, dueAt: Date, resolutionMs: number): number {
  return resolutionMs - businessTimeBetween(calendar, at, dueAt);
}

/**
 * An instant after a pause from `pausedAt` to `now`: the business time that was left when the pause started
 * is left again from `now` (negative when it had already passed, so a late event stays as late).
 */
export function resumedInstant(calendar: Calendar, instant: Date, pausedAt: Date, now: Date): Date {
  return addBusinessTime(calendar, now, businessTimeBetween(calendar, pausedAt, instant));
}

/** Every instant of an event moved past a pause; null stays null. */
export function resumedDeadlines(calendar: Calendar, d: Deadlines, pausedAt: Date, now: Date): Deadlines {
  const move = (instant: Date) => resumedInstant(calendar, instant, pausedAt, now);
  return {
    dueAt: move(d.dueAt),
    warnAt: d.warnAt && move(d.warnAt),
    firstAnswerDueAt: d.firstAnswerDueAt && move(d.firstAnswerDueAt),
    firstAnswerWarnAt: d.firstAnswerWarnAt && move(d.firstAnswerWarnAt),
  };
}

export type ClockState = {
  calendar: Calendar;
  deadlines: Deadlines;
  targets: Targets;
  pausedAt: Date | null;
  /** The first answer was given: its deadline, warning and target stand as they were. */
  answered: boolean;
};

/**
 * A new classification (decision 179): the event keeps the business time its clock has counted (measured on the
 * old calendar against the old resolution target, up to the pause if it is on hold) and counts the rest on the
 * new calendar against the new targets, from now (or from the pause start, so resuming moves it as usual).
 */
export function reclassifiedDeadlines(
  current: ClockState,
  next: { calendar: Calendar; targets: Targets },
  share: number,
  now: Date,
): { deadlines: Deadlines; targets: Targets } {
  const from = current.pausedAt ?? now;
  const consumed = consumedAt(current.calendar, from, current.deadlines.dueAt, current.targets.resolutionMs);
  const deadlines = deadlinesFrom(next.calendar, from, next.targets, share, consumed);
  if (!current.answered) return { deadlines, targets: next.targets };
  return {
    deadlines: { ...deadlines, firstAnswerDueAt: current.deadlines.firstAnswerDueAt, firstAnswerWarnAt: current.deadlines.firstAnswerWarnAt },
    targets: { ...next.targets, firstAnswerMs: current.targets.firstAnswerMs },
  };
}
