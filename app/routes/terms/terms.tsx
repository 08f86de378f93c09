import type { Route } from './+types/terms';
import { PublicPage } from '~/components/shell/public-page';
import { PRIVACY_POLICY_PATH } from '~/components/shell/site-footer';
import { i18n, registerNamespace } from '~/i18n/config';
import { useT } from '~/hooks/use-t';
import { terms as termsTexts } from '~/locales/es/terms';
import { pageTitle } from '~/utils/meta';

registerNamespace('terms', termsTexts);

/** The terms the sign-up's checkbox asks to accept, public and linked from it (decision 175). */
export default function TermsPage() {
  const t = useT('terms');
  return (
    <PublicPage title={t('title')}>
      <article className="privacy-policy">
        <p>{t('intro')}</p>
        {termsTexts.sections.map((section) => (
          <section key={section.title}>
            <h2>{section.title}</h2>
            <p>{section.text}</p>
          </section>
        ))}
        <p>
          <a href={PRIVACY_POLICY_PATH}>{t('privacyLink')}</a>
        </p>
      </article>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('terms:title'));
