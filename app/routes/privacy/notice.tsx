import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/notice';
import { PRIVACY_POLICY_VERSION, privacyConsentStateSchema } from '@contract/privacy-policy';
import { messages } from '@contract/messages';
import { Alert } from '~/components/ui/alert';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { PublicPage } from '~/components/shell/public-page';
import { PRIVACY_POLICY_PATH } from '~/components/shell/site-footer';
import { i18n, registerNamespace } from '~/i18n/config';
import { dashboardPath, LOGIN_PATH } from '~/navigation/screens';
import { createApiClient } from '~/server/api/api-client.server';
import { addToast, readAuth, redirectWithToasts, requestSession } from '~/server/auth/session.server';
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { pageTitle } from '~/utils/meta';
import { safeRedirect } from '~/utils/safe-redirect';
import { useT } from '~/hooks/use-t';
import { privacy as privacyTexts } from '~/locales/es/privacy';

registerNamespace('privacy', privacyTexts);

const CHANGES = privacyTexts.notice.changes;

/**
 * "Actualizamos nuestra Política de privacidad": shown once after sign-in when the person's latest accepted version
 * is not the one in force (app/server/auth/privacy-notice.server.ts; decision 146). Accepting records it (POST
 * /api/privacy/consent) and goes on to where the person was going. A plain form: no script needed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = readAuth(await requestSession(request, context));
  if (!auth) throw redirect(LOGIN_PATH);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get('redirectTo'), dashboardPath(auth.user.role));
  return { redirectTo, version: PRIVACY_POLICY_VERSION, submissionKey: newSubmissionKey() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requestSession(request, context);
  const auth = readAuth(session);
  if (!auth) throw redirect(LOGIN_PATH);
  const form = await request.formData();
  const write = writeOptionsOf(form);
  const onward = safeRedirect(form.get('redirectTo'), dashboardPath(auth.user.role));
  const accepted = await createApiClient(request, session, auth.token).call('POST', '/api/privacy/consent', {
    body: { version: String(form.get('version') ?? '') },
    schema: privacyConsentStateSchema,
    ...write,
  });
  if (!accepted.ok) {
    return data({ error: accepted.fields.version ?? accepted.message, submissionKey: write.idempotencyKey }, { status: accepted.status });
  }
  addToast(session, 'success', messages.privacyPolicyAccepted);
  throw await redirectWithToasts(session, onward);
}

export default function PrivacyNoticePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('privacy');
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/user/privacy') === true;
  return (
    <PublicPage title={t('notice.title')} intro={t('notice.intro', { version: loaderData.version })}>
      <div className="form-stack privacy-policy">
        {actionData?.error ? <Alert severity="error">{actionData.error}</Alert> : null}
        <h2>{t('notice.changesTitle')}</h2>
        <ul>
          {CHANGES.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
        <p>
          <a href={PRIVACY_POLICY_PATH} target="_blank" rel="noreferrer">
            {t('notice.readFull')}
          </a>
        </p>
        <Form method="post" noValidate className="form-stack">
          <SubmissionKeyField value={actionData?.submissionKey ?? loaderData.submissionKey} />
          <input type="hidden" name="version" value={loaderData.version} />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <SubmitButton variant="contained" size="large" fullWidth pending={submitting} pendingLabel={t('notice.accepting')}>
            {t('notice.accept')}
          </SubmitButton>
        </Form>
      </div>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('privacy:notice.title'));
