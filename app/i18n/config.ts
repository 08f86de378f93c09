import { messages } from '@contract/messages';
import type { es } from '~/locales/es';
import { common } from '~/locales/es/common';
import { events } from '~/locales/es/events';
import { createCatalogue, type Translator } from './catalogue';

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
export const SHELL_RESOURCES = { es: { common, messages, events } };

/** The browser's translations (and the meta functions' on the server): the shell's namespaces to start with. */
export function createShellCatalogue(lng: string = DEFAULT_LANGUAGE): Translator {
  return createCatalogue(lng, SHELL_RESOURCES);
}

/**
 * The one instance of this page (browser), and the one the server's meta functions and error
 * descriptions use. Rendering on the server uses remix-i18next's i18next instance (middleware.server.ts).
 */
export const i18n = createShellCatalogue();

type SplitNamespace = Exclude<keyof typeof es, keyof (typeof SHELL_RESOURCES)['es']>;

/**
 * Adds a screen's namespace to the process's instance, at the screen module's evaluation:
 * before it renders, in the server and in the browser alike.
 */
export function registerNamespace<N extends SplitNamespace>(name: N, bundle: (typeof es)[N], instance: Translator = i18n): void {
  for (const lng of SUPPORTED_LANGUAGES) {
    if (!instance.hasResourceBundle(lng, name)) instance.addResourceBundle(lng, name, bundle as Record<string, unknown>);
  }
}
