import type { Screen } from '~/navigation';
import { useT } from './use-t';

/** A role screen whose content another issue builds: a real route with its heading. */
export function ScreenPlaceholder({ screen }: { screen: Screen }) {
  const t = useT();
  return (
    <section className="screen">
      <h1>{t(`screens.${screen}`)}</h1>
      <p className="screen-note">{t('screens.placeholder')}</p>
    </section>
  );
}
