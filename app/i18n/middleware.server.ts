import { createInstance, type i18n as I18n } from 'i18next';
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { LanguageDetector } from 'remix-i18next/server';
import { es } from '~/locales/es';
import type { Translator } from './catalogue';
import { DEFAULT_LANGUAGE, DEFAULT_NAMESPACE, SHELL_RESOURCES, SUPPORTED_LANGUAGES, i18n as shellCatalogue } from './config';

/**
 * An initialised i18next instance for one language. The catalogue is bundled, so
 * initialisation is synchronous: no backend, no network, no suspense.
 */
export function createI18n(lng: string = DEFAULT_LANGUAGE): I18n {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    // A copy: i18next keeps the object it is given and adds every later namespace to it, which would
    // change the browser catalogue's starting set (createShellCatalogue) in this process too.
    resources: { es: { ...SHELL_RESOURCES.es } },
    ns: Object.keys(SHELL_RESOURCES.es),
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
    // React escapes text; i18next must not escape it a second time.
    interpolation: { escapeValue: false },
  });
  return instance;
}

/**
 * The language's i18next instance, created once per process: the language is fixed to Spanish,
 * so requests never need instances of their own.
 */
const i18n = createI18n();

/** The server renders every screen: its instances hold the whole catalogue from the start. */
function withWholeCatalogue<T extends Translator>(instance: T): T {
  for (const lng of SUPPORTED_LANGUAGES) {
    for (const [name, bundle] of Object.entries(es)) {
      if (!instance.hasResourceBundle(lng, name)) instance.addResourceBundle(lng, name, bundle as Record<string, unknown>);
    }
  }
  return instance;
}
withWholeCatalogue(i18n);
// The meta functions' catalogue (config.ts) names screens of every namespace on the server.
withWholeCatalogue(shellCatalogue);

/**
 * remix-i18next 7.5's createI18nextMiddleware builds and initialises a new i18next
 * instance on every request (about 11% of CPU in the trial). The catalogue is fixed
 * and bundled, so this middleware hands out instances created once per language.
 */
const instances = new Map<string, I18n>([[DEFAULT_LANGUAGE, i18n]]);

function instanceFor(lng: string): I18n {
  let instance = instances.get(lng);
  if (!instance) {
    instance = withWholeCatalogue(createI18n(lng));
    instances.set(lng, instance);
  }
  return instance;
}

const detector = new LanguageDetector({
  supportedLanguages: [...SUPPORTED_LANGUAGES],
  fallbackLanguage: DEFAULT_LANGUAGE,
  order: ['header'],
});

/**
 * The default value answers requests the middleware never saw (no route matched), so
 * `context.get` never throws "No value found for context".
 */
const i18nContext = createContext<I18n>(i18n);

export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const lng = SUPPORTED_LANGUAGES.length === 1 ? DEFAULT_LANGUAGE : await detector.detect(request);
  context.set(i18nContext, instanceFor(lng));
  return next();
};

export function getI18n(context: Readonly<RouterContextProvider> | undefined): I18n {
  return context ? context.get(i18nContext) : i18n;
}
