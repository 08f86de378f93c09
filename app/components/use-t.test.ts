import { describe, expect, it } from 'vitest';
import { createI18n } from '~/i18n/config';
import { createCachedT } from './use-t';

describe('the cached common t', () => {
  it('gives the same texts as i18next, with and without interpolation', () => {
    const instance = createI18n();
    const t = createCachedT(instance);
    expect(t('nav.events')).toBe('Eventos');
    expect(t('nav.events')).toBe(instance.t('common:nav.events'));
    expect(t('nav.version', { version: '1.0.10' })).toBe('V1.0.10');
    expect(t('screens.welcome', { name: 'Ana' })).toBe('Hola, Ana');
    expect(t('screens.welcome', { name: 'Luis' })).toBe('Hola, Luis');
  });
});

describe('a cached t per catalogue', () => {
  it('reads its own namespace, with plurals and interpolation as i18next does', () => {
    const instance = createI18n();
    const events = createCachedT(instance, 'events');
    expect(events('statuses.NEW')).toBe(instance.t('events:statuses.NEW'));
    expect(events('statuses.NEW')).not.toBe('statuses.NEW');
    expect(events('table.caption', { from: '1', to: '10', total: '25' })).toBe(
      instance.t('events:table.caption', { from: '1', to: '10', total: '25' }),
    );
  });
});
