import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatSantiagoShort,
  formatTime,
  parseDateTimeInput,
  santiagoDayStart,
  santiagoNextDayStart,
  santiagoYearMonth,
  toSantiagoInputValue,
} from './date-time';

describe('Santiago time', () => {
  it('reads a datetime-local value as Chilean time (summer UTC-3, winter UTC-4)', () => {
    expect(parseDateTimeInput('2026-01-15T10:30')?.toISOString()).toBe('2026-01-15T13:30:00.000Z');
    expect(parseDateTimeInput('2026-07-15T10:30')?.toISOString()).toBe('2026-07-15T14:30:00.000Z');
  });

  it('takes an instant with a zone as is', () => {
    expect(parseDateTimeInput('2026-01-15T10:30:00Z')?.toISOString()).toBe('2026-01-15T10:30:00.000Z');
    expect(parseDateTimeInput('2026-01-15T10:30:00.123-03:00')?.toISOString()).toBe('2026-01-15T13:30:00.123Z');
  });

  it('refuses dates that do not exist and other text', () => {
    for (const bad of ['2026-02-31T10:00', '2026-13-01T10:00', '2026-01-01T25:00', 'ayer', '2026-01-01']) {
      expect(parseDateTimeInput(bad)).toBeNull();
    }
  });

  it('round-trips through the form input value', () => {
    const instant = new Date('2026-03-10T18:45:00.000Z');
    expect(parseDateTimeInput(toSantiagoInputValue(instant))?.toISOString()).toBe(instant.toISOString());
  });

  it('gives the bounds of a Santiago day', () => {
    expect(santiagoDayStart('2026-01-15')?.toISOString()).toBe('2026-01-15T03:00:00.000Z');
    expect(santiagoNextDayStart('2026-01-31')?.toISOString()).toBe('2026-02-01T03:00:00.000Z');
    expect(santiagoDayStart('2026-02-30')).toBeNull();
  });
});

describe('formatSantiagoShort', () => {
  const intl = new Intl.DateTimeFormat('es-CL', {
    timeZone: 'America/Santiago', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  });
  const expected = (ms: number) => intl.format(new Date(ms)).replace(',', '');

  it('reads like Intl in Santiago for any instant from 1990 to 2040', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => formatSantiagoShort(ms) === expected(ms)),
      { numRuns: 3000 },
    );
  });

  it('follows the clock changes minute by minute (April and September 2026)', () => {
    for (const around of [Date.UTC(2026, 3, 5, 3), Date.UTC(2026, 8, 6, 4)]) {
      for (let ms = around - 2 * 3_600_000; ms <= around + 2 * 3_600_000; ms += 60_000) {
        expect(formatSantiagoShort(ms)).toBe(expected(ms));
      }
    }
  });
});

describe('dates in es-CL, America/Santiago', () => {
  it('formats in Santiago time whatever the server zone is', () => {
    // 03:30 UTC on 1 January is 00:30 in Santiago (UTC-3 in summer).
    expect(formatDateTime('2026-01-01T03:30:00Z')).toBe('01-01-2026 00:30');
    // 03:30 UTC on 1 July is 23:30 the day before in Santiago (UTC-4 in winter).
    expect(formatDateTime('2026-07-01T03:30:00Z')).toBe('30-06-2026 23:30');
  });

  it('formats date and time parts with a 24-hour clock', () => {
    expect(formatDate('2026-11-21T17:05:00Z')).toBe('21-11-2026');
    expect(formatTime('2026-11-21T17:05:00Z')).toBe('14:05');
  });

  it('reads the clock right on both sides of a change of time, minute by minute', () => {
    // Chile left summer time at 00:00 on 5 April 2026 (03:00 UTC: the clock went back to
    // 23:00) and starts it at 00:00 on 6 September 2026 (04:00 UTC: on to 01:00).
    expect(formatDateTime('2026-04-05T02:59:00Z')).toBe('04-04-2026 23:59');
    expect(formatDateTime('2026-04-05T03:00:00Z')).toBe('04-04-2026 23:00');
    expect(formatDateTime('2026-09-06T03:59:00Z')).toBe('05-09-2026 23:59');
    expect(formatDateTime('2026-09-06T04:00:00Z')).toBe('06-09-2026 01:00');
    const intl = new Intl.DateTimeFormat('es-CL', {
      timeZone: 'America/Santiago', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    });
    const expected = (ms: number) => {
      const p = Object.fromEntries(intl.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
      return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
    };
    // Every 7 minutes and 13 seconds for two days around each change, and a spread of years.
    const moments: number[] = [];
    for (const change of [Date.UTC(2026, 3, 5, 3), Date.UTC(2026, 8, 6, 4), Date.UTC(2019, 3, 7, 3)]) {
      for (let ms = change - 86_400_000; ms < change + 86_400_000; ms += 433_000) moments.push(ms);
    }
    for (let year = 1990; year <= 2040; year++) moments.push(Date.UTC(year, year % 12, 1 + (year % 27), year % 24, year % 60, 30));
    for (const ms of moments) expect(formatDateTime(ms)).toBe(expected(ms));
  });

  it('returns an empty text for invalid input', () => {
    expect(formatDateTime('not a date')).toBe('');
  });

  it('names report periods in Spanish', () => {
    expect(formatMonthYear(11, 2026)).toBe('noviembre de 2026');
    expect(santiagoYearMonth('2026-01-01T02:00:00Z')).toEqual({ year: 2025, month: 12 });
  });
});
