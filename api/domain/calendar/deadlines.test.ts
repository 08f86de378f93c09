import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AROUND_THE_CLOCK, addBusinessTime, businessTimeBetween, type Calendar } from './business-time';
import { consumedAt, deadlinesFrom, HOUR_MS, reclassifiedDeadlines, resumedDeadlines, resumedInstant, targetsOf } from './deadlines';

const MINUTE = 60_000;

/** Monday to Friday 08:30–18:00: the demo's claims and suggestions calendar. */
const OFFICE: Calendar = { hours: { days: [1, 2, 3, 4, 5], opens: 510, closes: 1080 } };
/** Saturday mornings only: a calendar far from either of the others. */
const SATURDAYS: Calendar = { hours: { days: [6], opens: 540, closes: 780 } };

const instant = fc
  .integer({ min: Date.parse('2026-01-01T03:00:00Z') / MINUTE, max: Date.parse('2027-12-31T03:00:00Z') / MINUTE })
  .map((m) => new Date(m * MINUTE));
const calendars = fc.constantFrom(AROUND_THE_CLOCK, OFFICE, SATURDAYS);
const targets = fc.record({
  resolutionMs: fc.integer({ min: 1, max: 400 }).map((h) => h * HOUR_MS),
  firstAnswerMs: fc.option(fc.integer({ min: 1, max: 40 }).map((h) => h * HOUR_MS)),
});
const share = fc.double({ min: 0.05, max: 0.95, noNaN: true });

describe('an event’s deadlines (docs/decisions/179-deadlines-on-the-calendar.md)', () => {
  it('a claim filed on Thursday 17-09-2026 at 17:55, before Fiestas Patrias, is due two business days later: Tuesday', () => {
    const filed = new Date('2026-09-17T17:55:00-03:00');
    const d = deadlinesFrom(OFFICE, filed, { resolutionMs: 19 * HOUR_MS, firstAnswerMs: 8 * HOUR_MS }, 0.75);
    // 5 minutes on Thursday; Friday 18 and Saturday 19 are holidays, then Monday 21 and Tuesday 22.
    expect(d.dueAt).toEqual(new Date('2026-09-22T17:55:00-03:00'));
    expect(d.firstAnswerDueAt).toEqual(new Date('2026-09-21T16:25:00-03:00'));
    // 75 % of 8 h is 6 h: 5 minutes on Thursday, 5 h 55 min on Monday from 08:30.
    expect(d.firstAnswerWarnAt).toEqual(new Date('2026-09-21T14:25:00-03:00'));
    // Around the clock, the same 19 hours end on Friday at 12:55.
    expect(deadlinesFrom(AROUND_THE_CLOCK, filed, { resolutionMs: 19 * HOUR_MS, firstAnswerMs: null }, 0.75)).toMatchObject({
      dueAt: new Date('2026-09-18T12:55:00-03:00'),
      firstAnswerDueAt: null,
      firstAnswerWarnAt: null,
    });
  });

  it('gives each deadline its target and each warning its share, in business time', () => {
    fc.assert(
      fc.property(calendars, instant, targets, share, (cal, created, t, s) => {
        const d = deadlinesFrom(cal, created, t, s);
        expect(businessTimeBetween(cal, created, d.dueAt)).toBe(t.resolutionMs);
        expect(businessTimeBetween(cal, created, d.warnAt!)).toBe(Math.round(s * t.resolutionMs));
        if (t.firstAnswerMs === null) expect(d.firstAnswerDueAt).toBeNull();
        else expect(businessTimeBetween(cal, created, d.firstAnswerDueAt!)).toBe(t.firstAnswerMs);
      }),
      { numRuns: 200 },
    );
  });

  it('a pause of any length leaves every deadline the same business time away, late or not', () => {
    fc.assert(
      fc.property(calendars, instant, targets, share, fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 30 * 24 * 60 }), (cal, created, t, s, afterHours, pauseMinutes) => {
        const d = deadlinesFrom(cal, created, t, s);
        const pausedAt = addBusinessTime(cal, created, afterHours * HOUR_MS);
        const resumed = new Date(pausedAt.getTime() + pauseMinutes * MINUTE);
        const moved = resumedDeadlines(cal, d, pausedAt, resumed);
        expect(businessTimeBetween(cal, resumed, moved.dueAt)).toBe(businessTimeBetween(cal, pausedAt, d.dueAt));
        expect(businessTimeBetween(cal, resumed, moved.warnAt!)).toBe(businessTimeBetween(cal, pausedAt, d.warnAt!));
        // The clock counted the same before and after: nothing of the pause.
        expect(consumedAt(cal, resumed, moved.dueAt, t.resolutionMs)).toBe(afterHours * HOUR_MS);
        expect(moved.dueAt.getTime()).toBeGreaterThanOrEqual(d.dueAt.getTime());
      }),
      { numRuns: 200 },
    );
  });

  it('an on-hold claim across the 18 September holidays gets back only business time', () => {
    const due = new Date('2026-09-17T17:00:00-03:00');
    // Put on hold on Thursday at 16:00 with an hour left; back on Monday 21 at 10:00: due at 11:00, not before.
    expect(resumedInstant(OFFICE, due, new Date('2026-09-17T16:00:00-03:00'), new Date('2026-09-21T10:00:00-03:00'))).toEqual(
      new Date('2026-09-21T11:00:00-03:00'),
    );
    // Due on Tuesday 22 at 09:30 and paused an hour late: resumed on Wednesday at 09:00, still an hour late,
    // counted back over the night (30 minutes on Wednesday, 30 on Tuesday).
    const late = resumedInstant(OFFICE, new Date('2026-09-22T09:30:00-03:00'), new Date('2026-09-22T10:30:00-03:00'), new Date('2026-09-23T09:00:00-03:00'));
    expect(late).toEqual(new Date('2026-09-22T17:30:00-03:00'));
    expect(businessTimeBetween(OFFICE, late, new Date('2026-09-23T09:00:00-03:00'))).toBe(HOUR_MS);
  });

  it('a reclassification keeps the business time counted and counts the rest on the new calendar and targets', () => {
    fc.assert(
      fc.property(calendars, calendars, instant, targets, targets, share, fc.integer({ min: 0, max: 500 }), fc.boolean(), (oldCal, newCal, created, oldT, newT, s, afterHours, paused) => {
        const d = deadlinesFrom(oldCal, created, oldT, s);
        const at = addBusinessTime(oldCal, created, afterHours * HOUR_MS);
        const now = paused ? new Date(at.getTime() + 5 * HOUR_MS) : at;
        const next = reclassifiedDeadlines(
          { calendar: oldCal, deadlines: d, targets: oldT, pausedAt: paused ? at : null, answered: false },
          { calendar: newCal, targets: newT },
          s,
          now,
        );
        expect(next.targets).toEqual(newT);
        expect(consumedAt(newCal, at, next.deadlines.dueAt, newT.resolutionMs)).toBe(afterHours * HOUR_MS);
        if (newT.firstAnswerMs !== null) {
          expect(consumedAt(newCal, at, next.deadlines.firstAnswerDueAt!, newT.firstAnswerMs)).toBe(afterHours * HOUR_MS);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a reclassification to the same targets and calendar moves nothing; an answered event keeps its first-answer deadline', () => {
    const created = new Date('2026-09-14T09:00:00-03:00');
    const t = { resolutionMs: 40 * HOUR_MS, firstAnswerMs: 8 * HOUR_MS };
    const d = deadlinesFrom(OFFICE, created, t, 0.75);
    const now = new Date('2026-09-15T12:00:00-03:00');
    const state = { calendar: OFFICE, deadlines: d, targets: t, pausedAt: null, answered: false };
    expect(reclassifiedDeadlines(state, { calendar: OFFICE, targets: t }, 0.75, now).deadlines).toEqual(d);
    const shorter = reclassifiedDeadlines({ ...state, answered: true }, { calendar: AROUND_THE_CLOCK, targets: { resolutionMs: 24 * HOUR_MS, firstAnswerMs: HOUR_MS } }, 0.75, now);
    expect(shorter.deadlines.firstAnswerDueAt).toEqual(d.firstAnswerDueAt);
    expect(shorter.targets.firstAnswerMs).toBe(8 * HOUR_MS);
    // 12.5 business hours were counted (9 on Monday from 09:00, 3.5 on Tuesday); 11.5 of 24 are left, around the clock.
    expect(shorter.deadlines.dueAt).toEqual(new Date('2026-09-15T23:30:00-03:00'));
  });

  it('reads a classification’s targets in hours', () => {
    expect(targetsOf({ slaHours: 72, firstAnswerHours: 16 })).toEqual({ resolutionMs: 72 * HOUR_MS, firstAnswerMs: 16 * HOUR_MS });
    expect(targetsOf({ slaHours: 2, firstAnswerHours: null })).toEqual({ resolutionMs: 2 * HOUR_MS, firstAnswerMs: null });
  });
});
