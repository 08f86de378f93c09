import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/access-record';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { FilterSelect, FilterText } from '~/components/forms/filter-fields';
import { pagedOf } from '@contract/envelope';
import { formatDateTime } from '@contract/date-time';
import { DEFAULT_PAGE_SIZE } from '@contract/paging';
import { ACCESS_RECORD_WHATS, accessRecordEntrySchema, accessRecordQuerySchema, type AccessRecordEntry, type AccessRecordQuery } from '@contract/privacy-access-record';
import { requireAuth } from '~/server/auth/auth.server';
import { AREA_BY_ROLE } from '~/navigation/screens';
import dataTableStylesHref from '~/styles/data-table.css?url';
import { pageTitle } from '~/utils/meta';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { accessRecord } from '~/locales/es/access-record';
import { registerNamespace } from '~/i18n/config';

registerNamespace('accessRecord', accessRecord);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: dataTableStylesHref }];

/** The filters as typed (kept in the form), and the query the API gets; a malformed value is dropped, not an error page. */
const FILTERS = ['actor', 'subject', 'folio', 'what', 'from', 'to'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

function queryOf(params: URLSearchParams): { filters: Filters; query: AccessRecordQuery } {
  const raw: Record<string, string> = Object.fromEntries(params);
  const filters: Filters = {};
  for (const key of FILTERS) if (raw[key]?.trim()) filters[key] = raw[key]!.trim().slice(0, 120);
  const first = accessRecordQuerySchema.safeParse(raw);
  if (first.success) return { filters, query: first.data };
  for (const issue of first.error.issues) delete raw[String(issue.path[0])];
  return { filters, query: accessRecordQuerySchema.safeParse(raw).data ?? accessRecordQuerySchema.parse({}) };
}

/** Who read drivers' personal data (decision 151): the admin and the inspector; the area guard keeps others out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, user } = await requireAuth(context);
  const url = new URL(request.url);
  const { filters, query } = queryOf(url.searchParams);
  const result = await api.call('GET', '/api/privacy/access-record', { schema: pagedOf(accessRecordEntrySchema), query });
  const area = AREA_BY_ROLE[user.role];
  const empty = { content: [] as AccessRecordEntry[], page: 0, size: query.size, total: 0 };
  if (!result.ok) {
    // An unknown person or folio, reversed dates: said beside the form, which keeps what was typed.
    if (result.status !== 400) throw data({ reason: 'api-error', message: result.message }, { status: result.status });
    return data({ area, filters, query, list: empty, errors: Object.values(result.fields).length > 0 ? Object.values(result.fields) : [result.message], here: url.pathname }, { status: 400 });
  }
  return { area, filters, query, list: result.payload, errors: [] as string[], here: url.pathname };
}

function pageHref(pathname: string, filters: Filters, size: number, page: number) {
  const params = new URLSearchParams();
  for (const key of FILTERS) if (filters[key]) params.set(key, filters[key]!);
  if (size !== DEFAULT_PAGE_SIZE) params.set('size', String(size));
  if (page) params.set('page', String(page));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

export default function AccessRecordScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('accessRecord');
  const number = useNumberFormat();
  const navigation = useNavigation();
  const { area, filters, list, errors, here } = loaderData;
  const pages = Math.max(1, Math.ceil(list.total / list.size));
  const from = list.total === 0 ? 0 : list.page * list.size + 1;
  const to = Math.min(list.total, list.page * list.size + list.content.length);
  const filtered = FILTERS.some((key) => filters[key]);

  return (
    <section className="screen">
      <h1>{t('title')}</h1>
      <p className="screen-note">{t('intro')}</p>

      {errors.length > 0 ? (
        <Alert severity="error" role="alert">
          <strong>{t('errorsTitle')}.</strong> {errors.join('. ')}
        </Alert>
      ) : null}

      {/* A GET form: the search is part of the address, with or without JavaScript. */}
      <Form method="get" className="filters" role="search" aria-label={t('filters.label')} key={JSON.stringify(filters)}>
        <FilterText name="actor" label={t('filters.actor')} defaultValue={filters.actor} maxLength={120} />
        <FilterText name="subject" label={t('filters.subject')} defaultValue={filters.subject} maxLength={120} />
        <FilterText name="folio" label={t('filters.folio')} defaultValue={filters.folio} maxLength={40} />
        <FilterSelect name="what" label={t('filters.what')} defaultValue={filters.what} allLabel={t('filters.all')}>
          {ACCESS_RECORD_WHATS.map((what) => (
            <option key={what} value={what}>
              {t(`whats.${what}`)}
            </option>
          ))}
        </FilterSelect>
        <FilterText name="from" type="date" label={t('filters.from')} defaultValue={filters.from} />
        <FilterText name="to" type="date" label={t('filters.to')} defaultValue={filters.to} />
        <div className="filters-actions">
          <Button type="submit" variant="outlined">
            {t('filters.submit')}
          </Button>
          {filtered ? <Link to={here}>{t('filters.clear')}</Link> : null}
        </div>
      </Form>

      <div className="table-wrap" aria-busy={navigation.state !== 'idle' || undefined}>
        <table className="data-table data-table--cards">
          <caption>{list.total === 0 ? t('table.captionEmpty') : t('table.caption', { from: number(from), to: number(to), total: number(list.total) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.at')}</th>
              <th scope="col">{t('table.actor')}</th>
              <th scope="col">{t('table.subject')}</th>
              <th scope="col">{t('table.what')}</th>
              <th scope="col">{t('table.folio')}</th>
            </tr>
          </thead>
          <tbody>
            {list.content.length === 0 ? (
              <tr>
                <td colSpan={5} className="empty">
                  {t(filtered ? 'table.noMatches' : 'table.empty')}
                </td>
              </tr>
            ) : (
              list.content.map((entry) => (
                <tr key={entry.id}>
                  <th scope="row">
                    <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  </th>
                  <td className="breakable" data-label={t('table.actor')}>
                    {entry.actorName} ({t(`roles.${entry.actorRole}`)})
                  </td>
                  <td className="breakable" data-label={t('table.subject')}>
                    {entry.subjectName ?? t('table.nobody')}
                  </td>
                  <td data-label={t('table.what')}>{t(`whats.${entry.what}`)}</td>
                  <td className="nowrap" data-label={t('table.folio')}>
                    {entry.folio && entry.ticketId ? <Link to={`/${area}/events/${entry.ticketId}`}>{entry.folio}</Link> : t('table.nobody')}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <nav className="pagination" aria-label={t('pagination.label')}>
        <p className="pagination-summary">{t('pagination.page', { page: number(list.page + 1), pages: number(pages) })}</p>
        <div className="pagination-links">
          {list.page > 0 ? (
            <Link to={pageHref(here, filters, list.size, list.page - 1)} rel="prev">
              {t('pagination.previous')}
            </Link>
          ) : (
            <span aria-disabled="true">{t('pagination.previous')}</span>
          )}
          {list.page + 1 < pages ? (
            <Link to={pageHref(here, filters, list.size, list.page + 1)} rel="next">
              {t('pagination.next')}
            </Link>
          ) : (
            <span aria-disabled="true">{t('pagination.next')}</span>
          )}
        </div>
      </nav>
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(accessRecord.title);
