import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/account-action';
import { messages } from '@contract/messages';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useT } from '~/hooks/use-t';
import { i18n, registerNamespace } from '~/i18n/config';
import { users } from '~/locales/es/users';
import { addToast, requestSession, redirectWithToasts } from '~/server/auth/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import { pageTitle } from '~/utils/meta';

import { backToList, loadProfile, profileIdOr404 } from './users.server';
import { fullName } from '@contract/person-name';
import { sendKeepingTheForm } from '~/offline/link-failure';

registerNamespace('users', users);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStylesHref }];

/**
 * An admin's action on someone's sign-in (docs/security.md, V7.4.5 and V6.4.4), from the account panel of the
 * user page (decision 171). The destructive ones go through a confirmation page of their own, so they work
 * without JavaScript: /sessions ends all their sessions, /two-step resets their second step (a lost phone),
 * /suspend suspends the account. /reactivate is posted from the panel itself (its page is a confirmation too,
 * for an address typed). Each comes back to the user page, which shows the new state.
 */
const ACTIONS = {
  sessions: { texts: 'endSessions', call: (uuid: string) => `/api/profile/${uuid}/sessions/end`, done: messages.userSessionsEnded, danger: true },
  'two-step': { texts: 'resetTwoStep', call: (uuid: string) => `/api/profile/${uuid}/two-step/reset`, done: messages.twoStepReset, danger: true },
  suspend: { texts: 'suspend', call: (uuid: string) => `/api/profile/disable/${uuid}`, done: messages.userSuspended, danger: true },
  reactivate: { texts: 'reactivate', call: (uuid: string) => `/api/profile/enable/${uuid}`, done: messages.userReactivated, danger: false },
} as const;
type ActionName = keyof typeof ACTIONS;

function actionOf(request: Request): ActionName {
  const last = new URL(request.url).pathname.split('/').pop() ?? '';
  return last in ACTIONS ? (last as ActionName) : 'sessions';
}

/** The user page the action was started from, keeping the list the admin came from. */
function userPageOf(request: Request, from: FormDataEntryValue | null): string {
  const path = new URL(request.url).pathname.replace(/\/[^/]+$/, '/edit');
  return `${path}?from=${encodeURIComponent(backToList(from))}`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { data: profile } = await readWithAuth(context, ({ api }) => loadProfile(api, params.uuid));
  return {
    action: actionOf(request),
    name: fullName(profile),
    email: profile.email,
    from: backToList(new URL(request.url).searchParams.get('from')),
    userPage: userPageOf(request, new URL(request.url).searchParams.get('from')),
    submissionKey: newSubmissionKey(),
  };
}

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

export async function action({ request, params, context }: Route.ActionArgs) {
  const uuid = profileIdOr404(params.uuid);
  const chosen = ACTIONS[actionOf(request)];
  const form = await request.formData();
  const { api } = await requireAuth(context);
  const done = await api.call('POST', chosen.call(uuid), writeOptionsOf(form));
  const session = await requestSession(request, context);
  if (done.ok) addToast(session, 'success', chosen.done);
  else addToast(session, 'error', done.message);
  // The API did not answer: the confirmation again, to try once more.
  const unanswered = !done.ok && done.status === 503;
  const here = new URL(request.url);
  throw await redirectWithToasts(session, unanswered ? here.pathname + here.search : userPageOf(request, form.get('from')));
}

export default function AccountActionScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('users');
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formMethod === 'POST';
  const { texts, danger } = ACTIONS[loaderData.action];
  return (
    <section className="screen">
      <h1>{t(`${texts}.question`, { name: loaderData.name })}</h1>
      <div className="screen-form">
        <p className="confirm-note">{t(`${texts}.explanation`, { email: loaderData.email })}</p>
        <Form method="post" className="form-actions">
          <input type="hidden" name="from" value={loaderData.from} />
          <SubmissionKeyField value={loaderData.submissionKey} />
          <SubmitButton variant="contained" color={danger ? 'error' : 'primary'} size="large" pending={submitting} pendingLabel={t(`${texts}.ending`)}>
            {t(`${texts}.confirm`)}
          </SubmitButton>
          <Link to={loaderData.userPage}>{t(`${texts}.cancel`)}</Link>
        </Form>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageTitle(data ? i18n.t(`users:${ACTIONS[data.action].texts}.question`, { name: data.name }) : i18n.t('users:title'));
