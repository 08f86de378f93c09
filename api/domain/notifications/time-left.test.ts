import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AROUND_THE_CLOCK, type Calendar } from '../calendar/business-time';
import { timeLeftText } from './time-left';

/** The warning's time left (decision 182): in the calendar's terms, never more than there is, never "0". */
const BUSINESS: Calendar = { hours: { days: [1, 2, 3, 4, 5], opens: 510, closes: 1080 } };
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('timeLeftText', () => {
  it('says minutes, hours and days, "hábiles" on business hours only', () => {
    expect(timeLeftText(3 * HOUR, BUSINESS)).toBe('3 h hábiles');
    expect(timeLeftText(3 * HOUR + 59 * MIN, BUSINESS)).toBe('3 h hábiles');
    expect(timeLeftText(3 * HOUR, AROUND_THE_CLOCK)).toBe('3 h');
    expect(timeLeftText(45 * MIN, BUSINESS)).toBe('45 min hábiles');
    expect(timeLeftText(44 * MIN + 1, AROUND_THE_CLOCK)).toBe('45 min');
    expect(timeLeftText(0, AROUND_THE_CLOCK)).toBe('1 min');
    // A business day here is 9.5 h: 10 h of open time is a day and a half, shown as one.
    expect(timeLeftText(10 * HOUR, BUSINESS)).toBe('1 día hábil');
    expect(timeLeftText(19 * HOUR, BUSINESS)).toBe('2 días hábiles');
    expect(timeLeftText(20 * HOUR, AROUND_THE_CLOCK)).toBe('20 h');
    expect(timeLeftText(50 * HOUR, AROUND_THE_CLOCK)).toBe('2 días');
  });

  it('never promises more time than is left, nor says less than a minute', () => {
    const unit = { min: MIN, h: HOUR } as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * 24 * HOUR }), fc.boolean(), (ms, business) => {
        const calendar = business ? BUSINESS : AROUND_THE_CLOCK;
        const text = timeLeftText(ms, calendar);
        const [, count, what, rest] = /^(\d+) (min|h|días?)( hábil(es)?)?$/.exec(text)!;
        expect(Boolean(rest)).toBe(business);
        const n = Number(count);
        expect(n).toBeGreaterThanOrEqual(1);
        if (what === 'min') {
          // Minutes round up, and only under an hour.
          expect(ms).toBeLessThan(HOUR);
          expect(n * unit.min).toBeGreaterThanOrEqual(ms);
          expect((n - 1) * unit.min).toBeLessThan(Math.max(ms, 1));
        } else {
          const size = what === 'h' ? unit.h : business ? 9.5 * HOUR : 24 * HOUR;
          expect(n * size).toBeLessThanOrEqual(ms);
          expect((n + 1) * size).toBeGreaterThan(ms);
        }
      }),
    );
  });
});
