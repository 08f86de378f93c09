import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/delete';
import { messages } from '@contract/messages';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { i18n, registerNamespace } from '~/i18n/config';
import { addToast, requestSession, redirectWithToasts } from '~/server/auth/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import { pageTitle } from '~/utils/meta';

import { backToList, loadProfile, profileIdOr404 } from './users.server';
import { useT } from '~/hooks/use-t';
import { users } from '~/locales/es/users';
import { fullName } from '@contract/person-name';
import { forgetOperators } from '~/server/api/reference-data.server';

registerNamespace('users', users);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStylesHref }];

/** The confirmation is a page of its own, so it works without JavaScript. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { data: profile } = await readWithAuth(context, ({ api }) => loadProfile(api, params.uuid));
  return {
    name: fullName(profile),
    email: profile.email,
    from: backToList(new URL(request.url).searchParams.get('from')),
    submissionKey: newSubmissionKey(),
  };
}

/** Soft delete: the person's tickets, comments and history keep their name. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const uuid = profileIdOr404(params.uuid);
  const form = await request.formData();
  const { api } = await requireAuth(context);
  const deleted = await api.call('POST', `/api/profile/delete/${uuid}`, writeOptionsOf(form));
  forgetOperators();
  const session = await requestSession(request, context);
  // Refusals (their own account, the last active admin) come back as the API's message.
  if (deleted.ok) addToast(session, 'success', messages.userDeleted);
  else addToast(session, 'error', deleted.message);
  // The API did not answer: the confirmation again, to try once more.
  const unanswered = !deleted.ok && deleted.status === 503;
  const here = new URL(request.url);
  throw await redirectWithToasts(session, unanswered ? here.pathname + here.search : backToList(form.get('from')));
}

export default function DeleteUserScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('users');
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formMethod === 'POST';
  return (
    <section className="screen">
      <h1>{t('delete.question', { name: loaderData.name })}</h1>
      <div className="screen-form">
        <p className="confirm-note">{t('delete.explanation', { email: loaderData.email })}</p>
        <Form method="post" className="form-actions">
          <input type="hidden" name="from" value={loaderData.from} />
          <SubmissionKeyField value={loaderData.submissionKey} />
          <SubmitButton variant="contained" color="error" size="large" pending={submitting} pendingLabel={t('delete.deleting')}>
            {t('delete.confirm')}
          </SubmitButton>
          <Link to={loaderData.from}>{t('delete.cancel')}</Link>
        </Form>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageTitle(data ? i18n.t('users:delete.question', { name: data.name }) : i18n.t('users:delete.title'));
