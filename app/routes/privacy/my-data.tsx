import { data, Link } from 'react-router';
import type { Route } from './+types/my-data';
import { ROLE_AREAS } from '@contract/roles';
import { requireAuth, roleHasPath } from '~/server/auth/auth.server';
import { Alert } from '~/components/ui/alert';
import { useT } from '~/hooks/use-t';
import { registerNamespace } from '~/i18n/config';
import { myData } from '~/locales/es/my-data';
import eventsStylesHref from '~/styles/events.css?url';
import { pageTitle } from '~/utils/meta';

registerNamespace('myData', myData);

// events.css brings the panels Mi perfil uses too.
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: eventsStylesHref }];

/** Why the last download came back to this page (my-data-download.ts), and the status the page answers with. */
const DOWNLOAD_ERRORS = { busy: 409, failed: 503 } as const;
type DownloadError = keyof typeof DOWNLOAD_ERRORS;
const isDownloadError = (value: string | null): value is DownloadError => value !== null && value in DOWNLOAD_ERRORS;

/**
 * Mis datos (issue 34, docs/decisions/148-access-and-portability-file.md): in every role's area, what the
 * concession keeps about the person, the download of their file (arts. 5 and 9), and the ways to their other
 * rights. The requests and deletion pages are linked when the role has them (app/navigation/area-routes.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireAuth(context);
  const error = new URL(request.url).searchParams.get('error');
  const body = {
    area: ROLE_AREAS[user.role],
    requests: roleHasPath(user.role, 'profile/data/requests'),
    deletion: roleHasPath(user.role, 'profile/data/delete'),
    error: isDownloadError(error) ? error : null,
  };
  return data(body, body.error ? { status: DOWNLOAD_ERRORS[body.error] } : undefined);
}

export default function MyDataScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('myData');
  const { area, requests, deletion, error } = loaderData;
  const kept = t('kept', { returnObjects: true }) as readonly string[];
  return (
    <section className="screen my-data">
      <h1>{t('title')}</h1>
      <p className="screen-intro">{t('intro')}</p>

      <section className="panel" aria-labelledby="kept-title">
        <h2 id="kept-title">{t('keptTitle')}</h2>
        <ul>
          {kept.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <section className="panel" aria-labelledby="download-title">
        <h2 id="download-title">{t('downloadTitle')}</h2>
        {error ? (
          <Alert severity="error" role="alert">
            {t(`errors.${error}`)}
          </Alert>
        ) : null}
        <p className="screen-note">{t('downloadIntro')}</p>
        {/* A plain link to a resource route: the browser downloads the file, with or without JavaScript. */}
        <p>
          <a className="button button--contained" href={`/${area}/profile/data/download`} download>
            {t('download')}
          </a>
        </p>
        <p className="screen-note">{t('downloadNote')}</p>
      </section>

      <section className="panel" aria-labelledby="correct-title">
        <h2 id="correct-title">{t('correctTitle')}</h2>
        <p>
          {t('correctProfile')} <Link to={`/${area}/profile`}>{t('profileLink')}</Link>.
        </p>
        <p>{t('correctEvent')}</p>
      </section>

      {requests || deletion ? (
        <section className="panel" aria-labelledby="requests-title">
          <h2 id="requests-title">{t('requestsTitle')}</h2>
          {requests ? (
            <p>
              {t('requestsIntro')} <Link to={`/${area}/profile/data/requests`}>{t('requestsLink')}</Link>
            </p>
          ) : null}
          {deletion ? (
            <p>
              {t('deleteIntro')} <Link to={`/${area}/profile/data/delete`}>{t('deleteLink')}</Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(myData.title);
