import { describe, expect, it } from 'vitest';
import { capToasts, MAX_TOASTS, mergeToasts, type Toast } from './toast';

const toast = (n: number): Toast => ({ id: `t${n}`, type: 'info', message: `Mensaje ${n}` });
const many = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => toast(from + i));

describe('toasts', () => {
  it('keeps six at most, dropping the oldest', () => {
    expect(MAX_TOASTS).toBe(6);
    expect(capToasts(many(1, 7)).map((t) => t.id)).toEqual(['t2', 't3', 't4', 't5', 't6', 't7']);
    expect(capToasts(many(1, 3))).toHaveLength(3);
  });

  it('adds new toasts after the shown ones and caps the total', () => {
    const shown = many(1, 4);
    expect(mergeToasts(shown, many(5, 7)).map((t) => t.id)).toEqual(['t2', 't3', 't4', 't5', 't6', 't7']);
  });

  it('does not repeat a toast already shown and keeps the same array when nothing is new', () => {
    const shown = many(1, 2);
    expect(mergeToasts(shown, [toast(2)])).toBe(shown);
    expect(mergeToasts(shown, [])).toBe(shown);
    expect(mergeToasts(shown, [toast(2), toast(3)]).map((t) => t.id)).toEqual(['t1', 't2', 't3']);
  });
});
