import { describe, expect, it } from 'vitest';
import { TICKET_SORTS } from '@contract/ticket-list-options';
import { createCachedT } from '~/hooks/use-t';
import { createI18n } from '~/i18n/middleware.server';
import { SORT_LABEL_KEYS } from './sort-labels';

describe('the sort list', () => {
  it('names every sort in Spanish, each differently, never with a piece of its key', () => {
    const t = createCachedT(createI18n(), 'events');
    const labels = TICKET_SORTS.map((sort) => t(`filters.sorts.${SORT_LABEL_KEYS[sort]}`));
    expect(labels).toEqual(['Más recientes primero', 'Más antiguos primero', 'Vencimiento más próximo', 'Por kilómetro']);
    expect(new Set(labels).size).toBe(TICKET_SORTS.length);
  });

  it('says how many filters are active', () => {
    const t = createCachedT(createI18n(), 'events');
    expect(t('filters.more')).toBe('Filtros');
    expect(t('filters.moreActiveOne')).toBe('Filtros (1 activo)');
    expect(t('filters.moreActive', { count: 3 })).toBe('Filtros (3 activos)');
  });
});
