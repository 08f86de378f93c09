import { createInstance, type i18n as I18n } from 'i18next';
import { messages } from '@contract/messages';
import type { es } from '~/locales/es';
import { common } from '~/locales/es/common';
import { events } from '~/locales/es/events';

export const DEFAULT_LANGUAGE = 'es';
export const SUPPORTED_LANGUAGES = ['es'] as const;
export const DEFAULT_NAMESPACE = 'common';

/** The whole catalogue's shape, for typed keys (i18next.d.ts). */
export type Resources = { es: typeof es };

/**
 * What every page needs: the shell, the errors and the events screens (the largest and most
 * used). The other namespaces come with the screens that use them (`registerNamespace`), so a
 * page's first load does not carry the whole catalogue; the server registers every one at start
 * (middleware.server.ts).
 */
const SHELL_RESOURCES = { es: { common, messages, events } };

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
    resources: SHELL_RESOURCES,
    ns: Object.keys(SHELL_RESOURCES.es),
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

type SplitNamespace = Exclude<keyof typeof es, keyof (typeof SHELL_RESOURCES)['es']>;

/**
 * Adds a screen's namespace to the process's instance, at the screen module's evaluation:
 * before it renders, in the server and in the browser alike.
 */
export function registerNamespace<N extends SplitNamespace>(name: N, bundle: (typeof es)[N], instance: I18n = i18n): void {
  for (const lng of SUPPORTED_LANGUAGES) {
    if (!instance.hasResourceBundle(lng, name)) instance.addResourceBundle(lng, name, bundle);
  }
}
