import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/two-step';
import { messages } from '@contract/messages';
import { twoStepCodeSchema } from '@contract/two-step';
import { createApiClient } from '~/api-client.server';
import { PublicPage } from '~/components/public-page';
import { CodeFieldForm } from '~/components/two-step/code-field-form';
import { useT } from '~/components/use-t';
import { i18n, registerNamespace } from '~/i18n/config';
import { twoStep } from '~/locales/es/two-step';
import { dashboardPath, LOGIN_PATH } from '~/navigation';
import { addToast, commitSession, readPending, requestSession, signIn } from '~/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import { pageTitle } from '~/utils/meta';
import { safeRedirect } from '~/utils/safe-redirect';

registerNamespace('twoStep', twoStep);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStylesHref }];

/** The second step of a sign-in (decision 113): only after the password, for an account that has one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pending = readPending(await requestSession(request, context));
  if (!pending || pending.stage !== 'verify') throw redirect(LOGIN_PATH);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requestSession(request, context);
  const pending = readPending(session);
  if (!pending || pending.stage !== 'verify') throw redirect(LOGIN_PATH);
  const parsed = twoStepCodeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: messages.twoStepCodeWrong }, { status: 400 });
  // Five wrong codes end the half-open token: the API answers 401 and the client starts over at "/".
  const checked = await createApiClient(request, session, pending.token).call('POST', '/api/auth/second-step', { body: parsed.data });
  if (!checked.ok) return data({ error: checked.fields.code ?? checked.message }, { status: checked.status });
  signIn(session, pending.token, pending.user);
  addToast(session, 'success', messages.loginSuccess);
  throw redirect(safeRedirect(pending.redirectTo, dashboardPath(pending.user.role)), { headers: { 'Set-Cookie': await commitSession(session) } });
}

export default function TwoStepPage({ actionData }: Route.ComponentProps) {
  const t = useT('twoStep');
  return (
    <PublicPage title={t('verify.title')} intro={t('verify.intro')}>
      <CodeFieldForm intent="two-step-verify" label={t('verify.code')} help={t('verify.codeHelp')} error={actionData?.error} submit={t('verify.submit')} submitting={t('verify.submitting')} />
      <nav className="public-links">
        <Link to={LOGIN_PATH}>{t('verify.restart')}</Link>
      </nav>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('twoStep:verify.title'));
