import { createCachedT } from '~/hooks/use-t';
import { i18n } from '~/i18n/config';
import type { Screen } from '~/navigation/screens';

/** The shell catalogue's texts, read once (see createCachedT): every page asks for its title. */
export const commonT = createCachedT(i18n);

/** The document title of a page: "<page> · Concesión Vial". */
export function pageTitle(page: string): { title: string }[] {
  return [{ title: commonT('app.fullTitle', { page }) }];
}

export function screenTitle(screen: Screen): { title: string }[] {
  return pageTitle(commonT(`screens.${screen}`));
}
