import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/two-step';
import { messages } from '@contract/messages';
import { twoStepCodeSchema } from '@contract/two-step';
import { createApiClient } from '~/server/api/api-client.server';
import { DEVICE_TOKEN_HEADER } from '@contract/auth';
import { keepDeviceToken, readDeviceToken } from '~/server/auth/device-cookie.server';
import { PublicPage } from '~/components/shell/public-page';
import { CodeFieldForm } from '~/components/two-step/code-field-form';
import { useT } from '~/hooks/use-t';
import { i18n, registerNamespace } from '~/i18n/config';
import { twoStep } from '~/locales/es/two-step';
import { dashboardPath, LOGIN_PATH, TWO_STEP_PATH } from '~/navigation/screens';
import { addToast, dropPending, readPending, requestSession, signIn, redirectWithToasts } from '~/server/auth/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import { pageTitle } from '~/utils/meta';
import { safeRedirect } from '~/utils/safe-redirect';
import { onwardAfterSignIn } from '~/server/auth/privacy-notice.server';

registerNamespace('twoStep', twoStep);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStylesHref }];

/** The second step of a sign-in (decision 113): only after the password, for an account that has one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pending = readPending(await requestSession(request, context));
  if (!pending || pending.stage !== 'verify') throw redirect(LOGIN_PATH);
  // A digits field (the phone's number pad) by default; `?recovery` for a recovery code, by a
  // plain link, so the switch works without JavaScript. The API takes either in both.
  return { recovery: new URL(request.url).searchParams.has('recovery') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requestSession(request, context);
  const pending = readPending(session);
  if (!pending || pending.stage !== 'verify') throw redirect(LOGIN_PATH);
  const parsed = twoStepCodeSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: messages.twoStepCodeWrong }, { status: 400 });
  // The browser's device token: its own limit on codes instead of the account's; a new one comes
  // back once this browser has fully signed in for the first time (decision 133).
  const device = await readDeviceToken(request);
  const checked = await createApiClient(request, session, pending.token).call('POST', '/api/auth/second-step', {
    body: parsed.data,
    unauthorizedIsAnswer: true,
    headers: device ? { [DEVICE_TOKEN_HEADER]: device } : {},
  });
  // Five wrong codes end the half-open token (the API answers 401): back to the sign-in page,
  // which says why, instead of a form whose every code would now fail.
  if (!checked.ok && checked.status === 401) {
    dropPending(session);
    addToast(session, 'error', checked.message);
    throw await redirectWithToasts(session, LOGIN_PATH);
  }
  if (!checked.ok) return data({ error: checked.fields.code ?? checked.message }, { status: checked.status });
  signIn(session, pending.token, pending.user);
  addToast(session, 'success', messages.loginSuccess);
  // A new version of the privacy policy is shown once before going on (decision 146).
  const target = await onwardAfterSignIn(request, session, pending.token, safeRedirect(pending.redirectTo, dashboardPath(pending.user.role)));
  const onward = await redirectWithToasts(session, target);
  throw await keepDeviceToken(onward, checked.headers.get(DEVICE_TOKEN_HEADER));
}

export default function TwoStepPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('twoStep');
  const { recovery } = loaderData;
  return (
    <PublicPage title={t('verify.title')} intro={t('verify.intro')}>
      <CodeFieldForm
        key={recovery ? 'recovery' : 'app'}
        intent="two-step-verify"
        label={t(recovery ? 'verify.recoveryCode' : 'verify.code')}
        help={t(recovery ? 'verify.recoveryHelp' : 'verify.codeHelp')}
        digitsOnly={!recovery}
        error={actionData?.error}
        submit={t('verify.submit')}
        submitting={t('verify.submitting')}
      />
      <nav className="public-links">
        <Link to={recovery ? TWO_STEP_PATH : `${TWO_STEP_PATH}?recovery`} replace>
          {t(recovery ? 'verify.useApp' : 'verify.useRecovery')}
        </Link>
        <Link to={LOGIN_PATH}>{t('verify.restart')}</Link>
      </nav>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('twoStep:verify.title'));
