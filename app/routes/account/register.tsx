import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/register';
import { EMAIL_MAX } from '@contract/auth-limits';
import { messages } from '@contract/messages';
import { NAME_MAX } from '@contract/profile-fields';
import { PHONE_INPUT_MAX } from '@contract/phone';
import { RUT_INPUT_MAX } from '@contract/rut';
import { createApiClient, toFormErrors } from '~/server/api/api-client.server';
import { signInWithPassword } from '~/server/auth/auth.server';
import { keepDeviceToken } from '~/server/auth/device-cookie.server';
import { log } from '~/server/observability/log.server';
import { requestIdOf } from '~/server/observability/observability.server';
import { ConformCheckbox, ConformTextField, Honeypot, NewPasswordFields } from '~/components/forms/conform-fields';
import { ErrorSummary } from '~/components/forms/error-summary';
import { fieldsToHide, usePasswordResetKey } from '~/components/forms/kept-passwords';
import { secretPageHeaders } from '~/utils/secret-page-headers';
import { useLazyValidation } from '~/hooks/lazy-validation';
import { PublicPage } from '~/components/shell/public-page';
import { i18n, registerNamespace } from '~/i18n/config';
import { dashboardPath, LOGIN_PATH } from '~/navigation/screens';
import { addToast, readAuth, requestSession, signIn, redirectWithToasts } from '~/server/auth/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import { pageTitle } from '~/utils/meta';
import { registerFormSchema } from './register.schema';
import { useT } from '~/hooks/use-t';
import { auth as authTexts } from '~/locales/es/auth';
import { sendKeepingTheForm } from '~/offline/link-failure';
import { privacy as privacyTexts } from '~/locales/es/privacy';
import { PRIVACY_POLICY_VERSION } from '@contract/privacy-policy';
import { PRIVACY_POLICY_PATH } from '~/components/shell/site-footer';

registerNamespace('auth', authTexts);
registerNamespace('privacy', privacyTexts);
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';

/** The public terms page the sign-up asks to accept (decision 175). */
const TERMS_PATH = '/terminos';
const RECOVER_PASSWORD_PATH = '/user/recover-password';

/** The honeypot's name: a field a form-filling bot is glad to fill (docs/decisions/040). */
const HONEYPOT = 'website';
/** Kept when no error is about them (decision 174); the honeypot never comes back. */
const PASSWORD_FIELDS = ['password', 'passwordConfirm'];

/** A kept password is in the page: never stored, never compressed (decision 174). */
export const headers = secretPageHeaders;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStylesHref }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = readAuth(await requestSession(request, context));
  if (auth) throw redirect(dashboardPath(auth.user.role));
  // The form's one-time key: a sign-up sent twice makes one account (decision 137).
  return { submissionKey: newSubmissionKey(), privacyPolicyVersion: PRIVACY_POLICY_VERSION };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const write = writeOptionsOf(formData);
  const submission = parseWithZod(formData, { schema: registerFormSchema });
  if (submission.status !== 'success') {
    return data(
      { result: submission.reply({ hideFields: fieldsToHide(submission.error, PASSWORD_FIELDS, [HONEYPOT]) }), submissionKey: write.idempotencyKey },
      { status: 400 },
    );
  }
  const failed = (formErrors: string[], fieldErrors: Record<string, string[]>, status: number) =>
    data(
      { result: submission.reply({ formErrors, fieldErrors, hideFields: fieldsToHide(fieldErrors, PASSWORD_FIELDS, [HONEYPOT]) }), submissionKey: write.idempotencyKey },
      { status },
    );

  const { email, password, firstName, lastName, phone, rut, privacyPolicyVersion } = submission.value;
  if (formData.get(HONEYPOT)) {
    // Nothing is created; a person whose browser filled the hidden field can simply send again.
    log.warn({ requestId: requestIdOf(request) }, 'sign-up refused: honeypot filled');
    return failed([messages.validationFailed], {}, 400);
  }

  const session = await requestSession(request, context);
  const created = await createApiClient(request, session, null).call('POST', '/api/profile/new', {
    body: { email, password, firstName, lastName, phone, rut, privacyPolicyVersion },
    ...write,
  });
  if (!created.ok) {
    // 409 e-mail taken comes with its field; 429 and the like only with the API's message.
    const errors = toFormErrors(created);
    // A version changed while the page was open: said beside the checkbox, which shows the new one on reload.
    const { privacyPolicyVersion: versionErrors, ...others } = errors.fieldErrors;
    if (versionErrors) errors.fieldErrors = { ...others, privacy: versionErrors };
    const hasFieldErrors = Object.keys(errors.fieldErrors).length > 0;
    return failed(hasFieldErrors ? [] : errors.formErrors, errors.fieldErrors, created.status);
  }

  // The REGISTER transition (docs/specification.md, "Session"): the new driver is signed in at once.
  const signedIn = await signInWithPassword(request, session, email, password);
  addToast(session, 'success', messages.registered);
  if (signedIn.ok) signIn(session, signedIn.token, signedIn.user);
  else log.error({ requestId: requestIdOf(request), status: signedIn.status }, 'sign-up: the account was created but could not sign in');
  const onward = await redirectWithToasts(session, signedIn.ok ? dashboardPath(signedIn.user.role) : LOGIN_PATH);
  throw await keepDeviceToken(onward, signedIn.ok === true ? signedIn.deviceToken : null);
}

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('auth');
  const tp = useT('privacy');
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import('./register.schema').then((m) => m.registerFormSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [form, fields] = useForm({ id: 'register', lastResult: actionData?.result, ...validation.options });
  const attempt = usePasswordResetKey(actionData?.result, PASSWORD_FIELDS);
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/user/register') === true;
  // A taken e-mail is probably the person's own: sign in, or recover the password (issue 36).
  const emailTaken = fields.email.errors?.includes(messages.emailTaken) === true;
  const emailTakenWaysOn = (
    <>
      {t('register.emailTakenBefore')}
      <Link to={LOGIN_PATH}>{t('register.emailTakenSignIn')}</Link>
      {t('register.emailTakenBetween')}
      <Link to={RECOVER_PASSWORD_PATH}>{t('register.emailTakenRecover')}</Link>
      {t('register.emailTakenAfter')}
    </>
  );

  return (
    <PublicPage title={t('register.title')} intro={t('register.intro')}>
      {/* noValidate always: the catalogue's messages come from the schema, also without JavaScript. */}
      <Form method="post" {...getFormProps(form)} {...validation.formProps(form)} noValidate className="form-stack">
        <ErrorSummary form={form} extra={emailTaken ? <li>{emailTakenWaysOn}</li> : null} />
        <SubmissionKeyField value={actionData?.submissionKey ?? loaderData.submissionKey} />
        <ConformTextField meta={fields.firstName} label={t('register.firstName')} autoComplete="given-name" maxLength={NAME_MAX} required />
        <ConformTextField meta={fields.lastName} label={t('register.lastName')} autoComplete="family-name" maxLength={NAME_MAX} required />
        <ConformTextField meta={fields.rut} label={t('register.rut')} helperText={t('register.rutHelp')} maxLength={RUT_INPUT_MAX} required />
        <ConformTextField
          meta={fields.phone}
          label={t('register.phone')}
          type="tel"
          autoComplete="tel"
          helperText={t('register.phoneHelp')}
          maxLength={PHONE_INPUT_MAX}
          required
        />
        <ConformTextField meta={fields.email} label={t('register.email')} type="email" autoComplete="email" maxLength={EMAIL_MAX} required />
        {emailTaken ? <p className="field-note">{emailTakenWaysOn}</p> : null}
        <NewPasswordFields
          password={fields.password}
          confirm={fields.passwordConfirm}
          labels={{ password: t('register.password'), confirm: t('register.passwordConfirm') }}
          helperText={t('register.passwordHelp')}
          resetKey={attempt}
        />
        <ConformCheckbox
          meta={fields.terms}
          label={
            <>
              {t('register.termsBefore')}
              <a href={TERMS_PATH} target="_blank" rel="noreferrer">
                {t('register.termsLink')}
              </a>
            </>
          }
        />
        <input type="hidden" name={fields.privacyPolicyVersion.name} value={loaderData.privacyPolicyVersion} />
        <ConformCheckbox
          meta={fields.privacy}
          label={
            <>
              {tp('acceptLabelBefore')}
              <a href={PRIVACY_POLICY_PATH} target="_blank" rel="noreferrer">
                {tp('link')}
              </a>
            </>
          }
        />
        <Honeypot name={HONEYPOT} label={t('register.honeypot')} />
        <SubmitButton variant="contained" size="large" fullWidth pending={submitting} pendingLabel={t('register.submitting')}>
          {t('register.submit')}
        </SubmitButton>
      </Form>
      <nav className="public-links">
        <span>
          {t('register.haveAccount')} <Link to={LOGIN_PATH}>{t('backToLogin')}</Link>
        </span>
      </nav>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('auth:register.title'));
