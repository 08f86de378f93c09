import { Button } from '~/components/button';
import { Form, redirect } from 'react-router';
import type { Route } from './+types/index';
import { messages } from '@contract/messages';
import { ticketSchema } from '@contract/ticket-dto';
import { z } from '@contract/zod';
import { readWithAuth, requireAuth } from '~/auth.server';
import { PaginationLinks } from '~/components/events/pagination';
import { TicketTable } from '~/components/events/ticket-table';
import { addToast, commitSession, requestSession } from '~/session.server';
import dataTableStylesHref from '~/styles/data-table.css?url';
import eventsStylesHref from '~/styles/events.css?url';
import { screenTitle } from '~/utils/meta';
import { fetchList } from '../events/events.server';
import { useNumberFormat, useT } from '~/components/use-t';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: dataTableStylesHref },
  { rel: 'stylesheet', href: eventsStylesHref },
];

const PAGE_SIZE = 10;
const pageOf = (value: string | null) => Math.max(0, Math.min(100_000, Number.parseInt(value ?? '0', 10) || 0));

/** The unassigned queue (active, due first) and the staff member's own active tickets, each paged on its own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const queuePage = pageOf(url.searchParams.get('queue'));
  const minePage = pageOf(url.searchParams.get('mine'));
  const {
    data: [queue, mine],
  } = await readWithAuth(context, ({ api }) =>
    Promise.all([
      fetchList(api, '/api/ticket/list/all', { tab: 'active', assignedToId: 'none', sort: 'dueAt:asc', page: queuePage, size: PAGE_SIZE }),
      // For staff, "me" is the tickets assigned to them.
      fetchList(api, '/api/ticket/list/me', { tab: 'active', sort: 'dueAt:asc', page: minePage, size: PAGE_SIZE }),
    ]),
  );
  const area = `/${url.pathname.split('/')[1]}`;
  return { queue, mine, queuePage, minePage, pathname: url.pathname, eventsPath: `${area}/events` };
}

const assignSchema = z.object({ intent: z.literal('assignMe'), ticketId: z.coerce.number().int().positive() });

/** "Asignarme" from a row: back to the same screen with the outcome as a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, user } = await requireAuth(context);
  const session = await requestSession(request, context);
  const parsed = assignSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    addToast(session, 'error', messages.badRequest);
  } else {
    const result = await api.call('PUT', `/api/ticket/${parsed.data.ticketId}`, { body: { assignedToId: user.id }, schema: ticketSchema });
    addToast(session, result.ok ? 'success' : 'error', result.ok ? messages.ticketUpdated : result.message);
  }
  const url = new URL(request.url);
  throw redirect(url.pathname + url.search, { headers: { 'Set-Cookie': await commitSession(session) } });
}

export default function AssignmentsScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('events');
  const { queue, mine, queuePage, minePage, pathname, eventsPath } = loaderData;
  const number = useNumberFormat();
  const href = (queueAt: number, mineAt: number) => {
    const params = new URLSearchParams();
    if (queueAt) params.set('queue', String(queueAt));
    if (mineAt) params.set('mine', String(mineAt));
    const search = params.toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  const pagesOf = (list: { total: number; size: number }) => Math.max(1, Math.ceil(list.total / list.size));
  const captionOf = (title: string, list: typeof queue) => `${title} (${number(list.total)}${list.totalCapped ? '+' : ''})`;

  return (
    <section className="screen">
      <div className="screen-heading">
        <h1>{t('assignments.title')}</h1>
      </div>

      <h2 id="queue-title">{t('assignments.queue')}</h2>
      <TicketTable
        tickets={queue.content}
        caption={captionOf(t('assignments.queue'), queue)}
        emptyText={t('assignments.queueEmpty')}
        detailBase={eventsPath}
        actions={(ticket) => (
          <Form method="post" action={href(queuePage, minePage)}>
            <input type="hidden" name="ticketId" value={ticket.id} />
            <Button type="submit" name="intent" value="assignMe" size="small" variant="outlined" aria-label={t('actions.assignMeTo', { folio: ticket.folio })}>
              {t('actions.assignMe')}
            </Button>
          </Form>
        )}
      />
      <PaginationLinks page={queue.page} pages={pagesOf(queue)} hrefFor={(p) => href(p, minePage)} label={t('assignments.queue')} />

      <h2 id="mine-title" style={{ marginTop: 32 }}>
        {t('assignments.mine')}
      </h2>
      <TicketTable tickets={mine.content} caption={captionOf(t('assignments.mine'), mine)} emptyText={t('assignments.mineEmpty')} detailBase={eventsPath} />
      <PaginationLinks page={mine.page} pages={pagesOf(mine)} hrefFor={(p) => href(queuePage, p)} label={t('assignments.mine')} />
    </section>
  );
}

export const meta: Route.MetaFunction = () => screenTitle('assignments');
