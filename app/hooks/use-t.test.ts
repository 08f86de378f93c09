import { describe, expect, it } from 'vitest';
import { createI18n } from '~/i18n/middleware.server';
import { es } from '~/locales/es';
import { createCachedT, numberFormatter } from './use-t';

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

describe('texts with placeholders', () => {
  /** Every text of the catalogue, by namespace and dotted key. */
  function* textsOf(value: unknown, prefix = ''): Generator<[string, string]> {
    if (typeof value === 'string') yield [prefix, value];
    else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) yield* textsOf(inner, prefix ? `${prefix}.${key}` : key);
  }

  it('fills every placeholder of the catalogue exactly as i18next does', () => {
    const instance = createI18n();
    for (const [name, bundle] of Object.entries(es)) if (!instance.hasResourceBundle('es', name)) instance.addResourceBundle('es', name, bundle);
    let checked = 0;
    for (const [namespace, bundle] of Object.entries(es)) {
      const t = createCachedT(instance, namespace as 'common') as unknown as (key: string, options?: object) => string;
      for (const [key, text] of textsOf(bundle)) {
        const names = [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]!);
        if (names.length === 0 || /_(one|other|zero|few|many)$/.test(key)) continue;
        // Numbers and texts with characters a naive filler could mangle ($&, braces).
        const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? 1234.5 : `<b>$& {x} ${n}</b>`]));
        const expected = (instance.t as (key: string, options: object) => string)(`${namespace}:${key}`, values);
        expect(t(key, values), `${namespace}:${key}`).toBe(expected);
        expect(t(key, values), `${namespace}:${key}, again`).toBe(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('leaves plurals and missing values to i18next', () => {
    const instance = createI18n();
    const t = createCachedT(instance) as unknown as (key: string, options?: object) => string;
    expect(t('header.unread', { count: 1 })).toBe('1 notificación sin leer');
    expect(t('header.unread', { count: 3 })).toBe('3 notificaciones sin leer');
    expect(t('screens.welcome', {})).toBe((instance.t as (key: string, options: object) => string)('common:screens.welcome', {}));
  });
});

describe('numbers', () => {
  it('are written as Chileans read them, with the precision asked for', () => {
    expect(numberFormatter('es')(1184587)).toBe((1184587).toLocaleString('es'));
    expect(numberFormatter('es', 1)(12.46)).toBe((12.46).toLocaleString('es', { maximumFractionDigits: 1 }));
    expect(numberFormatter('es')(0.12345)).toBe((0.12345).toLocaleString('es'));
  });
});

describe('plurals', () => {
  it('give the right form for each count, asked again and again', () => {
    const instance = createI18n();
    const t = createCachedT(instance) as unknown as (key: string, options?: object) => string;
    for (const count of [0, 1, 2, 1, 0, 2, 21]) {
      expect(t('header.unread', { count })).toBe((instance.t as (key: string, options: object) => string)('common:header.unread', { count }));
    }
  });
});
