import { Button } from '~/components/ui/button';
import { Form, Link } from 'react-router';
import type { Route } from './+types/index';
import { formatMessage, messages } from '@contract/messages';
import { ticketSchema } from '@contract/ticket-dto';
import { z } from '@contract/zod';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { PaginationLinks } from '~/components/events/pagination';
import { TicketTable, type TicketRow } from '~/components/events/ticket-table';
import { addToast, requestSession, redirectWithToasts } from '~/server/auth/session.server';
import dataTableStylesHref from '~/styles/data-table.css?url';
import eventsStylesHref from '~/styles/events.css?url';
import { screenTitle } from '~/utils/meta';
import { fetchList } from '../events/events.server';
import { useNumberFormat, useT } from '~/hooks/use-t';
import { operatorsFor, roadProfileFor } from '~/server/api/reference-data.server';
import { sendKeepingTheForm } from '~/offline/link-failure';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: dataTableStylesHref },
  { rel: 'stylesheet', href: eventsStylesHref },
];

const PAGE_SIZE = 10;
const pageOf = (value: string | null) => Math.max(0, Math.min(100_000, Number.parseInt(value ?? '0', 10) || 0));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
import { derivedKey } from '@contract/idempotency';
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';

/**
 * The unassigned queue (active, due first) and the staff member's own active tickets, each
 * paged on its own. `?assign={ticketId}&to={operatorId}` is the confirmation step of handing
 * an event to someone (a page state, so it works without JavaScript; the POST does it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const queuePage = pageOf(url.searchParams.get('queue'));
  const minePage = pageOf(url.searchParams.get('mine'));
  const assignId = Number.parseInt(url.searchParams.get('assign') ?? '', 10);
  const to = url.searchParams.get('to') ?? '';
  const {
    auth: { user },
    data: [queue, mine, operators, asked, road],
  } = await readWithAuth(context, ({ api, user }) =>
    Promise.all([
      fetchList(api, '/api/ticket/list/all', { tab: 'active', assignedToId: 'none', sort: 'dueAt:asc', page: queuePage, size: PAGE_SIZE }, true),
      // For staff, "me" is the tickets assigned to them.
      fetchList(api, '/api/ticket/list/me', { tab: 'active', sort: 'dueAt:asc', page: minePage, size: PAGE_SIZE }, true),
      operatorsFor(api, user.role),
      assignId > 0 ? api.call('GET', `/api/ticket/${assignId}`, { schema: ticketSchema }) : Promise.resolve(null),
      roadProfileFor(api),
    ]),
  );
  const operator = UUID.test(to) ? operators.find((o) => o.id === to) : undefined;
  const confirm =
    asked?.ok && operator && asked.payload.statusCode !== 'CLOSED'
      ? { ticketId: asked.payload.id, folio: asked.payload.folio, operatorId: operator.id, operatorName: operator.name }
      : null;
  // "Asignar…" pressed with no person chosen: said in the row, nothing assigned (decision 168).
  const choose = assignId > 0 && !operator ? assignId : null;
  const area = `/${url.pathname.split('/')[1]}`;
  return {
    queue,
    mine,
    queuePage,
    minePage,
    pathname: url.pathname,
    eventsPath: `${area}/events`,
    operators: operators.map(({ id, name }) => ({ id, name })),
    selfId: user.id,
    // Shown beside each orientation's label (decision 157).
    destinations: road.destinations,
    confirm,
    choose,
    // One nonce per view; each row's form derives its own key from it (decision 137).
    submissionNonce: newSubmissionKey(),
  };
}

const assignSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('assignMe'), ticketId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal('assign'), ticketId: z.coerce.number().int().positive(), assignedToId: z.uuid() }),
]);

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

/** "Asignarme" from a row, or a confirmed hand-over: back to the list with the outcome as a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, user } = await requireAuth(context);
  const session = await requestSession(request, context);
  const formData = await request.formData();
  const parsed = assignSchema.safeParse(Object.fromEntries(formData));
  let unanswered = false;
  if (!parsed.success) {
    addToast(session, 'error', messages.badRequest);
  } else {
    const assignee = parsed.data.intent === 'assignMe' ? user.id : parsed.data.assignedToId;
    const result = await api.call('PUT', `/api/ticket/${parsed.data.ticketId}`, {
      body: { assignedToId: assignee },
      schema: ticketSchema,
      ...writeOptionsOf(formData),
    });
    unanswered = !result.ok && result.status === 503;
    if (!result.ok) addToast(session, 'error', result.message);
    // The toast names the event and the person (decision 168).
    else addToast(session, 'success', formatMessage(messages.ticketAssignedTo, { folio: result.payload.folio, name: result.payload.assignedToName ?? '' }));
  }
  // Back to the same pages of both lists, without the confirmation (kept when the API did not answer, to try again).
  const url = new URL(request.url);
  if (!unanswered) {
    url.searchParams.delete('assign');
    url.searchParams.delete('to');
  }
  // At the row acted on (decision 167): a phone is not sent back to the top of the list.
  const row = parsed.success ? `#row-${parsed.data.ticketId}` : '';
  throw await redirectWithToasts(session, url.pathname + url.search + row);
}

export default function AssignmentsScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('events');
  const { queue, mine, queuePage, minePage, pathname, eventsPath, operators, selfId, confirm, choose, submissionNonce, destinations } = loaderData;
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
  const here = href(queuePage, minePage);

  /**
   * A row's hand-over: choose a person ("Seleccione…" first, so a tap never picks anyone), then
   * confirm in the row itself (a GET to this screen's confirmation step, back at the row's anchor).
   */
  const handOver = (ticket: TicketRow, withAssignMe: boolean) => {
    const others = operators.filter((o) => o.id !== selfId && o.name !== ticket.assignedToName);
    if (confirm && confirm.ticketId === ticket.id) {
      return (
        <section className="confirm-panel confirm-in-row" role="region" aria-labelledby="assign-confirm-title">
          <h3 id="assign-confirm-title">{t('assignments.confirmTitle', { folio: confirm.folio, name: confirm.operatorName })}</h3>
          <p className="confirm-note">{t('assignments.confirmNote', { name: confirm.operatorName })}</p>
          <Form method="post" action={here} className="form-actions">
            <input type="hidden" name="ticketId" value={confirm.ticketId} />
            <input type="hidden" name="assignedToId" value={confirm.operatorId} />
            <SubmissionKeyField value={derivedKey(submissionNonce, `assign-${confirm.ticketId}`)} />
            <SubmitButton name="intent" value="assign" variant="contained" autoFocus>
              {t('assignments.confirm')}
            </SubmitButton>
            <Link to={`${here}#row-${ticket.id}`}>{t('assignments.cancel')}</Link>
          </Form>
        </section>
      );
    }
    return (
      <div className="row-actions assign-actions">
        {withAssignMe ? (
          <Form method="post" action={here}>
            <input type="hidden" name="ticketId" value={ticket.id} />
            <SubmissionKeyField value={derivedKey(submissionNonce, `assignMe-${ticket.id}`)} />
            <SubmitButton name="intent" value="assignMe" size="small" variant="outlined" aria-label={t('actions.assignMeTo', { folio: ticket.folio })}>
              {t('actions.assignMe')}
            </SubmitButton>
          </Form>
        ) : null}
        {others.length === 0 ? null : (
          <Form method="get" action={`${pathname}#row-${ticket.id}`} className="assign-to">
            {queuePage ? <input type="hidden" name="queue" value={queuePage} /> : null}
            {minePage ? <input type="hidden" name="mine" value={minePage} /> : null}
            <input type="hidden" name="assign" value={ticket.id} />
            <label className="visually-hidden" htmlFor={`assign-to-${ticket.id}`}>
              {t('assignments.handTo', { folio: ticket.folio })}
            </label>
            <select
              id={`assign-to-${ticket.id}`}
              name="to"
              defaultValue=""
              aria-invalid={choose === ticket.id || undefined}
              aria-describedby={choose === ticket.id ? `assign-choose-${ticket.id}` : undefined}
            >
              <option value="">{t('assignments.choose')}</option>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
            <Button type="submit" size="small" variant="outlined" aria-label={t('assignments.handToButtonLabel', { folio: ticket.folio })}>
              {t('assignments.handToButton')}
            </Button>
            {choose === ticket.id ? (
              <p className="field-helper field-helper--error" id={`assign-choose-${ticket.id}`} role="alert">
                {t('assignments.chooseFirst')}
              </p>
            ) : null}
          </Form>
        )}
      </div>
    );
  };

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
        destinations={destinations}
        actions={(ticket) => handOver(ticket, true)}
      />
      <PaginationLinks page={queue.page} pages={pagesOf(queue)} hrefFor={(p) => href(p, minePage)} label={t('assignments.queue')} />

      <h2 id="mine-title" style={{ marginTop: 32 }}>
        {t('assignments.mine')}
      </h2>
      <TicketTable
        tickets={mine.content}
        caption={captionOf(t('assignments.mine'), mine)}
        emptyText={t('assignments.mineEmpty')}
        detailBase={eventsPath}
        destinations={destinations}
        actions={(ticket) => handOver(ticket, false)}
      />
      <PaginationLinks page={mine.page} pages={pagesOf(mine)} hrefFor={(p) => href(queuePage, p)} label={t('assignments.mine')} />
    </section>
  );
}

export const meta: Route.MetaFunction = () => screenTitle('assignments');
