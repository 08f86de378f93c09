import { Form, Link } from 'react-router';
import type { Route } from './+types/list';
import { pageQuerySchema } from '@contract/envelope';
import { messages } from '@contract/messages';
import { notificationListSchema } from '@contract/notification';
import { ROLE_AREAS } from '@contract/roles';
import { dashboardPath } from '~/navigation/screens';
import { z } from '@contract/zod';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { addToast, requestSession, redirectWithToasts } from '~/server/auth/session.server';
import dataTableStylesHref from '~/styles/data-table.css?url';
import notificationStylesHref from '~/styles/notifications.css?url';
import { formatDateTime } from '@contract/date-time';
import { i18n, registerNamespace } from '~/i18n/config';
import { screenTitle } from '~/utils/meta';
import { useT } from '~/hooks/use-t';
import { notifications } from '~/locales/es/notifications';
import { sendKeepingTheForm } from '~/offline/link-failure';

registerNamespace('notifications', notifications);

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: dataTableStylesHref },
  { rel: 'stylesheet', href: notificationStylesHref },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = pageQuerySchema.safeParse(Object.fromEntries(url.searchParams)).data ?? pageQuerySchema.parse({});
  const {
    auth: { user },
    data: list,
  } = await readWithAuth(context, ({ api, user }) => api.get(`/api/notification/profile/${user.id}`, notificationListSchema, query));
  return { list, area: ROLE_AREAS[user.role], pathname: url.pathname };
}

const actionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('open'),
    id: z.coerce.number().int().positive(),
    ticketId: z.coerce.number().int().positive().optional(),
    // A followed event (not the driver's own) opens "Mis reportes" on the home (decision 161).
    followed: z.string().regex(/^[A-Za-z0-9-]+$/).optional(),
    // An answered request under Ley 21.719 opens "Mis solicitudes" (decision 150).
    target: z.literal('privacy-requests').optional(),
  }),
  z.object({ intent: z.literal('read'), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal('read-all') }),
]);

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

/** Marking read changes data, so it is a POST; "open" marks read and goes to the ticket. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, user } = await requireAuth(context);
  const session = await requestSession(request, context);
  const url = new URL(request.url);
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  let to = url.pathname + url.search;
  if (!parsed.success) {
    addToast(session, 'error', messages.badRequest);
  } else if (parsed.data.intent === 'read-all') {
    await api.call('POST', `/api/notification/profile/${user.id}/read-all`);
    addToast(session, 'success', i18n.t('notifications:allRead'));
  } else {
    await api.call('POST', `/api/notification/${parsed.data.id}/read`);
    if (parsed.data.intent === 'open' && parsed.data.followed && user.role === 'DRIVER') to = `${dashboardPath(user.role)}#report-${parsed.data.followed}`;
    else if (parsed.data.intent === 'open' && parsed.data.ticketId) to = `/${ROLE_AREAS[user.role]}/events/${parsed.data.ticketId}`;
    else if (parsed.data.intent === 'open' && parsed.data.target) to = `/${ROLE_AREAS[user.role]}/profile/data/requests`;
  }
  throw await redirectWithToasts(session, to);
}

export default function NotificationsScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('notifications');
  const { list, pathname } = loaderData;
  const pages = Math.max(1, Math.ceil(list.total / list.size));
  const pageHref = (page: number) => (page > 0 ? `${pathname}?page=${page}` : pathname);
  return (
    <section className="screen">
      <div className="screen-heading">
        <h1>{t('heading')}</h1>
        {list.unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className="link-button">
              {t('markAllRead')}
            </button>
          </Form>
        ) : null}
      </div>
      <p className="screen-note" aria-live="polite">
        {t('unread', { count: list.unread })}
      </p>
      {list.content.length === 0 ? (
        <p className="empty-state">{t('empty')}</p>
      ) : (
        <ol className="notification-list" aria-label={t('listLabel')}>
          {list.content.map((n) => (
            <li key={n.id} className={n.read ? 'notification' : 'notification notification-unread'}>
              <div className="notification-text">
                <span className="notification-type">{t(`types.${n.type}`)}</span>
                {!n.read ? <span className="badge">{t('newBadge')}</span> : null}
                <p>{n.message}</p>
                {/* What it said: the answer, or the closing's reason and message (decision 163). */}
                {n.body ? <p className="notification-body">{n.body}</p> : null}
                <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
              </div>
              <div className="notification-actions">
                {n.ticketId ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="open" />
                    <input type="hidden" name="id" value={n.id} />
                    <input type="hidden" name="ticketId" value={n.ticketId} />
                    {n.followed && n.folio ? <input type="hidden" name="followed" value={n.folio} /> : null}
                    <button type="submit" className="link-button">
                      {t('open')} {n.folio}
                    </button>
                  </Form>
                ) : n.type === 'PRIVACY_REQUEST_ANSWERED' ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="open" />
                    <input type="hidden" name="id" value={n.id} />
                    <input type="hidden" name="target" value="privacy-requests" />
                    <button type="submit" className="link-button">
                      {t('openPrivacyRequests')}
                    </button>
                  </Form>
                ) : null}
                {!n.read ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" className="link-button">
                      {t('markRead')}
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label={t('pagination')}>
          {list.page > 0 ? <Link to={pageHref(list.page - 1)}>{t('previous')}</Link> : null}
          <span>{t('pageOf', { page: list.page + 1, pages })}</span>
          {list.page + 1 < pages ? <Link to={pageHref(list.page + 1)}>{t('next')}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = () => screenTitle('notifications');
