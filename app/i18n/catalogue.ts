import type { i18n as I18n } from 'i18next';

/**
 * What the screens ask of a translation instance: i18next's on the server (remix-i18next's
 * middleware), the catalogue below in the browser (decision 123).
 */
export type Translator = Pick<I18n, 'language' | 't' | 'getFixedT' | 'getResource' | 'hasResourceBundle' | 'addResourceBundle'>;

type Bundle = Record<string, unknown>;
type Options = Record<string, unknown>;

const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;

/**
 * The browser's translations: the catalogue's texts with i18next's rules for what this app's
 * catalogue uses, and nothing else (about 1 KB instead of i18next and react-i18next's 17 KB):
 * - keys as "namespace:path.to.text", looked up in the given namespaces in order;
 * - plurals by `count` with the language's plural rules (`key_one`, `key_other`), else the key;
 * - `{{name}}` filled from the options (or `replace`), unescaped: React escapes what it renders;
 * - `defaultValue` for a missing text, else the key itself;
 * - `returnObjects` for a list or group of texts.
 * A unit test compares every text of the catalogue with i18next's answer (catalogue.test.ts),
 * so the browser hydrates exactly what the server wrote.
 */
export function createCatalogue(language: string, resources: Record<string, Record<string, Bundle>>): Translator {
  const bundles = new Map<string, Bundle>();
  for (const [lng, namespaces] of Object.entries(resources)) {
    for (const [ns, bundle] of Object.entries(namespaces)) bundles.set(`${lng}|${ns}`, bundle);
  }
  const plurals = new Intl.PluralRules(language);

  const lookup = (lng: string, ns: string, key: string): unknown => {
    let node: unknown = bundles.get(`${lng}|${ns}`);
    for (const part of key.split('.')) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Bundle)[part];
    }
    return node;
  };

  const translate = (namespaces: readonly string[], fullKey: string, options: Options = {}): string => {
    const colon = fullKey.indexOf(':');
    const [searched, key] = colon > 0 ? [[fullKey.slice(0, colon)], fullKey.slice(colon + 1)] : [namespaces, fullKey];
    const count = options.count;
    const candidates = typeof count === 'number' ? [`${key}_${plurals.select(count)}`, key] : [key];
    let text: string | undefined;
    for (const ns of searched) {
      for (const candidate of candidates) {
        const found = lookup(language, ns, candidate);
        // A list or group of texts as it is (the month names).
        if (options.returnObjects === true && found !== null && typeof found === 'object') return found as never;
        if (typeof found === 'string') {
          text = found;
          break;
        }
      }
      if (text !== undefined) break;
    }
    if (text === undefined) text = typeof options.defaultValue === 'string' ? options.defaultValue : key;
    const values = { ...options, ...(options.replace as Options | undefined) };
    return text.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values[name];
      return value === undefined || value === null ? whole : String(value);
    });
  };

  const catalogue = {
    language,
    t: (key: string, options?: Options) => translate(['common'], key, options),
    getFixedT: (_lng: string | null, ns?: string | readonly string[]) => {
      const namespaces = ns === undefined ? ['common'] : typeof ns === 'string' ? [ns] : ns;
      return (key: string, options?: Options) => translate(namespaces, key, options);
    },
    getResource: (lng: string, ns: string, key: string) => lookup(lng, ns, key),
    hasResourceBundle: (lng: string, ns: string) => bundles.has(`${lng}|${ns}`),
    addResourceBundle: (lng: string, ns: string, bundle: Bundle) => {
      bundles.set(`${lng}|${ns}`, bundle);
      return catalogue;
    },
  };
  return catalogue as unknown as Translator;
}
