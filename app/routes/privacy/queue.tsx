import { Link } from 'react-router';
import type { Route } from './+types/queue';
import { formatDate } from '@contract/date-time';
import { privacyQueueQuerySchema, privacyQueueSchema, type PrivacyQueueQuery } from '@contract/privacy-requests';
import { readWithAuth } from '~/server/auth/auth.server';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { i18n, registerNamespace } from '~/i18n/config';
import { privacyRequests } from '~/locales/es/privacy-requests';
import { pageTitle } from '~/utils/meta';
import dataTableStylesHref from '~/styles/data-table.css?url';
import privacyStylesHref from '~/styles/privacy-requests.css?url';
import { DeadlineNote } from './deadline';

registerNamespace('privacyRequests', privacyRequests);

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: dataTableStylesHref },
  { rel: 'stylesheet', href: privacyStylesHref },
];

/** The address's tab and page; a value the API would refuse is dropped, not an error page. */
function queryOf(params: URLSearchParams): PrivacyQueueQuery {
  const raw: Record<string, string> = Object.fromEntries(params);
  const first = privacyQueueQuerySchema.safeParse(raw);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete raw[String(issue.path[0])];
  return privacyQueueQuerySchema.safeParse(raw).data ?? privacyQueueQuerySchema.parse({});
}

/** The admin's queue of requests under Ley 21.719 (decision 150): pending by deadline, or answered. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = queryOf(url.searchParams);
  const { data: queue } = await readWithAuth(context, ({ api }) => api.get('/api/privacy/requests', privacyQueueSchema, query));
  return { queue, status: query.status, pathname: url.pathname, now: Date.now() };
}

export default function PrivacyQueueScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('privacyRequests');
  const number = useNumberFormat();
  const { queue, status, pathname, now } = loaderData;
  const pages = Math.max(1, Math.ceil(queue.total / queue.size));
  const href = (change: { status?: string; page?: number }) => {
    const params = new URLSearchParams();
    const s = change.status ?? status;
    if (s !== 'PENDING') params.set('status', s);
    if (change.page) params.set('page', String(change.page));
    const search = params.toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  const pending = status === 'PENDING';
  return (
    <section className="screen">
      <h1>{t('queue.title')}</h1>
      <p className="screen-intro">{t('queue.intro')}</p>
      <p className="screen-note" aria-live="polite">
        {t('queue.summary', { pending: number(queue.pending), overdue: number(queue.overdue) })}
      </p>
      <nav aria-label={t('queue.tabs')}>
        <ul className="privacy-tabs">
          <li>
            <Link to={href({ status: 'PENDING', page: 0 })} aria-current={pending ? 'page' : undefined}>
              {t('queue.pending')}
            </Link>
          </li>
          <li>
            <Link to={href({ status: 'ANSWERED', page: 0 })} aria-current={pending ? undefined : 'page'}>
              {t('queue.answered')}
            </Link>
          </li>
        </ul>
      </nav>
      {queue.content.length === 0 ? (
        <p className="empty-state">{pending ? t('queue.emptyPending') : t('queue.emptyAnswered')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table data-table--cards">
            <caption>{t('queue.caption', { page: queue.page + 1, pages })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.number')}</th>
                <th scope="col">{t('columns.type')}</th>
                <th scope="col">{t('columns.requester')}</th>
                <th scope="col">{t('columns.filed')}</th>
                <th scope="col">{t('columns.due')}</th>
                <th scope="col">{t('columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.content.map((r) => (
                <tr key={r.id}>
                  <th scope="row" data-label={t('columns.number')}>
                    <Link to={`${pathname}/${r.id}`} aria-label={t('queue.open', { id: r.id })}>
                      {r.id}
                    </Link>
                  </th>
                  <td data-label={t('columns.type')}>
                    {t(`types.${r.type}`)}
                    {r.folio ? ` · ${r.folio}` : ''}
                  </td>
                  <td data-label={t('columns.requester')}>
                    {r.requester?.name}
                    {r.requester?.email ? (
                      <>
                        <br />
                        <small>{r.requester.email}</small>
                      </>
                    ) : null}
                  </td>
                  <td data-label={t('columns.filed')}>{formatDate(r.createdAt)}</td>
                  <td data-label={t('columns.due')}>
                    <span>{formatDate(r.dueAt)}</span> <DeadlineNote dueAt={r.dueAt} pending={r.status === 'PENDING'} now={now} />
                  </td>
                  <td data-label={t('columns.status')}>
                    <span className={r.status === 'PENDING' ? 'badge badge--warning' : 'badge badge--success'}>{t(`statuses.${r.status}`)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label={t('queue.pagination')}>
          <div className="pagination-links">
            {queue.page > 0 ? <Link to={href({ page: queue.page - 1 })}>{t('queue.previous')}</Link> : null}
            <span>{t('queue.caption', { page: queue.page + 1, pages })}</span>
            {queue.page + 1 < pages ? <Link to={href({ page: queue.page + 1 })}>{t('queue.next')}</Link> : null}
          </div>
        </nav>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('privacyRequests:queue.title'));
