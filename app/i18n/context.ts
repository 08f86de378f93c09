import { createContext } from 'react';
import type { Translator } from './catalogue';

/**
 * The request's translation instance while the server renders (remix-i18next's i18next, from
 * app/entry.server.tsx). In the browser nothing provides it: screens use the page's catalogue.
 */
export const TranslatorContext = createContext<Translator | null>(null);
