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

  it('returns an empty text for invalid input', () => {
    expect(formatDateTime('not a date')).toBe('');
  });

  it('names report periods in Spanish', () => {
    expect(formatMonthYear(11, 2026)).toBe('noviembre de 2026');
    expect(santiagoYearMonth('2026-01-01T02:00:00Z')).toEqual({ year: 2025, month: 12 });
  });
});
