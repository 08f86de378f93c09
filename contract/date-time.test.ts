import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatSantiagoShort, parseDateTimeInput, santiagoDayStart, santiagoNextDayStart, toSantiagoInputValue } from './date-time';

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
