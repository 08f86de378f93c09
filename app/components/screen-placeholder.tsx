import { useTranslation } from 'react-i18next';
import type { Screen } from '~/navigation';

/** A role screen whose content another issue builds: a real route with its heading. */
export function ScreenPlaceholder({ screen }: { screen: Screen }) {
  const { t } = useTranslation();
  return (
    <section className="screen">
      <h1>{t(`screens.${screen}`)}</h1>
      <p className="screen-note">{t('screens.placeholder')}</p>
    </section>
  );
}
