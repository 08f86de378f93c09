import { Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/end-sessions';
import { messages } from '@contract/messages';
import { readWithAuth, requireAuth } from '~/auth.server';
import { Button } from '~/components/button';
import { useT } from '~/components/use-t';
import { i18n, registerNamespace } from '~/i18n/config';
import { users } from '~/locales/es/users';
import { addToast, commitSession, requestSession } from '~/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import { pageTitle } from '~/utils/meta';
import { fullName } from './user-form';
import { backToList, loadProfile, profileIdOr404 } from './users.server';

registerNamespace('users', users);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStylesHref }];

/** "Cerrar todas las sesiones" of a user (issue 16): a confirmation page, so it works without JavaScript. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { data: profile } = await readWithAuth(context, ({ api }) => loadProfile(api, params.uuid));
  return { name: fullName(profile), email: profile.email, from: backToList(new URL(request.url).searchParams.get('from')) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const uuid = profileIdOr404(params.uuid);
  const form = await request.formData();
  const { api } = await requireAuth(context);
  const ended = await api.call('POST', `/api/profile/${uuid}/sessions/end`);
  const session = await requestSession(request, context);
  if (ended.ok) addToast(session, 'success', messages.userSessionsEnded);
  else addToast(session, 'error', ended.message);
  throw redirect(backToList(form.get('from')), { headers: { 'Set-Cookie': await commitSession(session) } });
}

export default function EndSessionsScreen({ loaderData }: Route.ComponentProps) {
  const t = useT('users');
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formMethod === 'POST';
  return (
    <section className="screen">
      <h1>{t('endSessions.question', { name: loaderData.name })}</h1>
      <div className="screen-form">
        <p className="confirm-note">{t('endSessions.explanation', { email: loaderData.email })}</p>
        <Form method="post" className="form-actions">
          <input type="hidden" name="from" value={loaderData.from} />
          <Button type="submit" variant="contained" color="error" size="large" disabled={submitting}>
            {submitting ? t('endSessions.ending') : t('endSessions.confirm')}
          </Button>
          <Link to={loaderData.from}>{t('endSessions.cancel')}</Link>
        </Form>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageTitle(data ? i18n.t('users:endSessions.question', { name: data.name }) : i18n.t('users:endSessions.title'));
