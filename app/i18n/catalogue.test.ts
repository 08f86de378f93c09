import { describe, expect, it } from 'vitest';
import { es } from '~/locales/es';
import { createCatalogue } from './catalogue';
import { createI18n } from './middleware.server';

/** Every text of the catalogue, as "namespace:path" with the text itself. */
function texts(node: unknown, prefix: string): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, child]) => texts(child, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`));
}

/** Every list or group of texts (a node that is not a text), as "namespace:path". */
function objects(node: unknown, prefix: string): [string, unknown][] {
  if (node === null || typeof node !== 'object') return [];
  const own: [string, unknown][] = prefix.endsWith(':') ? [] : [[prefix, node]];
  return [...own, ...Object.entries(node).flatMap(([key, child]) => objects(child, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`))];
}

const all = Object.entries(es).flatMap(([ns, bundle]) => texts(bundle, `${ns}:`));
const server = createI18n();
for (const [ns, bundle] of Object.entries(es)) server.addResourceBundle('es', ns, bundle);
const browser = createCatalogue('es', { es });
/** Keys built at run time, so both are called untyped. */
type T = (key: string, options?: object) => string;
const serverT = server.t.bind(server) as unknown as T;
const browserT = browser.t as unknown as T;

describe("the browser's catalogue says what i18next says on the server", () => {
  it('for every text of the catalogue, with its placeholders filled', () => {
    expect(all.length).toBeGreaterThan(300);
    for (const [key, text] of all) {
      const values = Object.fromEntries([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map(([, name]) => [name, `«${name}»`]));
      expect(browserT(key, values), key).toBe(serverT(key, values));
    }
  });

  it('for every plural, at every count', () => {
    const plurals = [...new Set(all.map(([key]) => /^(.*)_(one|other|zero|many)$/.exec(key)?.[1]).filter((key): key is string => Boolean(key)))];
    expect(plurals.length).toBeGreaterThan(0);
    for (const key of plurals) {
      for (const count of [0, 1, 2, 5, 1000]) expect(browserT(key, { count }), `${key} ${count}`).toBe(serverT(key, { count }));
    }
  });

  it('for fixed namespaces, lists of namespaces, defaults and missing texts', () => {
    for (const ns of [['events'], ['common', 'messages'], ['messages', 'common']] as const) {
      const ours = browser.getFixedT(null, ns as never) as (key: string, options?: object) => string;
      const theirs = server.getFixedT(null, ns as never) as (key: string, options?: object) => string;
      for (const key of ['app.title', 'statuses.NEW', 'auth:login.title', 'no.such.text', 'history.sentences.fields.nothing']) {
        expect(ours(key), `${ns} ${key}`).toBe(theirs(key));
        expect(ours(key, { defaultValue: 'otro' }), `${ns} ${key}`).toBe(theirs(key, { defaultValue: 'otro' }));
      }
    }
  });

  it('for every list or group of texts asked for as it is', () => {
    const groups = Object.entries(es).flatMap(([ns, bundle]) => objects(bundle, `${ns}:`));
    expect(groups.some(([key]) => key === 'dashboard:months')).toBe(true);
    for (const [key] of groups) expect(browserT(key, { returnObjects: true }), key).toEqual(serverT(key, { returnObjects: true }));
  });

  it('for a placeholder given no value', () => {
    const [key] = all.find(([, text]) => text.includes('{{'))!;
    expect(browserT(key)).toBe(serverT(key));
  });
});
