import { describe, expect, it } from 'vitest';
import { daysUntil } from './deadline';

const DAY = 86_400_000;
const now = Date.parse('2026-12-10T12:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();

describe('daysUntil (the queue\'s "Quedan N días" / "Vencida hace N días")', () => {
  it('counts whole days left while the deadline is ahead', () => {
    expect(daysUntil(at(30 * DAY), now)).toBe(30);
    expect(daysUntil(at(29 * DAY + 23 * 3_600_000), now)).toBe(29);
    expect(daysUntil(at(3_600_000), now)).toBe(0);
  });

  it('is negative, never zero, once the deadline has passed, however recently', () => {
    expect(daysUntil(at(-1_000), now)).toBe(-1);
    expect(daysUntil(at(-DAY), now)).toBe(-1);
    expect(daysUntil(at(-DAY - 1_000), now)).toBe(-2);
  });
});
