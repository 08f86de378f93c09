import type { Namespace, TFunction } from 'i18next';
import { useContext } from 'react';
import type { Translator } from '~/i18n/catalogue';
import { i18n as defaultInstance } from '~/i18n/config';
import { TranslatorContext } from '~/i18n/context';

type AnyT = TFunction<Namespace>;

const cachedT = new WeakMap<Translator, Map<string, AnyT>>();

/** A text's pieces around its {{placeholders}}: [text, name, text, name, ..., text]. */
type Template = string[];

const PLACEHOLDER = /{{\s*(\w+)\s*}}/;
/** Options that change which text is chosen or how: those calls go through i18next. */
const TEXT_CHOOSING_OPTIONS = new Set(['count', 'context', 'defaultValue', 'lng', 'lngs', 'ns', 'returnObjects', 'returnDetails', 'replace', 'interpolation', 'ordinal', 'keyPrefix', 'postProcess']);

/**
 * The pieces of a text with plain {{name}} placeholders, or null for anything else (a
 * missing key, formats such as {{value, number}}, unescaped {{- value}}, nesting $t(...)).
 */
function compile(raw: unknown): Template | null {
  if (typeof raw !== 'string' || raw.includes('$t(')) return null;
  const pieces = raw.split(PLACEHOLDER);
  for (let i = 1; i < pieces.length; i += 2) if (!pieces[i]) return null;
  // Whatever braces are left are forms this does not handle.
  for (let i = 0; i < pieces.length; i += 2) if (pieces[i]!.includes('{{')) return null;
  return pieces;
}

function fill(template: Template, values: Record<string, unknown>): string | null {
  let text = template[0]!;
  for (let i = 1; i < template.length; i += 2) {
    const value = values[template[i]!];
    if (value === undefined || value === null || typeof value === 'object') return null;
    text += String(value) + template[i + 1]!;
  }
  return text;
}

/**
 * A `t` for one catalogue (namespace) that remembers every text. i18next 26 copies its whole
 * options object on each call of a fixed `t` and runs its interpolation regexps every time (a
 * profile of the shell showed it as the largest cost after the garbage collector; the road
 * view's 120 marker labels were 7% of the dashboard's server time). The catalogue is static,
 * so each text is read once per process and language:
 * - without options, the text itself;
 * - with plain values only, its pieces around {{placeholders}}, filled in on each call
 *   (escapeValue is off: React escapes what it renders);
 * - a plural with only its count, the text for each count asked for;
 * - any other plural, contexts, defaults, formats and nesting go through i18next as usual.
 */
export function createCachedT<N extends Namespace = 'common'>(instance: Translator, ns: N = 'common' as N): TFunction<N> {
  const fixed = instance.getFixedT(null, ns) as (key: string, options?: unknown) => string;
  const namespace = Array.isArray(ns) ? String(ns[0]) : String(ns);
  const texts = new Map<string, string>();
  const templates = new Map<string, Template | null>();
  const counted = new Map<string, string>();
  let textsLanguage = instance.language;
  const t = (key: string, options?: Record<string, unknown>) => {
    if (instance.language !== textsLanguage) {
      texts.clear();
      templates.clear();
      counted.clear();
      textsLanguage = instance.language;
    }
    if (options !== undefined) {
      // A plural with nothing but its count: one text per count.
      if (typeof options.count === 'number' && Object.keys(options).length === 1) {
        const countKey = `${options.count}\u0000${key}`;
        let text = counted.get(countKey);
        if (text === undefined) {
          text = fixed(key, options);
          if (counted.size >= 1_000) counted.clear();
          counted.set(countKey, text);
        }
        return text;
      }
      for (const name in options) if (TEXT_CHOOSING_OPTIONS.has(name)) return fixed(key, options);
      let template = templates.get(key);
      if (template === undefined) {
        template = compile(instance.getResource(instance.language, namespace, key));
        templates.set(key, template);
      }
      return (template && fill(template, options)) ?? fixed(key, options);
    }
    let text = texts.get(key);
    if (text === undefined) {
      text = fixed(key);
      texts.set(key, text);
    }
    return text;
  };
  return t as unknown as TFunction<N>;
}

function useInstance(): Translator {
  return useContext(TranslatorContext) ?? defaultInstance;
}

/**
 * A catalogue's `t` (`common` by default), used by every component instead of
 * react-i18next's useTranslation, which costs about 35 µs per call on the server (it rebuilds
 * its options, namespace checks and a fixed `t` on every render: 8% of the events list's
 * server time, with a badge per row). This hands out one cached `t` per i18next instance and
 * namespace, and those instances live for the whole process (decision 011). The language is
 * fixed to Spanish, so nothing has to re-render on a language change.
 */
export function useT<N extends Namespace = 'common'>(ns: N = 'common' as N): TFunction<N> {
  const instance = useInstance();
  let byNamespace = cachedT.get(instance);
  if (!byNamespace) {
    byNamespace = new Map();
    cachedT.set(instance, byNamespace);
  }
  const key = Array.isArray(ns) ? ns.join(',') : String(ns);
  let t = byNamespace.get(key);
  if (!t) {
    t = createCachedT(instance, ns) as unknown as AnyT;
    byNamespace.set(key, t);
  }
  return t as unknown as TFunction<N>;
}

export function useLanguage(): string {
  return useInstance().language;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Numbers as the page's language writes them ("1.184.587", "12,5"). toLocaleString builds
 * a new Intl.NumberFormat on every call (about 20 µs with options); this keeps one per
 * language and precision (`maximumFractionDigits`, else toLocaleString's default of 3).
 */
export function numberFormatter(language: string, maximumFractionDigits?: number): (value: number) => string {
  const key = `${language}|${maximumFractionDigits ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, maximumFractionDigits === undefined ? undefined : { maximumFractionDigits });
    numberFormats.set(key, format);
  }
  return format.format;
}

/** `numberFormatter` for the page's language. */
export function useNumberFormat(maximumFractionDigits?: number): (value: number) => string {
  return numberFormatter(useLanguage(), maximumFractionDigits);
}
