import { timeLeftText } from '@contract/time-left';
import { seesTimeLeft } from '@contract/permissions';
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Alert } from '~/components/ui/alert';
import { ButtonLink } from '~/components/ui/button';
import { OutlinedField } from '~/components/forms/outlined-field';
import { Form, Link } from 'react-router';
import type { Route } from './+types/detail';
import { ticketWithConversationSchema } from '@contract/conversation';
import { COMMENT_MAX } from '@contract/conversation-limits';
import { toSantiagoInputValue } from '@contract/date-time';
import { formatKilometer } from '@contract/kilometer';
import { formatPhone } from '@contract/phone';
import { canAttachTo, canChangeTickets, canCommentOn, canWriteInternalNotes } from '@contract/permissions';
import { formatRut } from '@contract/rut';
import { ANONYMISED_SUBJECT } from '@contract/privacy';
import type { ticketEditSchema } from '@contract/ticket';
import { CLOSURE_REASONS, TICKET_STATUSES } from '@contract/ticket-codes';
import type { Classification, Ticket } from '@contract/ticket-dto';
import type { input } from 'zod';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { AttachmentList } from '~/components/events/attachment-list';
import { CommentThread } from '~/components/events/comment-thread';
import { StatusBadge } from '~/components/events/status-badge';
import { EventSelect, TicketFields, type TicketFieldMetas } from '~/components/events/ticket-fields';
import { TicketHistory } from '~/components/events/ticket-history';
import { DateTime } from '~/components/ui/date-time';
import { useLazyValidation } from '~/hooks/lazy-validation';
import { requestSession } from '~/server/auth/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import dataTableStylesHref from '~/styles/data-table.css?url';
import eventsStylesHref from '~/styles/events.css?url';
import { formatDateTime } from '@contract/date-time';
import { pageTitle } from '~/utils/meta';
import { TICKET_FORMS, ticketAction, type TicketForm } from './detail.server';
import { submissionKeysFor } from '~/server/submission-key.server';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { FilesMissingNotice, filesMissingIn } from '~/components/events/files-missing';
import { ticketIdOf } from './events.server';
import { useT } from '~/hooks/use-t';
import { classificationsFor, operatorsFor, roadProfileFor } from '~/server/api/reference-data.server';
import { orientationLabel, roadPlaces, type Destinations } from '@contract/road-lookup';
import { PhonePosition } from '~/components/events/phone-position';
import { ClosedCommentNote, FinalAnswer, finalAnswerOf } from '~/components/events/closed-event';
import { EditFold, StaffActionBar } from '~/components/events/staff-action-bar';
import { sendKeepingTheForm } from '~/offline/link-failure';
import { ErrorSummary } from '~/components/forms/error-summary';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountsStylesHref },
  { rel: 'stylesheet', href: dataTableStylesHref },
  { rel: 'stylesheet', href: eventsStylesHref },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const {
    auth: { user },
    data: { ticket, history, comments, attachments, operators, classifications, road },
  } = await readWithAuth(context, async ({ api, user }) => {
    const id = ticketIdOf(params.id);
    const staff = canChangeTickets(user.role);
    // The event with its history, comments and attachments in one call (decision 125), and
    // the staff's reference lists at once; the event's answer first: a driver asking for
    // another's event gets the API's 404 for it, whatever the other reads answered.
    const ticketRead = api.get(`/api/ticket/${id}`, ticketWithConversationSchema, { include: 'conversation' });
    const others = Promise.all([
      staff ? operatorsFor(api, user.role) : Promise.resolve([]),
      staff ? classificationsFor(api, user.role) : Promise.resolve([] as Classification[]),
      // Everyone: the orientation's destination (decision 157); staff also its places for the edit form.
      roadProfileFor(api),
    ]);
    others.catch(() => undefined);
    const { history, comments, attachments, ...ticket } = await ticketRead;
    const [operators, classifications, road] = await others;
    return { ticket, history, comments, attachments, operators, classifications, road };
  });
  const staff = canChangeTickets(user.role);
  const url = new URL(request.url);
  return {
    ticket,
    history,
    comments: comments.content,
    attachments: attachments.content,
    operators,
    // A new classification must keep the ticket's type (the folio's letter).
    classifications: classifications.filter((c) => c.type === ticket.type && (c.active || c.id === ticket.classificationId)),
    places: staff ? roadPlaces(road) : { sectors: [], communes: [] },
    destinations: road.destinations,
    role: user.role,
    selfId: user.id,
    confirmClose: url.searchParams.get('confirm') === 'close' && staff && ticket.statusCode !== 'CLOSED',
    // The action bar's "Editar datos" (decision 166): the folded update form comes open.
    editOpen: url.searchParams.get('edit') === '1',
    detailPath: url.pathname,
    // The new event's files did not arrive: say so, with a link to the attach form.
    filesMissing: filesMissingIn(url),
    // Each form its own key, new on every view: after a saved write the page comes back with new ones (decision 137).
    submissionKeys: submissionKeysFor(TICKET_FORMS),
  };
}

/**
 * The root loader's cookie last: when a refused close queues toasts and the root shows them
 * in the same answer (no JavaScript), the cookie that took them out of the session wins.
 */
export const headers: Route.HeadersFunction = () => ({});

export async function action({ request, context, params }: Route.ActionArgs) {
  const auth = await requireAuth(context);
  const id = ticketIdOf(params.id);
  return ticketAction(request, auth, await requestSession(request, context), id);
}

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

/** The edit form's first values: the ticket as people read it (RUT with dots, phone spaced, Santiago time). */
function editValuesOf(ticket: Ticket) {
  return {
    classificationId: String(ticket.classificationId),
    description: ticket.description,
    dateEvent: toSantiagoInputValue(new Date(ticket.dateEvent)),
    kilometer: formatKilometer(ticket.kilometer),
    orientation: ticket.orientation,
    sector: ticket.sector,
    commune: ticket.commune,
    fullName: ticket.fullName ?? '',
    rut: ticket.rut ? formatRut(ticket.rut) : '',
    phone: ticket.phone ? formatPhone(ticket.phone) : '',
    email: ticket.email ?? '',
    realAddress: ticket.realAddress ?? '',
    statusCode: ticket.statusCode,
    assignedToId: ticket.assignedToId ?? '',
  };
}

export default function EventDetailScreen({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('events');
  const { ticket, history, comments, attachments, operators, classifications, places, destinations, role, selfId, confirmClose, editOpen, detailPath, filesMissing } = loaderData;
  const staff = canChangeTickets(role);
  /** A form's key: the one it was sent with when it comes back refused or unanswered, otherwise the page's new one. */
  const keyOf = (form: TicketForm): string =>
    (actionData && actionData.form === form && actionData.submissionKey) || loaderData.submissionKeys[form];
  const listPath = detailPath.replace(/\/\d+$/, '');
  const closed = ticket.statusCode === 'CLOSED';
  const empty = t('detail.empty');

  return (
    <section className="screen">
      <div className="screen-heading">
        <h1>
          {t(`types.${ticket.type}`)} {ticket.folio}
        </h1>
        <Link to={listPath}>{t('detail.back')}</Link>
      </div>
      {staff ? <StaffActionBar ticket={ticket} selfId={selfId} detailPath={detailPath} keyOf={keyOf} /> : null}

      {filesMissing ? <FilesMissingNotice folio={ticket.folio} /> : null}

      {confirmClose || actionData?.form === 'close' ? (
        <CloseConfirmation
          ticket={ticket}
          detailPath={detailPath}
          lastResult={actionData?.form === 'close' ? actionData.result : undefined}
          submissionKey={keyOf('close')}
        />
      ) : null}

      <div className="ticket-detail">
        <div>
          <section className="panel" aria-labelledby="summary-title">
            <h2 id="summary-title">{t('detail.summary')}</h2>
            <dl className="field-list">
              <dt>{t('detail.status')}</dt>
              <dd>
                <StatusBadge status={ticket.statusCode} late={ticket.late} />
              </dd>
              <dt>{t('detail.dueAt')}</dt>
              <dd>
                <DateTime value={ticket.dueAt} />
                {/* Staff read the time left on the event's own calendar (decision 181). */}
                {seesTimeLeft(role) && ticket.deadline ? <span className={ticket.late ? 'time-left overdue-text' : 'time-left'}> · {timeLeftText(ticket.deadline)}</span> : null}
                {ticket.pausedAt ? ` · ${t('detail.paused', { date: formatDateTime(ticket.pausedAt) })}` : null}
              </dd>
              <dt>{t('detail.assignee')}</dt>
              <dd>{ticket.assignedToName ?? t('unassigned')}</dd>
              <dt>{t('detail.type')}</dt>
              <dd>{t(`types.${ticket.type}`)}</dd>
              <dt>{t('detail.classification')}</dt>
              <dd>{ticket.classificationName}</dd>
              <dt>{t('detail.channel')}</dt>
              <dd>{t(`channels.${ticket.channelCode}`)}</dd>
              <dt>{t('detail.dateEvent')}</dt>
              <dd>
                <DateTime value={ticket.dateEvent} />
              </dd>
              <dt>{t('detail.createdAt')}</dt>
              <dd>
                <DateTime value={ticket.createdAt} />
              </dd>
              <dt>{t('detail.description')}</dt>
              <dd>{ticket.description}</dd>
              <dt>{t('detail.kilometer')}</dt>
              <dd>{formatKilometer(ticket.kilometer)}</dd>
              <dt>{t('detail.orientation')}</dt>
              <dd>{orientationLabel(ticket.orientation, destinations)}</dd>
              <dt>{t('detail.sector')}</dt>
              <dd>{ticket.sector}</dd>
              <dt>{t('detail.commune')}</dt>
              <dd>{ticket.commune}</dd>
              {ticket.position ? <PhonePosition position={ticket.position} /> : null}
              <dt>{t('detail.fullName')}</dt>
              <dd>{ticket.anonymised ? ANONYMISED_SUBJECT : (ticket.fullName ?? empty)}</dd>
              <dt>{t('detail.rut')}</dt>
              <dd>{ticket.rut ? formatRut(ticket.rut) : empty}</dd>
              <dt>{t('detail.phone')}</dt>
              <dd>{ticket.phone ? formatPhone(ticket.phone) : empty}</dd>
              <dt>{t('detail.email')}</dt>
              <dd>{ticket.email ?? empty}</dd>
              <dt>{t('detail.realAddress')}</dt>
              <dd>{ticket.realAddress ?? empty}</dd>
              {closed ? (
                <>
                  <dt>{t('detail.closedAt')}</dt>
                  <dd>{ticket.closedAt ? <DateTime value={ticket.closedAt} /> : empty}</dd>
                  <dt>{t('detail.closureReason')}</dt>
                  <dd>{ticket.closureReason ? t(`closureReasons.${ticket.closureReason}`) : empty}</dd>
                  <FinalAnswer answer={finalAnswerOf(ticket, comments)} />
                </>
              ) : null}
            </dl>
          </section>

          {staff && !closed ? (
            <EditFold open={editOpen || actionData?.form === 'update'}>
              <EditTicketForm
                ticket={ticket}
                operators={operators}
                classifications={classifications}
                places={places}
                destinations={destinations}
                lastResult={actionData?.form === 'update' ? actionData.result : undefined}
                submissionKey={keyOf('update')}
              />
            </EditFold>
          ) : null}

          <CommentThread
            ticketId={ticket.id}
            comments={comments}
            canComment={canCommentOn(role)}
            beforeBox={closed ? <ClosedCommentNote staff={staff} /> : undefined}
            canMarkInternal={canWriteInternalNotes(role)}
            lastResult={actionData?.form === 'comment' ? actionData.result : undefined}
            submissionKey={keyOf('comment')}
          />
          <AttachmentList attachments={attachments} detailPath={detailPath} canUpload={canAttachTo(role)} submissionKey={keyOf('upload')} ticketId={ticket.id} />
        </div>

        <div>
          {staff ? (
            <StaffActions
              ticket={ticket}
              operators={operators}
              selfId={selfId}
              keyOf={keyOf}
              chosenAssignee={actionData?.form === 'assign' ? actionData.assignedToId : undefined}
              detailPath={detailPath}
            />
          ) : null}
          <section className="panel" aria-labelledby="history-title">
            <h2 id="history-title">{t('history.title')}</h2>
            <TicketHistory entries={history} destinations={destinations} />
          </section>
        </div>
      </div>
    </section>
  );
}

/** Assign to me, to someone else, close (through the confirmation) and reopen: POST forms, no JavaScript needed. */
function StaffActions({
  ticket,
  operators,
  selfId,
  keyOf,
  chosenAssignee,
  detailPath,
}: {
  ticket: Ticket;
  operators: { id: string; name: string }[];
  selfId: string;
  keyOf: (form: TicketForm) => string;
  /** The operator chosen in a send the API did not answer. */
  chosenAssignee?: string;
  detailPath: string;
}) {
  const t = useT('events');
  const closed = ticket.statusCode === 'CLOSED';
  return (
    <section className="panel" aria-labelledby="actions-title">
      <h2 id="actions-title">{t('actions.title')}</h2>
      {closed ? (
        <Form method="post" className="inline-form">
          <SubmissionKeyField value={keyOf('reopen')} />
          <SubmitButton name="intent" value="reopen" variant="outlined">
            {t('actions.reopen')}
          </SubmitButton>
        </Form>
      ) : (
        <>
          {ticket.assignedToId !== selfId ? (
            <Form method="post" className="inline-form wide-only">
              <SubmissionKeyField value={keyOf('assignMe')} />
              <SubmitButton name="intent" value="assignMe" variant="contained">
                {t('actions.assignMe')}
              </SubmitButton>
            </Form>
          ) : null}
          <Form method="post" className="inline-form" key={chosenAssignee ?? ''}>
            <SubmissionKeyField value={keyOf('assign')} />
            <OutlinedField name="assignedToId" select label={t('actions.assignTo')} defaultValue={chosenAssignee ?? ticket.assignedToId ?? ''} size="small">
              <option value="">{t('actions.chooseOperator')}</option>
              {operators.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </OutlinedField>
            <SubmitButton name="intent" value="assign" variant="outlined">
              {t('actions.assign')}
            </SubmitButton>
          </Form>
          <ButtonLink to={`${detailPath}?confirm=close`} variant="outlined" color="error" className="wide-only">
            {t('actions.close')}
          </ButtonLink>
        </>
      )}
    </section>
  );
}

/**
 * The confirmation step before closing (a page state of its own, so it works without
 * JavaScript): the reason and an optional message to the driver. A refused close comes back
 * here with each error beside its field and what was typed kept.
 */
function CloseConfirmation({
  ticket,
  detailPath,
  lastResult,
  submissionKey,
}: {
  ticket: Ticket;
  detailPath: string;
  lastResult?: SubmissionResult<string[]>;
  submissionKey: string;
}) {
  const t = useT('events');
  const errors = lastResult?.error ?? {};
  const values = (lastResult?.initialValue ?? {}) as Record<string, string | undefined>;
  const formErrors = errors[''] ?? [];
  const reasonError = errors.closureReason?.[0];
  const messageError = errors.closureMessage?.[0];
  return (
    <section className="panel" aria-labelledby="confirm-title" role="region" style={{ marginBottom: 24 }}>
      <h2 id="confirm-title">{t('actions.confirmTitle', { folio: ticket.folio })}</h2>
      <p className="confirm-note">{t('actions.confirmNote')}</p>
      {/* The key remounts the fields after a refusal, so they show what was sent. */}
      <Form method="post" action={`${detailPath}?confirm=close`} className="form-stack" noValidate key={JSON.stringify(lastResult ?? null)}>
        {formErrors.map((error) => (
          <Alert key={error} severity="error">
            {error}
          </Alert>
        ))}
        <SubmissionKeyField value={submissionKey} />
        <OutlinedField
          name="closureReason"
          select
          label={t('actions.closureReason')}
          defaultValue={values.closureReason ?? ''}
          error={Boolean(reasonError)}
          helperText={reasonError}
          inputProps={{ 'aria-required': true, autoFocus: Boolean(reasonError) }}
        >
          <option value="">{t('actions.chooseReason')}</option>
          {CLOSURE_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`closureReasons.${r}`)}
            </option>
          ))}
        </OutlinedField>
        <OutlinedField
          name="closureMessage"
          label={t('actions.closureMessage')}
          multiline
          minRows={3}
          fullWidth
          defaultValue={values.closureMessage ?? ''}
          error={Boolean(messageError)}
          helperText={messageError ?? t('actions.closureMessageHelp')}
          inputProps={{ maxLength: COMMENT_MAX, autoFocus: Boolean(messageError) && !reasonError }}
        />
        <div className="form-actions">
          <SubmitButton name="intent" value="close" variant="contained" color="error">
            {t('actions.confirmClose')}
          </SubmitButton>
          <Link to={detailPath}>{t('actions.cancel')}</Link>
        </div>
      </Form>
    </section>
  );
}

/** Fields and status in one Conform form driven by the contract's edit schema (loaded on first focus). */
function EditTicketForm({
  ticket,
  operators,
  classifications,
  places,
  destinations,
  lastResult,
  submissionKey,
}: {
  ticket: Ticket;
  operators: { id: string; name: string }[];
  classifications: Classification[];
  places: { sectors: string[]; communes: string[] };
  destinations: Destinations | undefined;
  lastResult?: SubmissionResult<string[]>;
  submissionKey: string;
}) {
  const t = useT('events');
  const validation = useLazyValidation(() => import('@contract/ticket').then((m) => m.ticketEditSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [form, fields] = useForm<input<typeof ticketEditSchema>>({
    id: `edit-ticket-${ticket.id}-${ticket.updatedAt}`,
    lastResult,
    defaultValue: editValuesOf(ticket),
    ...validation.options,
  });
  return (
    <section className="panel" aria-labelledby="edit-title">
      <h2 id="edit-title">{t('form.editTitle')}</h2>
      <Form method="post" {...getFormProps(form)} {...validation.formProps(form)} noValidate className="form-stack">
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="update" />
        <SubmissionKeyField value={submissionKey} />
        <input type="hidden" name="previousStatus" value={ticket.statusCode} />
        <div className="form-row">
          {/* Closing goes through its confirmation step, so it is not offered here. */}
          <EventSelect meta={fields.statusCode} label={t('form.statusCode')} required>
            {TICKET_STATUSES.filter((s) => s !== 'CLOSED').map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </EventSelect>
          <EventSelect meta={fields.assignedToId} label={t('form.assignedToId')}>
            <option value="">{t('unassigned')}</option>
            {operators.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </EventSelect>
        </div>
        <TicketFields fields={fields as unknown as TicketFieldMetas} classifications={classifications} kmRange={null} places={places} destinations={destinations} />
        <div className="form-actions">
          <SubmitButton variant="contained" pendingLabel={t('form.saving')}>
            {t('form.save')}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) => pageTitle(data ? data.ticket.folio : '');
