import type { i18n as I18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import { i18n as defaultInstance } from '~/i18n/config';

type CommonT = TFunction<'common'>;

const cachedT = new WeakMap<I18n, CommonT>();

/**
 * A `t` for the `common` catalogue that remembers every text asked for without options.
 * i18next 26 copies its whole options object on each call of a fixed `t` (a profile of the
 * shell showed it as the largest cost after the garbage collector); the catalogue is static,
 * so each text is built once per process and language. Calls with options (interpolation)
 * go through i18next as usual.
 */
export function createCachedT(instance: I18n): CommonT {
  const fixed = instance.getFixedT(null, 'common');
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
  return t as unknown as CommonT;
}

function useInstance(): I18n {
  return useContext(I18nContext)?.i18n ?? defaultInstance;
}

/**
 * The `common` catalogue's `t` for components on every page (shell, toasts, frames).
 * react-i18next's useTranslation costs about 35 µs per call on the server (it rebuilds its
 * options, namespace checks and a fixed `t` on every render); this hands out one cached `t`
 * per i18next instance, and those instances live for the whole process (decision 011). The
 * language is fixed to Spanish, so nothing has to re-render on a language change.
 */
export function useT(): CommonT {
  const instance = useInstance();
  let t = cachedT.get(instance);
  if (!t) {
    t = createCachedT(instance);
    cachedT.set(instance, t);
  }
  return t;
}

export function useLanguage(): string {
  return useInstance().language;
}
