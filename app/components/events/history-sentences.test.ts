import { describe, expect, it } from 'vitest';
import { HISTORY_ACTIONS } from '@contract/ticket-codes';
import { createCachedT } from '~/hooks/use-t';
import { createI18n } from '~/i18n/middleware.server';
import { historySentences } from './history-sentences';

const t = createCachedT(createI18n(), 'events');
const say = (action: string, changes: Record<string, { from: unknown; to: unknown }> = {}) =>
  historySentences({ action: action as never, changes }, t);

describe('the history as sentences', () => {
  it('says what each kind of entry did, in the words of the history screen', () => {
    expect(say('ATTACHED', { attachments: { from: null, to: ['bache.png'] } }).headline).toBe('Adjuntó bache.png');
    expect(say('ATTACHED', { attachments: { from: null, to: ['a.png', 'b.pdf', 'c.jpg'] } }).headline).toBe('Adjuntó a.png, b.pdf y c.jpg');
    expect(say('COMMENTED', { comment: { from: null, to: 12 } })).toEqual({ headline: 'Comentó', details: [] });
    expect(say('NOTE_ADDED', { comment: { from: null, to: 13 } }).headline).toBe('Agregó una nota interna');
    expect(say('CLOSED', { statusCode: { from: 'IN_PROGRESS', to: 'CLOSED' }, closureReason: { from: null, to: 'RESOLVED' }, closedAt: { from: null, to: '2026-11-24T10:00:00Z' } })).toEqual({
      headline: 'Cerró el evento: Resuelto',
      details: [],
    });
    expect(
      say('ASSIGNED', {
        assignedToId: { from: null, to: '501ae024-4079-4826-a6ab-eee41372f3df' },
        assignedToName: { from: null, to: 'Rodrigo Díaz' },
        statusCode: { from: 'NEW', to: 'ASSIGNED' },
      }),
    ).toEqual({ headline: 'Asignó a Rodrigo Díaz', details: ['Cambió el estado de Ingresado a Asignado'] });
    expect(say('ASSIGNED', { assignedToName: { from: 'Carolina Reyes', to: 'Rodrigo Díaz' } }).headline).toBe('Reasignó de Carolina Reyes a Rodrigo Díaz');
    expect(say('UNASSIGNED', { assignedToName: { from: 'Rodrigo Díaz', to: null } }).headline).toBe('Quitó el responsable (Rodrigo Díaz)');
    expect(say('STATUS_CHANGED', { statusCode: { from: 'ASSIGNED', to: 'IN_PROGRESS' } }).headline).toBe('Cambió el estado de Asignado a En gestión');
    expect(say('REOPENED', { statusCode: { from: 'CLOSED', to: 'IN_PROGRESS' }, closureReason: { from: 'RESOLVED', to: null } })).toEqual({
      headline: 'Reabrió el evento: En gestión',
      details: [],
    });
    expect(say('CREATED', { description: { from: null, to: 'x' } })).toEqual({ headline: 'Registró el evento', details: [] });
    // The deadlines each event was given (decision 179), at creation and when they move.
    expect(
      say('CREATED', { dueAt: { from: null, to: '2026-09-22T20:55:00Z' }, firstAnswerDueAt: { from: null, to: '2026-09-21T19:25:00Z' } }),
    ).toEqual({ headline: 'Registró el evento', details: ['Plazo de resolución: 22-09-2026 17:55', 'Plazo de primera respuesta: 21-09-2026 16:25'] });
    expect(
      say('STATUS_CHANGED', { statusCode: { from: 'ON_HOLD', to: 'IN_PROGRESS' }, firstAnswerDueAt: { from: '2026-09-21T19:25:00Z', to: '2026-09-22T13:00:00Z' } }).details,
    ).toEqual(['Plazo de primera respuesta: 22-09-2026 10:00']);
  });

  it('names edited fields and their values as people read them, never ids or JSON', () => {
    const { headline, details } = say('UPDATED', {
      kilometer: { from: 30.5, to: 31 },
      orientation: { from: 'NORTH_SOUTH', to: 'SOUTH_NORTH' },
      classificationId: { from: 2, to: 3 },
      classificationName: { from: 'Estado del pavimento', to: 'Animal en la vía' },
      description: { from: 'Bache', to: 'Bache grande' },
      dueAt: { from: '2026-11-24T10:00:00Z', to: '2026-11-24T13:00:00Z' },
      extraThing: { from: { a: 1 }, to: { a: 2 } },
    });
    expect(headline).toBe('Actualizó los datos del evento');
    expect(details).toEqual([
      'Cambió el kilómetro de 30,5 a 31',
      'Cambió la orientación de Norte a Sur a Sur a Norte',
      'Cambió la clasificación de Estado del pavimento a Animal en la vía',
      'Cambió la descripción',
      'Cambió otro dato',
      'Plazo de resolución: 24-11-2026 10:00',
    ]);
  });

  it('names an orientation with its destination when the road profile gives one (decision 157)', () => {
    const changes = { orientation: { from: 'NORTH_SOUTH', to: 'SOUTH_NORTH' } };
    const { details } = historySentences({ action: 'UPDATED', changes }, t, { NORTH_SOUTH: 'hacia Valparaíso', SOUTH_NORTH: 'hacia Santiago' });
    expect(details).toEqual(['Cambió la orientación de Norte a Sur (hacia Valparaíso) a Sur a Norte (hacia Santiago)']);
  });

  it('has a Spanish headline for every kind of entry the API writes, and a fallback for unknown ones', () => {
    for (const action of HISTORY_ACTIONS) {
      const { headline } = say(action);
      expect(headline).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ]+/);
      expect(headline).not.toMatch(/[A-Z_]{4,}|\{|\}|history\./);
    }
    expect(say('MERGED').headline).toBe('Modificó el evento');
    expect(say('UPDATED', { phone: { from: '+56911111111', to: null } }).details).toEqual(['Cambió el teléfono de +56911111111 a (vacío)']);
  });
});
