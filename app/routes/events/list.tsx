import { Button, ButtonLink } from '~/components/ui/button';
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/list';
import { canCreateTicket, canSeeEveryTicket } from '@contract/permissions';
import { ORIENTATIONS, TICKET_STATUSES, TICKET_TYPES } from '@contract/ticket-codes';
import { TICKET_SORTS, TICKET_TABS } from '@contract/ticket-list-options';
import type { TicketTab } from '@contract/ticket-list-options';
import { SORT_LABEL_KEYS } from '~/components/events/sort-labels';
import { readWithAuth } from '~/server/auth/auth.server';
import { PaginationLinks } from '~/components/events/pagination';
import { FilterSelect, FilterText } from '~/components/forms/filter-fields';
import { TicketTable } from '~/components/events/ticket-table';
import dataTableStylesHref from '~/styles/data-table.css?url';
import eventsStylesHref from '~/styles/events.css?url';
import { screenTitle } from '~/utils/meta';
import { seesTimeLeft } from '@contract/permissions';
import { fetchList, listFiltersOf, listPathFor } from './events.server';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { classificationsFor, operatorsFor, roadProfileFor } from '~/server/api/reference-data.server';
import { orientationLabel, roadPlaces } from '@contract/road-lookup';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: dataTableStylesHref },
  { rel: 'stylesheet', href: eventsStylesHref },
];

const PAGE_SIZE = 10;
/** What the address may carry besides page: the tab, every filter and the sort. */
const FILTER_KEYS = [
  'tab', 'status', 'classificationId', 'type', 'sector', 'commune', 'orientation',
  'kmFrom', 'kmTo', 'dateFrom', 'dateTo', 'assignedToId', 'late', 'q', 'sort',
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = listFiltersOf(url.searchParams, FILTER_KEYS);
  // The late list, most overdue first unless another order was asked for (decision 168).
  if (filters.late === 'true' && !filters.sort) filters.sort = 'dueAt:asc';
  const page = Math.max(0, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '0', 10) || 0));
  const {
    auth: { user },
    data: [list, classifications, operators, road],
  } = await readWithAuth(context, ({ api, user }) =>
    Promise.all([
      fetchList(api, listPathFor(user), { ...filters, page, size: PAGE_SIZE }, seesTimeLeft(user.role)),
      classificationsFor(api, user.role),
      canSeeEveryTicket(user.role) ? operatorsFor(api, user.role) : Promise.resolve([]),
      roadProfileFor(api),
    ]),
  );
  const staffView = canSeeEveryTicket(user.role);
  // Past the last page (an old link): the last page.
  if (list.content.length === 0 && list.total > 0 && page > 0) {
    throw redirect(listHref(url.pathname, filters, Math.ceil(list.total / list.size) - 1));
  }
  return {
    list,
    filters,
    // The filter's choices: a name for each id.
    classifications: classifications.map(({ id, name }) => ({ id, name })),
    operators: operators.map(({ id, name }) => ({ id, name })),
    // Tickets take their place from the road profile (decision 122): its places are the choices.
    places: roadPlaces(road),
    // Shown beside each orientation's label (decision 157).
    destinations: road.destinations,
    canCreate: canCreateTicket(user.role),
    staffView,
    pathname: url.pathname,
  };
}

/** The list's address with the given filters and page; empty values are left out. */
function listHref(pathname: string, filters: Record<string, string>, page = 0): string {
  const params = new URLSearchParams(filters);
  if (page > 0) params.set('page', String(page));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

export default function EventsScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('events');
  const navigation = useNavigation();
  const { list, filters, classifications, operators, places, destinations, canCreate, staffView, pathname } = loaderData;
  const tab = (filters.tab ?? 'all') as TicketTab;
  const pages = Math.max(1, Math.ceil(list.total / list.size));
  const from = list.total === 0 ? 0 : list.page * list.size + 1;
  const to = Math.min(list.total, list.page * list.size + list.content.length);
  const number = useNumberFormat();
  const { tab: _tab, ...withoutTab } = filters;
  const filtered = Object.keys(withoutTab).some((key) => key !== 'sort');
  // Filters inside the disclosure that narrow the list (the search box and the order are outside the count).
  const activeFilters = Object.keys(withoutTab).filter((key) => key !== 'sort' && key !== 'q').length;
  const caption =
    list.total === 0
      ? t('table.captionEmpty')
      : t(list.totalCapped ? 'table.captionCapped' : 'table.caption', { from: number(from), to: number(to), total: number(list.total) });

  return (
    <section className="screen">
      <div className="screen-heading">
        <h1>{t('title')}</h1>
        {canCreate ? (
          <ButtonLink to={`${pathname}/new`} variant="contained">
            {t('create')}
          </ButtonLink>
        ) : null}
      </div>

      <ul className="ticket-counters" aria-label={t('counters.label')}>
        <Counter href={listHref(pathname, { status: 'NEW' })} label={t('counters.new')} value={number(list.counters.new)} />
        <Counter href={listHref(pathname, { tab: 'active', late: 'true', sort: 'dueAt:asc' })} label={t('counters.late')} value={number(list.counters.late)} />
        <Counter href={listHref(pathname, { tab: 'closed' })} label={t('counters.closed')} value={number(list.counters.closed)} />
      </ul>

      <nav className="ticket-tabs" aria-label={t('tabs.label')}>
        {TICKET_TABS.map((name) => (
          <Link
            key={name}
            to={listHref(pathname, { ...withoutTab, ...(name === 'all' ? {} : { tab: name }) })}
            aria-current={tab === name ? 'page' : undefined}
          >
            {t(`tabs.${name}`)}
          </Link>
        ))}
      </nav>

      {/* A GET form: the filtered list is an address that can be shared and bookmarked. */}
      <Form method="get" className="filters ticket-filters" role="search" aria-label={t('filters.label')} key={JSON.stringify(filters)}>
        {filters.tab ? <input type="hidden" name="tab" value={filters.tab} /> : null}
        {filters.late ? <input type="hidden" name="late" value={filters.late} /> : null}
        <FilterText className="filters-search" name="q" type="search" label={t('filters.q')} defaultValue={filters.q} maxLength={100} />
        <div className="filters-actions">
          <Button type="submit" variant="outlined">
            {t('filters.submit')}
          </Button>
          {filtered ? <Link to={listHref(pathname, filters.tab ? { tab: filters.tab } : {})}>{t('filters.clear')}</Link> : null}
        </div>
        {/* The other filters behind a plain disclosure, so a phone sees the list first (decision 101). */}
        <details className="filters-more">
          <summary>{activeFilters === 0 ? t('filters.more') : t(activeFilters === 1 ? 'filters.moreActiveOne' : 'filters.moreActive', { count: activeFilters })}</summary>
          <div className="filters-more-fields">
            <FilterSelect name="status" label={t('filters.status')} defaultValue={filters.status} allLabel={t('filters.all')}>
              {TICKET_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`statuses.${status}`)}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect name="type" label={t('filters.type')} defaultValue={filters.type} allLabel={t('filters.all')}>
              {TICKET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect name="classificationId" label={t('filters.classificationId')} defaultValue={filters.classificationId} allLabel={t('filters.all')}>
              {classifications.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect name="sector" label={t('filters.sector')} defaultValue={filters.sector} allLabel={t('filters.all')}>
              {places.sectors.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect name="commune" label={t('filters.commune')} defaultValue={filters.commune} allLabel={t('filters.all')}>
              {places.communes.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect name="orientation" label={t('filters.orientation')} defaultValue={filters.orientation} allLabel={t('filters.all')}>
              {ORIENTATIONS.map((o) => (
                <option key={o} value={o}>
                  {orientationLabel(o, destinations)}
                </option>
              ))}
            </FilterSelect>
            <FilterText className="filters-narrow" name="kmFrom" label={t('filters.kmFrom')} defaultValue={filters.kmFrom} inputMode="decimal" maxLength={9} />
            <FilterText className="filters-narrow" name="kmTo" label={t('filters.kmTo')} defaultValue={filters.kmTo} inputMode="decimal" maxLength={9} />
            <FilterText name="dateFrom" type="date" label={t('filters.dateFrom')} defaultValue={filters.dateFrom} />
            <FilterText name="dateTo" type="date" label={t('filters.dateTo')} defaultValue={filters.dateTo} />
            {staffView ? (
              <FilterSelect name="assignedToId" label={t('filters.assignedToId')} defaultValue={filters.assignedToId} allLabel={t('filters.all')}>
                <option value="none">{t('filters.none')}</option>
                {operators.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </FilterSelect>
            ) : null}
            <FilterSelect name="sort" label={t('filters.sort')} defaultValue={filters.sort}>
              {TICKET_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`filters.sorts.${SORT_LABEL_KEYS[sort]}`)}
                </option>
              ))}
            </FilterSelect>
          </div>
        </details>
      </Form>

      <div aria-busy={navigation.state !== 'idle' || undefined}>
        <TicketTable
          tickets={list.content}
          caption={caption}
          emptyText={t(filtered ? 'table.noMatches' : 'table.empty')}
          detailBase={pathname}
          destinations={destinations}
        />
      </div>

      <PaginationLinks page={list.page} pages={pages} hrefFor={(page) => listHref(pathname, filters, page)} label={t('pagination.label')} />
    </section>
  );
}

function Counter({ href, label, value }: { href: string; label: string; value: string }) {
  return (
    <li>
      <Link to={href} className="ticket-counter">
        <span className="ticket-counter-value">{value}</span>
        <span className="ticket-counter-label">{label}</span>
      </Link>
    </li>
  );
}

export const meta: Route.MetaFunction = () => screenTitle('events');
