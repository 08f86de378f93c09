import { describe, expect, it } from 'vitest';
import { overdueBy } from './overdue';

describe('overdueBy', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('says days, hours or minutes, whichever is the largest whole unit', () => {
    expect(overdueBy('2026-11-24T10:00:00Z', now)).toEqual({ unit: 'd', count: 2 });
    expect(overdueBy('2026-11-26T09:30:00Z', now)).toEqual({ unit: 'h', count: 2 });
    expect(overdueBy('2026-11-26T11:59:50Z', now)).toEqual({ unit: 'min', count: 1 });
  });
  it('says nothing for a due time still ahead', () => {
    expect(overdueBy('2026-11-27T12:00:00Z', now)).toBeNull();
  });
});
