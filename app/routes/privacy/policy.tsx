import { Link } from 'react-router';
import type { Route } from './+types/policy';
import { privacyPolicySchema } from '@contract/privacy-policy';
import { PublicPage } from '~/components/shell/public-page';
import { i18n, registerNamespace } from '~/i18n/config';
import { AREA_BY_ROLE } from '~/navigation/screens';
import { createApiClient } from '~/server/api/api-client.server';
import { readAuth, requestSession } from '~/server/auth/session.server';
import { pageTitle } from '~/utils/meta';
import { useT } from '~/hooks/use-t';
import { privacy as privacyTexts } from '~/locales/es/privacy';

registerNamespace('privacy', privacyTexts);

/** Where a signed-in person exercises their rights (another helper's screen, "Mi perfil → Mis datos"). */
export const myDataPath = (area: string) => `/${area}/profile/data`;

/**
 * "Política de privacidad" (Ley 19.628 as amended by Ley 21.719, art. 14 ter: the duty to inform; decision 146):
 * public, linked from every page's footer. The prose is here; the controller, the periods and the deadline come
 * from the API's configuration (GET /api/privacy/policy).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requestSession(request, context);
  const auth = readAuth(session);
  const policy = await createApiClient(request, session, null).get('/api/privacy/policy', privacyPolicySchema);
  return { policy, myData: auth ? myDataPath(AREA_BY_ROLE[auth.user.role]) : null };
}

const chileanDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('es-CL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const t = useT('privacy');
  const { policy, myData } = loaderData;
  const c = policy.controller;
  return (
    <PublicPage title={t('title')}>
      <article className="privacy-policy">
        <p data-testid="privacy-version">{t('version', { version: policy.version, date: chileanDate(policy.date) })}</p>
        <p>{t('intro')}</p>

        <h2>{t('controllerTitle')}</h2>
        <dl>
          <dt>{t('controllerName')}</dt>
          <dd>{c.name}</dd>
          <dt>{t('controllerRut')}</dt>
          <dd>{c.rut}</dd>
          <dt>{t('controllerAddress')}</dt>
          <dd>{c.address}</dd>
          <dt>{t('controllerEmail')}</dt>
          <dd>
            <a href={`mailto:${c.email}`}>{c.email}</a>
          </dd>
          <dt>{t('controllerPhone')}</dt>
          <dd>{c.phone}</dd>
        </dl>

        <h2>{t('purposesTitle')}</h2>
        <p>{t('purposesIntro')}</p>
        <ul>
          {policy.purposes.map(({ purpose, basis }) => (
            <li key={purpose}>
              {t(`purposes.${purpose}`)} <em>{t(`bases.${basis}`)}</em>
            </li>
          ))}
        </ul>

        <h2>{t('dataTitle')}</h2>
        <ul>
          {policy.dataKept.map((kind) => (
            <li key={kind}>{t(`data.${kind}`)}</li>
          ))}
        </ul>

        <h2>{t('recipientsTitle')}</h2>
        <ul>
          {policy.recipients.map((recipient) => (
            <li key={recipient}>{t(`recipients.${recipient}`)}</li>
          ))}
        </ul>
        <p>{t('recipientsNote')}</p>

        <h2>{t('retentionTitle')}</h2>
        <ul data-testid="privacy-retention">
          {policy.retention.map((row) => (
            <li key={row.kind}>
              <strong>{row.label}</strong>: {t('days', { count: row.days })} {row.from}.
            </li>
          ))}
        </ul>
        <p>{t('retentionNote')}</p>

        <h2>{t('rightsTitle')}</h2>
        <ul>
          {policy.rights.map((right) => (
            <li key={right}>{t(`rights.${right}`)}</li>
          ))}
        </ul>
        <h2>{t('howTitle')}</h2>
        <p>
          {t('howSignedIn')} {myData ? <Link to={myData}>{t('goToMyData')}</Link> : null}
        </p>
        <p>{t('howEmail', { email: c.email })}</p>
        <p>{t('deadline', { days: policy.requestDays })}</p>
        <p>{t('complaint')}</p>
      </article>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('privacy:title'));
