import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/answer';
import { formatDate, formatDateTime } from '@contract/date-time';
import { messages } from '@contract/messages';
import { privacyRequestAnswerSchema, privacyRequestSchema, type PrivacyRequestAnswer } from '@contract/privacy-requests';
import { PRIVACY_ANSWER_MAX } from '@contract/privacy-request-limits';
import { ROLE_AREAS } from '@contract/roles';
import { z } from '@contract/zod';
import { toFormErrors } from '~/server/api/api-client.server';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { addToast, requestSession, redirectWithToasts } from '~/server/auth/session.server';
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { OutlinedField } from '~/components/forms/outlined-field';
import { useT } from '~/hooks/use-t';
import { i18n, registerNamespace } from '~/i18n/config';
import { privacyRequests } from '~/locales/es/privacy-requests';
import { pageTitle } from '~/utils/meta';
import type { ErrorPageData } from '~/utils/error-data';
import eventsStylesHref from '~/styles/events.css?url';
import accountsStylesHref from '~/styles/accounts.css?url';
import privacyStylesHref from '~/styles/privacy-requests.css?url';
import { DeadlineNote } from './deadline';
import { sendKeepingTheForm } from '~/offline/link-failure';
import { ErrorSummary } from '~/components/forms/error-summary';

registerNamespace('privacyRequests', privacyRequests);

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: eventsStylesHref },
  { rel: 'stylesheet', href: accountsStylesHref },
  { rel: 'stylesheet', href: privacyStylesHref },
];

/** The request's number in the address; a malformed one is not a page. */
function requestIdOr404(id: string | undefined): number {
  const parsed = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).safeParse(id);
  if (!parsed.success) throw data({ reason: 'not-found' } satisfies ErrorPageData, { status: 404 });
  return parsed.data;
}

/** One request for the admin: who asked, what, by when; the answer form while it is pending. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = requestIdOr404(params.id);
  const { data: found, auth } = await readWithAuth(context, ({ api }) => api.get(`/api/privacy/requests/${id}`, privacyRequestSchema));
  const url = new URL(request.url);
  return {
    request: found,
    area: ROLE_AREAS[auth.user.role],
    queuePath: url.pathname.replace(/\/\d+$/, ''),
    now: Date.now(),
    submissionKey: newSubmissionKey(),
  };
}

/**
 * Two steps, both plain forms (they work without JavaScript): "review" checks the answer and shows it back for
 * confirmation; "send" answers, once (the API's conditional update; the submission key replays a resend).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = requestIdOr404(params.id);
  const formData = await request.formData();
  const { api } = await requireAuth(context);
  const write = writeOptionsOf(formData);
  const submission = parseWithZod(formData, { schema: privacyRequestAnswerSchema });
  if (submission.status !== 'success') return data({ step: 'edit' as const, submissionKey: write.idempotencyKey, result: submission.reply() }, { status: 400 });
  // Back to the form with what was typed.
  if (formData.get('intent') === 'edit') return { step: 'edit' as const, submissionKey: write.idempotencyKey, result: submission.reply() };
  if (formData.get('intent') !== 'send') return { step: 'confirm' as const, submissionKey: write.idempotencyKey, confirm: submission.value, result: submission.reply() };
  const session = await requestSession(request, context);
  const here = new URL(request.url).pathname;
  const answered = await api.call('POST', `/api/privacy/requests/${id}/answer`, { body: submission.value, schema: privacyRequestSchema, ...write });
  if (answered.ok) {
    addToast(session, 'success', messages.privacyRequestAnswered);
    throw await redirectWithToasts(session, here.replace(/\/\d+$/, ''));
  }
  if (answered.status === 409 || answered.status === 404) {
    // Answered meanwhile (another admin): the page shows the answer that stands.
    addToast(session, 'error', answered.message);
    throw await redirectWithToasts(session, here);
  }
  const errors = toFormErrors(answered);
  const formErrors = Object.keys(errors.fieldErrors).length > 0 ? [] : errors.formErrors;
  return data(
    { step: 'edit' as const, submissionKey: write.idempotencyKey, result: submission.reply({ formErrors, fieldErrors: errors.fieldErrors }) },
    { status: answered.status },
  );
}

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

export default function AnswerScreen({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('privacyRequests');
  const { request: r, area, queuePath, now } = loaderData;
  const pending = r.status === 'PENDING';
  return (
    <section className="screen">
      <h1>{t('answer.title', { id: r.id })}</h1>
      <p>
        <Link to={queuePath}>{t('answer.back')}</Link>
      </p>
      <section className="panel" aria-labelledby="request-title">
        <h2 id="request-title">
          {t(`types.${r.type}`)} · <span className={pending ? 'badge badge--warning' : 'badge badge--success'}>{t(`statuses.${r.status}`)}</span>
        </h2>
        <dl className="field-list">
          <dt>{t('answer.requester')}</dt>
          <dd>{r.requester?.name}</dd>
          {r.requester?.email ? (
            <>
              <dt>{t('answer.email')}</dt>
              <dd>{r.requester.email}</dd>
            </>
          ) : null}
          <dt>{t('answer.filed')}</dt>
          <dd>{formatDateTime(r.createdAt)}</dd>
          <dt>{t('answer.due')}</dt>
          <dd>
            {formatDate(r.dueAt)} <DeadlineNote dueAt={r.dueAt} pending={pending} now={now} />
          </dd>
          {r.ticketId ? (
            <>
              <dt>{t('answer.event')}</dt>
              <dd>
                <Link to={`/${area}/events/${r.ticketId}`}>{t('answer.openEvent', { folio: r.folio ?? String(r.ticketId) })}</Link>
              </dd>
            </>
          ) : null}
          <dt>{t('answer.detail')}</dt>
          <dd className="privacy-answer-text">{r.detail ?? t('answer.noDetail')}</dd>
          {r.answer ? (
            <>
              <dt>{r.answeredAt ? t('answer.answered', { date: formatDateTime(r.answeredAt) }) : t('columns.answer')}</dt>
              <dd className="privacy-answer-text">{r.answer}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {pending ? (
        actionData?.step === 'confirm' ? (
          <ConfirmAnswer answer={actionData.confirm} submissionKey={actionData.submissionKey ?? loaderData.submissionKey} />
        ) : (
          <AnswerForm
            lastResult={actionData?.result}
            submissionKey={actionData?.submissionKey ?? loaderData.submissionKey}
          />
        )
      ) : null}
    </section>
  );
}

function AnswerForm({ lastResult, submissionKey }: { lastResult?: SubmissionResult<string[]>; submissionKey: string }) {
  const t = useT('privacyRequests');
  const navigation = useNavigation();
  const [form, fields] = useForm<PrivacyRequestAnswer>({ id: 'privacy-answer', lastResult });
  const busy = navigation.state === 'submitting';
  const chosen = fields.status.initialValue as string | undefined;
  return (
    <section className="panel" aria-labelledby="answer-title">
      <h2 id="answer-title">{t('answer.formTitle')}</h2>
      <Form method="post" {...getFormProps(form)} noValidate className="form-stack">
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="review" />
        <SubmissionKeyField value={submissionKey} />
        <fieldset className="privacy-fieldset" aria-describedby={fields.status.errors ? fields.status.errorId : undefined}>
          <legend>{t('answer.decision')}</legend>
          <label className="privacy-option">
            <input type="radio" name={fields.status.name} value="GRANTED" defaultChecked={chosen === 'GRANTED'} />
            <span>
              <strong>{t('answer.grant')}</strong>
            </span>
          </label>
          <label className="privacy-option">
            <input type="radio" name={fields.status.name} value="REJECTED" defaultChecked={chosen === 'REJECTED'} />
            <span>
              <strong>{t('answer.reject')}</strong>
            </span>
          </label>
          {fields.status.errors ? (
            <p className="privacy-field-error" id={fields.status.errorId}>
              {fields.status.errors[0]}
            </p>
          ) : null}
        </fieldset>
        <OutlinedField
          key={fields.answer.key}
          id={fields.answer.id}
          name={fields.answer.name}
          label={t('answer.text')}
          multiline
          minRows={4}
          defaultValue={(fields.answer.initialValue as string | undefined) ?? ''}
          error={!fields.answer.valid}
          helperText={fields.answer.errors?.[0] ?? t('answer.textHelp')}
          fullWidth
          inputProps={{ maxLength: PRIVACY_ANSWER_MAX }}
        />
        <div className="form-actions">
          <SubmitButton variant="contained" disabled={busy}>
            {t('answer.review')}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/** The answer as it will be sent, and the last step: confirm, or go back to edit with what was typed. */
function ConfirmAnswer({ answer, submissionKey }: { answer: PrivacyRequestAnswer; submissionKey: string }) {
  const t = useT('privacyRequests');
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'send';
  return (
    <section className="panel" aria-labelledby="confirm-title">
      <h2 id="confirm-title">{t('answer.confirmTitle')}</h2>
      <p className="screen-note">{t('answer.confirmNote')}</p>
      <dl className="field-list">
        <dt>{t('answer.decision')}</dt>
        <dd>{answer.status === 'GRANTED' ? t('answer.grant') : t('answer.reject')}</dd>
        <dt>{t('answer.text')}</dt>
        <dd className="privacy-answer-text">{answer.answer}</dd>
      </dl>
      <div className="form-actions">
        <Form method="post">
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="status" value={answer.status} />
          <input type="hidden" name="answer" value={answer.answer} />
          <SubmissionKeyField value={submissionKey} />
          <SubmitButton variant="contained" disabled={sending}>
            {sending ? t('answer.sending') : t('answer.confirm')}
          </SubmitButton>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="status" value={answer.status} />
          <input type="hidden" name="answer" value={answer.answer} />
          <SubmissionKeyField value={submissionKey} />
          <SubmitButton variant="outlined" disabled={sending}>
            {t('answer.edit')}
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  pageTitle(loaded ? i18n.t('privacyRequests:answer.title', { id: loaded.request.id }) : i18n.t('privacyRequests:queue.title'));
