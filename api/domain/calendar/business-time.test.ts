import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatSantiagoShort } from '@contract/date-time';
import {
  AROUND_THE_CLOCK,
  addBusinessTime,
  businessTimeBetween,
  invalidHours,
  isBusinessDay,
  isOpenAt,
  type Calendar,
} from './business-time';
import { chileanHolidays } from './holidays';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Monday to Friday 08:30–18:00, the demo's claims and suggestions calendar. */
const OFFICE: Calendar = { hours: { days: [1, 2, 3, 4, 5], opens: 510, closes: 1080 } };
/** Every day, all day: open time then is real time, holidays aside. */
const EVERY_DAY: Calendar = { hours: { days: [1, 2, 3, 4, 5, 6, 7], opens: 0, closes: 1440 } };

/** An instant from Santiago's wall clock, with its offset written out. */
const at = (text: string) => new Date(text);

/** 2026 and 2027 minute by minute: the range of instants the properties draw from. */
const instant = fc
  .integer({ min: Date.parse('2026-01-01T03:00:00Z') / MINUTE, max: Date.parse('2027-12-31T03:00:00Z') / MINUTE })
  .map((m) => new Date(m * MINUTE));

/** Calendars of every shape: days of the week, opening spans (24:00 included), closed and opened days. */
const calendar: fc.Arbitrary<Calendar> = fc
  .record({
    days: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    opens: fc.integer({ min: 0, max: 1380 }),
    length: fc.integer({ min: 30, max: 1440 }),
    closed: fc.array(fc.date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }), { maxLength: 20 }),
    holidaysOpened: fc.boolean(),
  })
  .map(({ days, opens, length, closed, holidaysOpened }) => ({
    hours: { days, opens, closes: Math.min(1440, opens + length) },
    closedDays: new Set(closed.map((d) => d.toISOString().slice(0, 10))),
    openDays: holidaysOpened ? new Set(chileanHolidays(2026).keys()) : new Set<string>(),
  }));

describe('business time (docs/decisions/178-business-time-calendars.md)', () => {
  it('adding a duration and then measuring it gives it back, forwards and backwards', () => {
    fc.assert(
      fc.property(calendar, instant, fc.integer({ min: -400 * HOUR, max: 400 * HOUR }), (cal, start, duration) => {
        const end = addBusinessTime(cal, start, duration);
        expect(businessTimeBetween(cal, start, end)).toBe(duration);
      }),
      { numRuns: 300 },
    );
  });

  it('counts exactly the minutes the clock runs, never one outside business hours or on a holiday', () => {
    // The reference: every minute of a stretch of up to three days, asked one by one.
    fc.assert(
      fc.property(fc.constantFrom(OFFICE, EVERY_DAY), instant, fc.integer({ min: 1, max: 3 * 24 * 60 }), (cal, start, minutes) => {
        let open = 0;
        for (let m = 0; m < minutes; m += 1) if (isOpenAt(cal, new Date(start.getTime() + m * MINUTE))) open += 1;
        expect(businessTimeBetween(cal, start, new Date(start.getTime() + minutes * MINUTE))).toBe(open * MINUTE);
      }),
      { numRuns: 60 },
    );
  });

  it('a deadline never falls outside business hours when time is left to count', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 200 * 60 }), (start, minutes) => {
        const due = addBusinessTime(OFFICE, start, minutes * MINUTE);
        // The last counted minute is open time.
        expect(isOpenAt(OFFICE, new Date(due.getTime() - MINUTE))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('around the clock, a duration is real time, across both daylight-saving changes', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 1000 * HOUR }), (start, duration) => {
        expect(addBusinessTime(AROUND_THE_CLOCK, start, duration).getTime() - start.getTime()).toBe(duration);
      }),
    );
    // Chile leaves summer time on 5 April 2026 (00:00 becomes 23:00 of the 4th) and enters it on 6 September.
    const beforeApril = at('2026-04-04T12:00:00-03:00');
    expect(addBusinessTime(AROUND_THE_CLOCK, beforeApril, 24 * HOUR).toISOString()).toBe('2026-04-05T15:00:00.000Z');
    expect(formatSantiagoShort(addBusinessTime(AROUND_THE_CLOCK, beforeApril, 24 * HOUR).getTime())).toBe('05-04-2026 11:00');
    const beforeSeptember = at('2026-09-05T12:00:00-04:00');
    expect(formatSantiagoShort(addBusinessTime(AROUND_THE_CLOCK, beforeSeptember, 24 * HOUR).getTime())).toBe('06-09-2026 13:00');
  });

  it('on the nights the clocks change, a day open all day has the hours the day really has', () => {
    // 4 April 2026 (Saturday) lasts 25 hours; 5 September 2026 (Saturday night into Sunday) loses one.
    expect(businessTimeBetween(EVERY_DAY, at('2026-04-04T00:00:00-03:00'), at('2026-04-05T00:00:00-04:00'))).toBe(25 * HOUR);
    expect(businessTimeBetween(EVERY_DAY, at('2026-09-06T01:00:00-03:00'), at('2026-09-07T00:00:00-03:00'))).toBe(23 * HOUR);
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2026-04-03T00:00:00Z') / MINUTE, max: Date.parse('2026-04-07T00:00:00Z') / MINUTE }),
        fc.integer({ min: Date.parse('2026-09-04T00:00:00Z') / MINUTE, max: Date.parse('2026-09-08T00:00:00Z') / MINUTE }),
        fc.integer({ min: 0, max: 48 * 60 }),
        (april, september, minutes) => {
          const open = { ...EVERY_DAY, openDays: new Set(chileanHolidays(2026).keys()) };
          for (const start of [april, september]) {
            const from = new Date(start * MINUTE);
            // Open all day and no holiday in the way: open time is real time, the change hour neither lost nor doubled.
            expect(addBusinessTime(open, from, minutes * MINUTE).getTime() - from.getTime()).toBe(minutes * MINUTE);
          }
        },
      ),
    );
  });

  it('knows the 2026 and 2027 national holidays, movable ones included, and not the bank holiday', () => {
    for (const day of ['2026-09-18', '2026-12-08', '2026-04-03', '2026-06-29', '2027-03-26', '2027-09-17', '2027-12-08', '2027-01-01']) {
      expect(isBusinessDay(OFFICE, day), day).toBe(false);
    }
    // 19 September 2026 is a Saturday (not a weekday of the office) and a holiday: closed for a seven-day calendar too.
    expect(isBusinessDay(EVERY_DAY, '2026-09-19')).toBe(false);
    // 31 December is a bank holiday only: the concession works.
    expect(isBusinessDay(OFFICE, '2026-12-31')).toBe(true);
    expect(isBusinessDay(OFFICE, '2026-09-17')).toBe(true);
    expect(isBusinessDay(AROUND_THE_CLOCK, '2026-09-18')).toBe(true);
  });

  it('a claim filed on the Thursday before the Fiestas Patrias at 17:55 is due on the following Tuesday, not on Monday', () => {
    // 18 and 19 September 2026 are a Friday and a Saturday: five minutes on Thursday, then Monday 21 and more.
    const filed = at('2026-09-17T17:55:00-03:00');
    const due = addBusinessTime(OFFICE, filed, 24 * HOUR);
    // 24 business hours of 9.5 a day: 5 min Thursday, 9 h 30 Monday, 9 h 30 Tuesday, 4 h 55 Wednesday.
    expect(formatSantiagoShort(due.getTime())).toBe('23-09-2026 13:25');
    expect(businessTimeBetween(OFFICE, filed, at('2026-09-21T08:30:00-03:00'))).toBe(5 * MINUTE);
  });

  it('the admin closes a business day and opens a holiday', () => {
    const closing = { ...OFFICE, closedDays: new Set(['2026-09-17']) };
    expect(isBusinessDay(closing, '2026-09-17')).toBe(false);
    expect(businessTimeBetween(closing, at('2026-09-17T08:00:00-03:00'), at('2026-09-17T20:00:00-03:00'))).toBe(0);
    const working = { ...OFFICE, openDays: new Set(['2026-09-18']) };
    expect(businessTimeBetween(working, at('2026-09-18T08:00:00-03:00'), at('2026-09-18T20:00:00-03:00'))).toBe(9.5 * HOUR);
  });

  it('refuses hours the clock could never run on', () => {
    expect(invalidHours({ days: [], opens: 510, closes: 1080 })).toBe('days');
    expect(invalidHours({ days: [8], opens: 510, closes: 1080 })).toBe('days');
    expect(invalidHours({ days: [1], opens: 1080, closes: 510 })).toBe('closes');
    expect(invalidHours({ days: [1], opens: 0, closes: 1441 })).toBe('closes');
    expect(invalidHours({ days: [1, 2], opens: 0, closes: 1440 })).toBeNull();
  });
});
