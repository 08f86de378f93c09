import { Link } from 'react-router';
import type { Route } from './+types/profile';
import { readWithAuth } from '~/server/auth/auth.server';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { roadProfileFor } from '~/server/api/reference-data.server';
import dataTableStylesHref from '~/styles/data-table.css?url';
import { pageTitle } from '~/utils/meta';
import { reports } from '~/locales/es/reports';
import { registerNamespace } from '~/i18n/config';

registerNamespace('reports', reports);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: dataTableStylesHref }];

/**
 * The road profile for the administrator: the stretches with their sector and commune, the
 * only places a ticket can have (the API refuses others), so the summaries group by them.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { data: road } = await readWithAuth(context, ({ api }) => roadProfileFor(api));
  return { road };
}

export default function RoadProfileScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('reports');
  const km = useNumberFormat(3);
  const { road } = loaderData;
  return (
    <section className="screen road-profile">
      <h1>{t('road.title')}</h1>
      <p className="screen-note">{t('road.intro')}</p>
      <p>
        <Link to="axis">{t('road.axisLink')}</Link>
      </p>
      {road.segments.length === 0 ? (
        <p>{t('road.empty')}</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label={t('road.title')}>
          <table className="data-table">
            <caption className="visually-hidden">{t('road.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('road.from')}</th>
                <th scope="col">{t('road.to')}</th>
                <th scope="col">{t('road.sector')}</th>
                <th scope="col">{t('road.commune')}</th>
              </tr>
            </thead>
            <tbody>
              {road.segments.map((s) => (
                <tr key={s.kmFrom}>
                  <td>{km(s.kmFrom)}</td>
                  <td>{km(s.kmTo)}</td>
                  <th scope="row">{s.sector}</th>
                  <td>{s.commune}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(reports.road.title);
