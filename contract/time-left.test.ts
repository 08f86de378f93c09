import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { timeLeft, timeLeftText } from './time-left';

const HOUR = 3_600_000;
const MIN = 60_000;
/** 08:30–18:00: a business day of 9 h 30 min. */
const OFFICE = { businessDayMs: 9.5 * HOUR, aroundTheClock: false };
const ALWAYS = { businessDayMs: 24 * HOUR, aroundTheClock: true };

describe('timeLeftText', () => {
  it('words business time in business days, hours and minutes, singular and plural', () => {
    expect(timeLeftText({ ...OFFICE, businessMsLeft: 3 * HOUR + 40 * MIN })).toBe('vence en 3 h hábiles');
    expect(timeLeftText({ ...OFFICE, businessMsLeft: 1 * HOUR })).toBe('vence en 1 h hábil');
    expect(timeLeftText({ ...OFFICE, businessMsLeft: 19 * HOUR })).toBe('vence en 2 días hábiles');
    expect(timeLeftText({ ...OFFICE, businessMsLeft: 9.5 * HOUR })).toBe('vence en 1 día hábil');
    expect(timeLeftText({ ...OFFICE, businessMsLeft: 9 * HOUR })).toBe('vence en 9 h hábiles');
    expect(timeLeftText({ ...OFFICE, businessMsLeft: 25 * MIN })).toBe('vence en 25 min hábiles');
    expect(timeLeftText({ ...OFFICE, businessMsLeft: -19 * HOUR - 5 * MIN })).toBe('atrasado 2 días hábiles');
    expect(timeLeftText({ ...OFFICE, businessMsLeft: -2 * HOUR })).toBe('atrasado 2 h hábiles');
  });

  it('says nothing of business time around the clock', () => {
    expect(timeLeftText({ ...ALWAYS, businessMsLeft: 3 * HOUR })).toBe('vence en 3 h');
    expect(timeLeftText({ ...ALWAYS, businessMsLeft: 24 * HOUR })).toBe('vence en 1 día');
    expect(timeLeftText({ ...ALWAYS, businessMsLeft: -49 * HOUR })).toBe('atrasado 2 días');
    expect(timeLeftText({ ...ALWAYS, businessMsLeft: -30_000 })).toBe('atrasado 1 min');
  });

  it('a deadline exactly now is still due, not late', () => {
    expect(timeLeftText({ ...OFFICE, businessMsLeft: 0 })).toBe('vence en 1 min hábil');
  });

  it('never rounds up: the count times its unit is never more than the time, and one more unit is', () => {
    const unitMs = { day: OFFICE.businessDayMs, h: HOUR, min: MIN };
    fc.assert(
      fc.property(fc.integer({ min: MIN, max: 400 * HOUR }), fc.boolean(), (ms, late) => {
        const left = timeLeft({ ...OFFICE, businessMsLeft: late ? -ms : ms });
        expect(left.late).toBe(late);
        expect(left.count).toBeGreaterThanOrEqual(1);
        expect(left.count * unitMs[left.unit]).toBeLessThanOrEqual(ms);
        expect((left.count + 1) * unitMs[left.unit]).toBeGreaterThan(ms);
        // The largest unit that fits: a day once a business day has passed, hours once an hour.
        if (ms >= OFFICE.businessDayMs) expect(left.unit).toBe('day');
        else if (ms >= HOUR) expect(left.unit).toBe('h');
      }),
    );
  });
});
