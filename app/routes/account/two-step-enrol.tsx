import { useState } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { z } from '@contract/zod';
import { Checkbox } from '~/components/forms/checkbox';
import { useHydrated } from '~/hooks/use-hydrated';
import type { Route } from './+types/two-step-enrol';
import { messages } from '@contract/messages';
import { recoveryCodesSchema, twoStepCodeSchema, twoStepSetupSchema } from '@contract/two-step';
import { createApiClient } from '~/server/api/api-client.server';
import { Button, ButtonLink } from '~/components/ui/button';
import { PublicPage } from '~/components/shell/public-page';
import { RecoveryCodes, TwoStepEnrolment } from '~/components/two-step/enrolment';
import { useT } from '~/hooks/use-t';
import { i18n, registerNamespace } from '~/i18n/config';
import { twoStep } from '~/locales/es/two-step';
import { dashboardPath, LOGIN_PATH, TWO_STEP_ENROL_PATH } from '~/navigation/screens';
import { commitSession, readAuth, readPending, requestSession, signIn } from '~/server/auth/session.server';
import { Alert } from '~/components/ui/alert';
import { groupedSecret, qrSvg } from '~/server/auth/two-step.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import { pageTitle } from '~/utils/meta';
import { secretPageHeaders } from '~/utils/secret-page-headers';
import { safeRedirect } from '~/utils/safe-redirect';
import { onwardAfterSignIn } from '~/server/auth/privacy-notice.server';

registerNamespace('twoStep', twoStep);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStylesHref }];

export const headers = secretPageHeaders;

/**
 * Setting up the second step right after the password, where the role requires one (decision
 * 113). Making the secret is a POST ("Generar código QR"); this page only shows the one under way.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requestSession(request, context);
  const pending = readPending(session);
  if (!pending || pending.stage !== 'enrol') {
    // Just enrolled (this page renders again after the action, with the recovery codes): signed in.
    const auth = readAuth(session);
    if (auth) return { setup: null, next: dashboardPath(auth.user.role) };
    throw redirect(LOGIN_PATH);
  }
  const setup = await createApiClient(request, session, pending.token).get('/api/profile/me/two-step/setup', twoStepSetupSchema.nullable());
  return { setup: setup ? { qr: await qrSvg(setup.uri), secret: groupedSecret(setup.secret), uri: setup.uri } : null, next: null };
}

/** Recovery codes as the API makes them, posted back with "He guardado mis códigos". */
const shownCodesSchema = z.array(z.string().regex(/^[a-z0-9]{4}-[a-z0-9]{4}$/)).max(20);

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requestSession(request, context);
  const formData = await request.formData();
  if (formData.get('intent') === 'codes-saved') {
    // Going on after the codes (decision 172): only once the person says they kept them. The codes come back
    // in the form (the server keeps only their hashes) to be shown again until then.
    const auth = readAuth(session);
    if (!auth) throw redirect(LOGIN_PATH);
    const next = safeRedirect(formData.get('next'), dashboardPath(auth.user.role));
    if (formData.get('saved') === 'on') throw redirect(next);
    const codes = shownCodesSchema.safeParse(formData.getAll('code').map(String));
    return data({ error: undefined, savedError: true, recoveryCodes: codes.success ? codes.data : [], next }, { status: 400 });
  }
  const pending = readPending(session);
  if (!pending || pending.stage !== 'enrol') throw redirect(LOGIN_PATH);
  const form = Object.fromEntries(formData);
  const api = createApiClient(request, session, pending.token);
  if (form.intent === 'two-step-setup') {
    await api.call('POST', '/api/profile/me/two-step/setup', { schema: twoStepSetupSchema });
    throw redirect(TWO_STEP_ENROL_PATH);
  }
  const parsed = twoStepCodeSchema.safeParse(form);
  if (!parsed.success) return data({ error: messages.twoStepCodeWrong, savedError: false, recoveryCodes: null, next: null }, { status: 400 });
  const confirmed = await api.call('POST', '/api/profile/me/two-step/confirm', { body: parsed.data, schema: recoveryCodesSchema });
  if (!confirmed.ok) {
    return data({ error: confirmed.fields.code ?? confirmed.message, savedError: false, recoveryCodes: null, next: null }, { status: confirmed.status });
  }
  // The token is a full one now: the person is signed in, and sees the recovery codes once.
  signIn(session, pending.token, pending.user);
  // After the codes, a new version of the privacy policy is shown once before going on (decision 146).
  const next = await onwardAfterSignIn(request, session, pending.token, safeRedirect(pending.redirectTo, dashboardPath(pending.user.role)));
  return data(
    { error: undefined, savedError: false, recoveryCodes: confirmed.payload.recoveryCodes, next },
    { headers: { 'Set-Cookie': await commitSession(session) } },
  );
}

export default function TwoStepEnrolPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('twoStep');
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(false);
  const next = actionData?.next ?? loaderData.next;
  if (actionData?.recoveryCodes || next) {
    return (
      <PublicPage title={t('enrol.title')}>
        {/* Said here, not in a toast: on a 320 px phone a toast covered the last codes and "Continuar". */}
        {actionData?.recoveryCodes && actionData.recoveryCodes.length > 0 ? (
          <>
            {actionData.savedError ? null : (
              <Alert severity="success" role="status">
                {messages.twoStepEnabled}
              </Alert>
            )}
            <RecoveryCodes codes={actionData.recoveryCodes} />
            {/* Not on until the person says the codes are kept (decision 172); checked again by the action without JavaScript. */}
            <Form method="post" className="recovery-saved" reloadDocument>
              <input type="hidden" name="intent" value="codes-saved" />
              <input type="hidden" name="next" value={next ?? ''} />
              {actionData.recoveryCodes.map((code) => (
                <input key={code} type="hidden" name="code" value={code} />
              ))}
              <Checkbox
                name="saved"
                label={t('recovery.saved')}
                checked={saved}
                onChange={(event) => setSaved(event.currentTarget.checked)}
                aria-invalid={actionData.savedError || undefined}
                aria-describedby={actionData.savedError ? 'recovery-saved-error' : undefined}
              />
              {actionData.savedError ? (
                <p id="recovery-saved-error" className="field-helper field-helper--error" role="alert">
                  {t('recovery.savedRequired')}
                </p>
              ) : null}
              <Button type="submit" variant="contained" size="large" fullWidth disabled={hydrated && !saved}>
                {t('recovery.continue')}
              </Button>
            </Form>
          </>
        ) : (
          <ButtonLink variant="contained" size="large" fullWidth to={next ?? LOGIN_PATH} reloadDocument>
            {t('recovery.continue')}
          </ButtonLink>
        )}
      </PublicPage>
    );
  }
  const starting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'two-step-setup';
  return (
    <PublicPage title={t('enrol.title')} intro={t('enrol.intro')}>
      {loaderData.setup ? (
        <TwoStepEnrolment qrSvg={loaderData.setup.qr} secret={loaderData.setup.secret} uri={loaderData.setup.uri} error={actionData?.error} />
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="two-step-setup" />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={starting}>
            {starting ? t('enrol.starting') : t('enrol.start')}
          </Button>
        </Form>
      )}
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('twoStep:enrol.title'));
