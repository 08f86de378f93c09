import { i18n } from '~/i18n/config';
import type { Screen } from '~/navigation';

/** The document title of a page: "<page> · Concesión Vial". */
export function pageTitle(page: string): { title: string }[] {
  return [{ title: i18n.t('common:app.fullTitle', { page }) }];
}

export function screenTitle(screen: Screen): { title: string }[] {
  return pageTitle(i18n.t(`common:screens.${screen}`));
}
