import { Button, ButtonLink } from '~/components/ui/button';
import { derivedKey } from '@contract/idempotency';
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/list';
import { FilterSelect, FilterText } from '~/components/forms/filter-fields';
import { pagedOf } from '@contract/envelope';
import { messages } from '@contract/messages';
import { DEFAULT_PAGE_SIZE } from '@contract/paging';
import { profileSchema, userListQuerySchema, type Profile, type UserListQuery } from '@contract/profile';
import { PROFILE_STATUSES } from '@contract/profile-fields';
import { formatPhone } from '@contract/phone';
import { ROLES } from '@contract/roles';
import { formatRut } from '@contract/rut';
import { z } from '@contract/zod';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { addToast, requestSession, redirectWithToasts } from '~/server/auth/session.server';
import dataTableStylesHref from '~/styles/data-table.css?url';
import { screenTitle } from '~/utils/meta';

import { useNumberFormat, useT } from '~/hooks/use-t';
import { users } from '~/locales/es/users';
import { registerNamespace } from '~/i18n/config';
import { fullName } from '@contract/person-name';
import { forgetOperators } from '~/server/api/reference-data.server';
import { sendKeepingTheForm } from '~/offline/link-failure';

registerNamespace('users', users);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: dataTableStylesHref }];

/** The address's search and filters; a value the API would refuse is dropped, not an error page. */
function listQueryOf(params: URLSearchParams): UserListQuery {
  const raw: Record<string, string> = Object.fromEntries(params);
  const first = userListQuerySchema.safeParse(raw);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete raw[String(issue.path[0])];
  return userListQuerySchema.safeParse(raw).data ?? userListQuerySchema.parse({});
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = listQueryOf(url.searchParams);
  const {
    auth: { user },
    data: list,
  } = await readWithAuth(context, ({ api }) => api.get('/api/user/list', pagedOf(profileSchema), query));
  // Past the last page (the last user of a page was just deleted, an old link): the last page.
  if (list.content.length === 0 && list.total > 0 && query.page > 0) {
    throw redirect(listHref(url.pathname, query, { page: Math.ceil(list.total / list.size) - 1 }));
  }
  // Each row's suspend or reactivate form derives its one-time key from it (decision 137).
  return { list, query, selfId: user.id, here: url.pathname + url.search, submissionNonce: newSubmissionKey() };
}

const statusActionSchema = z.object({ intent: z.enum(['suspend', 'reactivate']), uuid: z.uuid() });

/** Suspend and reactivate, posted from a row; back to the same list with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireAuth(context);
  const session = await requestSession(request, context);
  const formData = await request.formData();
  const parsed = statusActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    addToast(session, 'error', messages.badRequest);
  } else {
    const { intent, uuid } = parsed.data;
    const result = await api.call('POST', `/api/profile/${intent === 'suspend' ? 'disable' : 'enable'}/${uuid}`, writeOptionsOf(formData));
    forgetOperators();
    // Refusals (their own account, the last active admin) come back as the API's message.
    if (!result.ok) addToast(session, 'error', result.message);
    else addToast(session, 'success', intent === 'suspend' ? messages.userSuspended : messages.userReactivated);
  }
  const url = new URL(request.url);
  throw await redirectWithToasts(session, url.pathname + url.search);
}

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

/** The list's address with some parameters changed; empty values are left out. */
function listHref(pathname: string, query: UserListQuery, change: Partial<Record<keyof UserListQuery, string | number | undefined>>) {
  const merged = { ...query, ...change };
  const params = new URLSearchParams();
  if (merged.q) params.set('q', String(merged.q));
  if (merged.profileCode) params.set('profileCode', String(merged.profileCode));
  if (merged.status) params.set('status', String(merged.status));
  if (merged.size && Number(merged.size) !== DEFAULT_PAGE_SIZE) params.set('size', String(merged.size));
  if (merged.page) params.set('page', String(merged.page));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

export default function UsersScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('users');
  const navigation = useNavigation();
  const { list, query, selfId, here, submissionNonce } = loaderData;
  const pathname = here.split('?')[0]!;
  const pages = Math.max(1, Math.ceil(list.total / list.size));
  const from = list.total === 0 ? 0 : list.page * list.size + 1;
  const to = Math.min(list.total, list.page * list.size + list.content.length);
  const filtered = Boolean(query.q || query.profileCode || query.status);
  const number = useNumberFormat();
  const fromParam = `?from=${encodeURIComponent(here)}`;
  const busy = navigation.state !== 'idle';

  return (
    <section className="screen">
      <div className="screen-heading">
        <h1>{t('title')}</h1>
        <ButtonLink to={`${pathname}/new${fromParam}`} variant="contained">
          {t('create')}
        </ButtonLink>
      </div>
      <p>
        <Link className="standalone-link" to={pathname.replace(/\/users$/, '/privacy/requests')}>{t('privacyRequests')}</Link>
      </p>

      {/* A GET form: the search is part of the address, so it can be shared and bookmarked. */}
      <Form method="get" className="filters" role="search" aria-label={t('filters.label')} key={here}>
        <FilterText className="filters-search" name="q" type="search" label={t('filters.q')} defaultValue={query.q} maxLength={100} />
        <FilterSelect name="profileCode" label={t('filters.profileCode')} defaultValue={query.profileCode} allLabel={t('filters.all')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect name="status" label={t('filters.status')} defaultValue={query.status} allLabel={t('filters.all')}>
          {PROFILE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`statuses.${status}`)}
            </option>
          ))}
        </FilterSelect>
        <div className="filters-actions">
          <Button type="submit" variant="outlined">
            {t('filters.submit')}
          </Button>
          {filtered ? <Link to={pathname}>{t('filters.clear')}</Link> : null}
        </div>
      </Form>

      <div className="table-wrap" aria-busy={busy || undefined}>
        <table className="data-table data-table--cards">
          <caption>{list.total === 0 ? t('table.captionEmpty') : t('table.caption', { from: number(from), to: number(to), total: number(list.total) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.name')}</th>
              <th scope="col">{t('table.email')}</th>
              <th scope="col">{t('table.rut')}</th>
              <th scope="col">{t('table.phone')}</th>
              <th scope="col">{t('table.profileCode')}</th>
              <th scope="col">{t('table.status')}</th>
              <th scope="col">{t('table.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.content.length === 0 ? (
              <tr>
                <td colSpan={7} className="empty">
                  {t(filtered ? 'table.noMatches' : 'table.empty')}
                </td>
              </tr>
            ) : (
              list.content.map((profile) => (
                <UserRow key={profile.uuid} profile={profile} self={profile.uuid === selfId} fromParam={fromParam} pathname={pathname} submissionNonce={submissionNonce} />
              ))
            )}
          </tbody>
        </table>
      </div>

      <nav className="pagination" aria-label={t('pagination.label')}>
        <p className="pagination-summary">{t('pagination.page', { page: number(list.page + 1), pages: number(pages) })}</p>
        <div className="pagination-links">
          {list.page > 0 ? (
            <Link to={listHref(pathname, query, { page: list.page - 1 })} rel="prev">
              {t('pagination.previous')}
            </Link>
          ) : (
            <span aria-disabled="true">{t('pagination.previous')}</span>
          )}
          {list.page + 1 < pages ? (
            <Link to={listHref(pathname, query, { page: list.page + 1 })} rel="next">
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

function UserRow({
  profile,
  self,
  fromParam,
  pathname,
  submissionNonce,
}: {
  profile: Profile;
  self: boolean;
  fromParam: string;
  pathname: string;
  submissionNonce: string;
}) {
  const t = useT('users');
  const name = fullName(profile);
  const suspended = profile.status === 'SUSPENDED';
  return (
    <tr>
      <th scope="row">
        {name}
        {self ? ` ${t('table.you')}` : null}
      </th>
      <td className="breakable" data-label={t('table.email')}>{profile.email}</td>
      <td className="nowrap" data-label={t('table.rut')}>{profile.rut ? formatRut(profile.rut) : ''}</td>
      <td className="nowrap" data-label={t('table.phone')}>{profile.phone ? formatPhone(profile.phone) : ''}</td>
      <td data-label={t('table.profileCode')}>{t(`roles.${profile.profileCode}`)}</td>
      <td data-label={t('table.status')}>
        <span className={`badge ${suspended ? 'badge--warning' : 'badge--success'}`}>{t(`statuses.${profile.status}`)}</span>
      </td>
      <td data-label={t('table.actions')}>
        <div className="row-actions">
          <Link className="row-action" to={`${pathname}/${profile.uuid}/edit${fromParam}`} aria-label={t('actions.editUser', { name })}>
            {t('actions.edit')}
          </Link>
          {/* An admin cannot suspend or delete their own account; the API refuses it as well. */}
          {self ? null : (
            <>
              <Form method="post">
                <input type="hidden" name="uuid" value={profile.uuid} />
                <SubmissionKeyField value={derivedKey(submissionNonce, `status-${profile.uuid}`)} />
                <button
                  type="submit"
                  name="intent"
                  value={suspended ? 'reactivate' : 'suspend'}
                  className="row-action"
                  aria-label={t(suspended ? 'actions.reactivateUser' : 'actions.suspendUser', { name })}
                >
                  {t(suspended ? 'actions.reactivate' : 'actions.suspend')}
                </button>
              </Form>
              <Link
                className="row-action row-action--danger"
                to={`${pathname}/${profile.uuid}/delete${fromParam}`}
                aria-label={t('actions.deleteUser', { name })}
              >
                {t('actions.delete')}
              </Link>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

export const meta: Route.MetaFunction = () => screenTitle('users');
