import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthYear, formatTime, santiagoYearMonth } from './dates';

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
