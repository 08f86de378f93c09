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

  it('a success of a form clears the errors that form raised before, and only those', () => {
    const shown: Toast[] = [
      { id: 'e1', type: 'error', message: 'No se pudo cerrar el evento.', source: 'close' },
      { id: 'e2', type: 'error', message: 'Indique el motivo de cierre.', source: 'close' },
      { id: 'e3', type: 'error', message: 'No se pudo guardar el comentario.', source: 'comment' },
      { id: 'i1', type: 'info', message: 'Nueva notificación' },
    ];
    const closed: Toast = { id: 's1', type: 'success', message: 'Evento cerrado.', source: 'close' };
    expect(mergeToasts(shown, [closed]).map((t) => t.id)).toEqual(['e3', 'i1', 's1']);
    // A success without a form, or an error, clears nothing.
    expect(mergeToasts(shown, [{ id: 's2', type: 'success', message: 'Listo' }])).toHaveLength(5);
    expect(mergeToasts(shown, [{ id: 'e4', type: 'error', message: 'Otra vez', source: 'close' }])).toHaveLength(5);
  });
});
