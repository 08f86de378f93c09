import { createInstance, type i18n as I18n } from 'i18next';
import { es } from '~/locales/es';

export const DEFAULT_LANGUAGE = 'es';
export const SUPPORTED_LANGUAGES = ['es'] as const;
export const DEFAULT_NAMESPACE = 'common';

export const resources = { es } as const;

/**
 * Builds an initialised i18next instance for one language. The catalogue is bundled, so
 * initialisation is synchronous: no backend, no network, no suspense.
 */
export function createI18n(lng: string = DEFAULT_LANGUAGE): I18n {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    resources,
    ns: Object.keys(es),
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
    // React escapes text; i18next must not escape it a second time.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * The one instance of this process (server) or page (browser). The language is fixed
 * to Spanish, so requests never need instances of their own.
 */
export const i18n = createI18n();
