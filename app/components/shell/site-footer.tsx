import { useT } from '~/hooks/use-t';

/** Where the privacy policy is, on every page (Ley 21.719 art. 14 ter; decision 146). A plain link: no script needed. */
export const PRIVACY_POLICY_PATH = '/privacidad';

export function SiteFooter() {
  const t = useT();
  return (
    <footer className="site-footer" aria-label={t('footer.label')}>
      <a href={PRIVACY_POLICY_PATH}>{t('footer.privacy')}</a>
    </footer>
  );
}
