import { describe, expect, it } from 'vitest';
import { periodFrom, periodLimits, reportMonthFrom } from './period.server';

// 15 November 2026, noon in Santiago.
const now = new Date('2026-11-15T15:00:00Z');
const from = (query: string) => periodFrom(new URLSearchParams(query), now);

describe('the period an address asks for', () => {
  it('reads the month field and older month/year links alike', () => {
    expect(from('period=2026-10')).toEqual({ period: { year: 2026, month: 10 }, error: null, asked: '2026-10' });
    expect(from('month=10&year=2026').period).toEqual({ year: 2026, month: 10 });
  });

  it('takes nothing, or an empty field, as the whole history', () => {
    expect(from('')).toEqual({ period: null, error: null, asked: '' });
    expect(from('period=')).toEqual({ period: null, error: null, asked: '' });
  });

  it('takes this month, and refuses one that has not begun in Santiago, keeping what was written', () => {
    expect(from('period=2026-11').period).toEqual({ year: 2026, month: 11 });
    expect(from('period=2026-12')).toEqual({ period: null, error: 'future', asked: '2026-12' });
    expect(from('month=1&year=2027').error).toBe('future');
    // Santiago's month, not the server's: 03:30 UTC on 1 December is 00:30 there (UTC-3), 02:30 UTC is still 30 November.
    expect(periodFrom(new URLSearchParams('period=2026-12'), new Date('2026-12-01T03:30:00Z')).error).toBeNull();
    expect(periodFrom(new URLSearchParams('period=2026-12'), new Date('2026-12-01T02:30:00Z')).error).toBe('future');
  });

  it('refuses what is not a month', () => {
    for (const query of ['period=2026-13', 'period=2026-1', 'period=abc', 'period=1999-12', 'month=13&year=2026', 'month=3']) {
      expect(from(query).error, query).toBe('invalid');
    }
  });

  it('limits the field from January 2000 to this month', () => {
    expect(periodLimits(now)).toEqual({ min: '2000-01', max: '2026-11' });
  });
});

describe('a monthly report page’s month', () => {
  const month = (query: string) => reportMonthFrom(new URLSearchParams(query), now);

  it('is the one asked for, else this month in Santiago, and its field starts on it', () => {
    expect(month('period=2026-10')).toEqual({ period: { year: 2026, month: 10 }, periodField: { value: '2026-10', error: null, min: '2000-01', max: '2026-11' } });
    expect(month('')).toMatchObject({ period: { year: 2026, month: 11 }, periodField: { value: '2026-11', error: null } });
  });

  it('shows this month when the one asked for is refused, and keeps what was written in the field with its reason', () => {
    expect(month('period=2027-01')).toMatchObject({ period: { year: 2026, month: 11 }, periodField: { value: '2027-01', error: 'future' } });
    expect(month('period=abc').periodField).toMatchObject({ value: 'abc', error: 'invalid' });
  });
});
