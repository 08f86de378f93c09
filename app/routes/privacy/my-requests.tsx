import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/my-requests';
import { formatDate } from '@contract/date-time';
import { formatMessage, messages } from '@contract/messages';
import { ownPrivacyRequestsSchema, privacyRequestCreateSchema, privacyRequestSchema, type PrivacyRequestCreate } from '@contract/privacy-requests';
import { FILED_REQUEST_TYPES, PRIVACY_DETAIL_MAX } from '@contract/privacy-request-limits';
import { ticketListResponseSchema } from '@contract/ticket-list';
import { toFormErrors } from '~/server/api/api-client.server';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { addToast, requestSession, redirectWithToasts } from '~/server/auth/session.server';
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { SubmissionKeyField, SubmissionKeys } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { ConformSelect } from '~/components/forms/conform-fields';
import { OutlinedField } from '~/components/forms/outlined-field';
import { useT } from '~/hooks/use-t';
import { i18n, registerNamespace } from '~/i18n/config';
import { privacyRequests } from '~/locales/es/privacy-requests';
import { pageTitle } from '~/utils/meta';
import { sendKeepingTheForm } from '~/offline/link-failure';
import dataTableStylesHref from '~/styles/data-table.css?url';
import eventsStylesHref from '~/styles/events.css?url';
import accountsStylesHref from '~/styles/accounts.css?url';
import privacyStylesHref from '~/styles/privacy-requests.css?url';
import { DeadlineNote } from './deadline';
import { ErrorSummary } from '~/components/forms/error-summary';

registerNamespace('privacyRequests', privacyRequests);

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: dataTableStylesHref },
  { rel: 'stylesheet', href: eventsStylesHref },
  { rel: 'stylesheet', href: accountsStylesHref },
  { rel: 'stylesheet', href: privacyStylesHref },
];

/** The events a driver may ask to correct: their own, newest first (the API refuses anyone else's). */
const EVENT_CHOICES = 100;

/** "Mis solicitudes" (every role): one's requests under Ley 21.719, a form for a new one, the block if any. */
export async function loader({ context }: Route.LoaderArgs) {
  const { data: loaded } = await readWithAuth(context, ({ api, user }) =>
    Promise.all([
      api.get('/api/privacy/requests/me', ownPrivacyRequestsSchema),
      user.role === 'DRIVER' ? api.get('/api/ticket/list/me', ticketListResponseSchema, { size: EVENT_CHOICES }) : null,
    ]),
  );
  const [own, events] = loaded;
  return {
    requests: own.content,
    blockedAt: own.blockedAt,
    events: events?.content.map((e) => ({ id: e.id, folio: e.folio })) ?? [],
    now: Date.now(),
    submissionNonce: newSubmissionKey(),
  };
}

/** File a request (intent "file") or lift the block (intent "lift"); back to the page with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { api } = await requireAuth(context);
  const write = writeOptionsOf(formData);
  const session = await requestSession(request, context);
  const here = new URL(request.url).pathname;
  if (formData.get('intent') === 'lift') {
    const lifted = await api.call('POST', '/api/privacy/blocking/lift', write);
    addToast(session, lifted.ok ? 'success' : 'error', lifted.ok ? messages.privacyBlockingLifted : lifted.message, 'blocking');
    throw await redirectWithToasts(session, here);
  }
  const submission = parseWithZod(formData, { schema: privacyRequestCreateSchema });
  if (submission.status !== 'success') return data({ form: 'file' as const, submissionKey: write.idempotencyKey, result: submission.reply() }, { status: 400 });
  const filed = await api.call('POST', '/api/privacy/requests', { body: submission.value, schema: privacyRequestSchema, ...write });
  if (!filed.ok) {
    const errors = toFormErrors(filed);
    const formErrors = Object.keys(errors.fieldErrors).length > 0 ? [] : errors.formErrors;
    return data({ form: 'file' as const, submissionKey: write.idempotencyKey, result: submission.reply({ formErrors, fieldErrors: errors.fieldErrors }) }, { status: filed.status });
  }
  addToast(session, 'success', formatMessage(messages.privacyRequestFiled, { date: formatDate(filed.payload.dueAt) }), 'file');
  throw await redirectWithToasts(session, here);
}

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

export default function MyRequestsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('privacyRequests');
  const { requests, blockedAt, events, now } = loaderData;
  return (
    <SubmissionKeys nonce={loaderData.submissionNonce} kept={actionData ? { form: actionData.form, key: actionData.submissionKey } : undefined}>
      <section className="screen">
        <h1>{t('mine.title')}</h1>
        <p className="screen-intro">{t('mine.intro')}</p>
        {blockedAt ? <BlockedPanel since={blockedAt} /> : null}

        <section className="panel" aria-labelledby="requests-title">
          <h2 id="requests-title">{t('mine.listTitle')}</h2>
          {requests.length === 0 ? (
            <p className="empty-state">{t('mine.empty')}</p>
          ) : (
            <div className="table-wrap">
              <table className="data-table data-table--cards">
                <caption>{t('mine.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.type')}</th>
                    <th scope="col">{t('columns.filed')}</th>
                    <th scope="col">{t('columns.due')}</th>
                    <th scope="col">{t('columns.status')}</th>
                    <th scope="col">{t('columns.answer')}</th>
                  </tr>
                </thead>
                <tbody>
                  {requests.map((r) => (
                    <tr key={r.id}>
                      <th scope="row" data-label={t('columns.type')}>
                        {t(`types.${r.type}`)}
                        {r.folio ? ` · ${r.folio}` : ''}
                      </th>
                      <td data-label={t('columns.filed')}>{formatDate(r.createdAt)}</td>
                      <td data-label={t('columns.due')}>
                        <span>{formatDate(r.dueAt)}</span> <DeadlineNote dueAt={r.dueAt} pending={r.status === 'PENDING'} now={now} />
                      </td>
                      <td data-label={t('columns.status')}>
                        <span className={r.status === 'PENDING' ? 'badge badge--warning' : 'badge badge--success'}>{t(`statuses.${r.status}`)}</span>
                      </td>
                      <td data-label={t('columns.answer')} className="privacy-answer-text">
                        {r.answer ?? t('noAnswer')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <NewRequestForm events={events} lastResult={actionData?.form === 'file' ? actionData.result : undefined} />
      </section>
    </SubmissionKeys>
  );
}

function BlockedPanel({ since }: { since: string }) {
  const t = useT('privacyRequests');
  const navigation = useNavigation();
  const lifting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'lift';
  return (
    <section className="panel privacy-blocked" aria-labelledby="blocked-title">
      <h2 id="blocked-title">{t('mine.blockedTitle')}</h2>
      <p>{t('mine.blockedText', { date: formatDate(since) })}</p>
      <Form method="post" className="form-actions">
        <input type="hidden" name="intent" value="lift" />
        <SubmissionKeyField form="lift" />
        <SubmitButton variant="outlined" disabled={lifting}>
          {lifting ? t('mine.lifting') : t('mine.lift')}
        </SubmitButton>
      </Form>
    </section>
  );
}

function NewRequestForm({ events, lastResult }: { events: { id: number; folio: string }[]; lastResult?: SubmissionResult<string[]> }) {
  const t = useT('privacyRequests');
  const navigation = useNavigation();
  const [form, fields] = useForm<PrivacyRequestCreate>({ id: 'privacy-request', lastResult, defaultValue: { type: 'RECTIFICATION' } });
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'file';
  const chosen = (fields.type.initialValue as string | undefined) ?? 'RECTIFICATION';
  return (
    <section className="panel" aria-labelledby="new-request-title">
      <h2 id="new-request-title">{t('mine.newTitle')}</h2>
      <Form method="post" {...getFormProps(form)} noValidate className="form-stack">
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="file" />
        <SubmissionKeyField form="file" />
        <fieldset className="privacy-fieldset" aria-describedby={fields.type.errors ? fields.type.errorId : undefined}>
          <legend>{t('mine.type')}</legend>
          {FILED_REQUEST_TYPES.map((type) => (
            <label key={type} className="privacy-option">
              <input type="radio" name={fields.type.name} value={type} defaultChecked={chosen === type} />
              <span>
                <strong>{t(`types.${type}`)}</strong>
                <small>{t(`typeHelp.${type}`)}</small>
              </span>
            </label>
          ))}
          {fields.type.errors ? (
            <p className="privacy-field-error" id={fields.type.errorId}>
              {fields.type.errors[0]}
            </p>
          ) : null}
        </fieldset>
        {events.length > 0 ? (
          <ConformSelect meta={fields.ticketId} label={t('mine.event')} helperText={fields.ticketId.errors ? undefined : t('mine.eventHelp')}>
            <option value="">{t('mine.noEvent')}</option>
            {events.map((e) => (
              <option key={e.id} value={e.id}>
                {e.folio}
              </option>
            ))}
          </ConformSelect>
        ) : null}
        <OutlinedField
          key={fields.detail.key}
          id={fields.detail.id}
          name={fields.detail.name}
          label={t('mine.detail')}
          multiline
          minRows={4}
          defaultValue={(fields.detail.initialValue as string | undefined) ?? ''}
          error={!fields.detail.valid}
          helperText={fields.detail.errors?.[0] ?? t('mine.detailHelp')}
          fullWidth
          inputProps={{ maxLength: PRIVACY_DETAIL_MAX }}
        />
        <div className="form-actions">
          <SubmitButton variant="contained" disabled={sending}>
            {sending ? t('mine.sending') : t('mine.submit')}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('privacyRequests:mine.title'));
