import { describe, expect, it } from 'vitest';
import { isCurrentItem } from './sidebar';

describe('the current sidebar item', () => {
  it('is the screen itself or a page below it', () => {
    expect(isCurrentItem('/operator/events', '/operator/events')).toBe(true);
    expect(isCurrentItem('/operator/events/R-2026-000123', '/operator/events')).toBe(true);
    expect(isCurrentItem('/operator/events-archive', '/operator/events')).toBe(false);
    expect(isCurrentItem('/operator/dashboard', '/operator/events')).toBe(false);
  });
});
