import type { i18n as I18n, Namespace, TFunction } from 'i18next';
import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import { i18n as defaultInstance } from '~/i18n/config';

type AnyT = TFunction<Namespace>;

const cachedT = new WeakMap<I18n, Map<string, AnyT>>();

/**
 * A `t` for one catalogue (namespace) that remembers every text asked for without options.
 * i18next 26 copies its whole options object on each call of a fixed `t` (a profile of the
 * shell showed it as the largest cost after the garbage collector); the catalogue is static,
 * so each text is built once per process and language. Calls with options (interpolation)
 * go through i18next as usual.
 */
export function createCachedT<N extends Namespace = 'common'>(instance: I18n, ns: N = 'common' as N): TFunction<N> {
  const fixed = instance.getFixedT(null, ns);
  const texts = new Map<string, string>();
  let textsLanguage = instance.language;
  const t = (key: string, options?: unknown) => {
    if (options !== undefined) return (fixed as (k: string, o: unknown) => string)(key, options);
    if (instance.language !== textsLanguage) {
      texts.clear();
      textsLanguage = instance.language;
    }
    let text = texts.get(key);
    if (text === undefined) {
      text = (fixed as (k: string) => string)(key);
      texts.set(key, text);
    }
    return text;
  };
  return t as unknown as TFunction<N>;
}

function useInstance(): I18n {
  return useContext(I18nContext)?.i18n ?? defaultInstance;
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
