import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Button } from '~/components/ui/button';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/login';
import { EMAIL_MAX, PASSWORD_MAX } from '@contract/auth-limits';
import { OutlinedField } from '~/components/forms/outlined-field';
import { ConformCheckbox, useAnswerCount } from '~/components/forms/conform-fields';
import { ErrorSummary } from '~/components/forms/error-summary';
import { messages } from '@contract/messages';
import { signInWithPassword } from '~/server/auth/auth.server';
import { keepDeviceToken } from '~/server/auth/device-cookie.server';
import { onwardAfterSignIn } from '~/server/auth/privacy-notice.server';
import { useLazyValidation } from '~/hooks/lazy-validation';
import { PublicPage } from '~/components/shell/public-page';
import { i18n, registerNamespace } from '~/i18n/config';
import { dashboardPath, TWO_STEP_ENROL_PATH, TWO_STEP_PATH } from '~/navigation/screens';
import { addToast, holdForSecondStep, readAuth, requestSession, signIn, redirectWithToasts } from '~/server/auth/session.server';
import { pageTitle } from '~/utils/meta';
import { safeRedirect } from '~/utils/safe-redirect';
import { isSessionEndReason } from '@contract/session-end';
import { loginFormSchema } from './login.schema';
import { useT } from '~/hooks/use-t';
import { auth as authTexts } from '~/locales/es/auth';
import { sendKeepingTheForm } from '~/offline/link-failure';

registerNamespace('auth', authTexts);

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = readAuth(await requestSession(request, context));
  if (auth) throw redirect(dashboardPath(auth.user.role));
  const query = new URL(request.url).searchParams;
  // Why a session ended under the person, when the API said (decision 138).
  const reason = query.get('reason');
  return { redirectTo: query.get('redirectTo') ?? '', sessionEnded: isSessionEndReason(reason) ? reason : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginFormSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  const failed = (formErrors: string[], fieldErrors: Record<string, string[]>, status: number) =>
    data({ result: submission.reply({ formErrors, fieldErrors, hideFields: ['password'] }) }, { status });

  const { email, password, redirectTo } = submission.value;
  const session = await requestSession(request, context);
  const result = await signInWithPassword(request, session, email, password);
  if (!result.ok) return failed(result.formErrors, result.fieldErrors, result.status);
  const { token, user } = result;
  // An administrator ended the last session (or suspended the account, now reactivated): said once, here
  // (decision 172), as the newest toast, the one a phone shows (decision 168).
  const sayWhyItEnded = () => {
    if (result.lastSessionEnded) {
      addToast(session, 'info', result.lastSessionEnded === 'suspended' ? messages.lastSessionEndedBySuspension : messages.lastSessionEndedByAdmin);
    }
  };
  if (result.ok === 'second-step') {
    sayWhyItEnded();
    // Nobody is signed in yet: the second step (or setting one up) comes first (decision 113).
    holdForSecondStep(session, { token, stage: result.stage, user, redirectTo: redirectTo ?? '' });
    throw await redirectWithToasts(session, result.stage === 'verify' ? TWO_STEP_PATH : TWO_STEP_ENROL_PATH);
  }

  signIn(session, token, user);
  addToast(session, 'success', messages.loginSuccess);
  sayWhyItEnded();
  // A new version of the privacy policy is shown once before going on (decision 146).
  const onward = await onwardAfterSignIn(request, session, token, safeRedirect(redirectTo, dashboardPath(user.role)));
  throw await keepDeviceToken(await redirectWithToasts(session, onward), result.deviceToken);
}

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('auth');
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import('./login.schema').then((m) => m.loginFormSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [form, fields] = useForm({
    id: 'login',
    lastResult: actionData?.result,
    defaultValue: { terms: 'on', redirectTo: loaderData.redirectTo },
    ...validation.options,
  });
  const attempt = useAnswerCount(actionData);
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/user/login') === true;

  return (
    <PublicPage title={t('login.heading')} intro={t('login.intro')}>
      {/* noValidate always: the messages of docs/specification.md, "Login" come from the schema, also without JavaScript. */}
      <Form method="post" {...getFormProps(form)} {...validation.formProps(form)} noValidate className="form-stack">
        {loaderData.sessionEnded && !form.errors ? (
          <div role="status" className="session-ended">
            {loaderData.sessionEnded === 'suspended' ? (
              // The catalogue's sentence as it is, then a plain line (decision 172).
              <>
                <p>{messages.accountSuspended}</p>
                <p>{messages.accountSuspendedMeaning}</p>
              </>
            ) : (
              <p>{t(`sessionEnded.${loaderData.sessionEnded}`)}</p>
            )}
          </div>
        ) : null}
        <ErrorSummary form={form} />
        {form.errors?.includes(messages.accountSuspended) ? (
          // The catalogue's sentence stays as it is; a plain line after it says what it means (decision 172).
          <p className="session-ended">{messages.accountSuspendedMeaning}</p>
        ) : null}
        <input type="hidden" name={fields.redirectTo.name} value={fields.redirectTo.initialValue ?? loaderData.redirectTo} />
        <OutlinedField
          key={fields.email.key}
          id={fields.email.id}
          name={fields.email.name}
          type="email"
          label={t('login.email')}
          defaultValue={fields.email.initialValue}
          error={!fields.email.valid}
          helperText={fields.email.errors?.[0]}
          autoComplete="username"
          fullWidth
          inputProps={{ required: true, maxLength: EMAIL_MAX }}
        />
        <OutlinedField
          key={`${fields.password.key}-${attempt}`}
          id={fields.password.id}
          name={fields.password.name}
          type="password"
          label={t('login.password')}
          defaultValue={fields.password.initialValue}
          error={!fields.password.valid}
          helperText={fields.password.errors?.[0]}
          autoComplete="current-password"
          fullWidth
          inputProps={{ required: true, maxLength: PASSWORD_MAX }}
        />
        <ConformCheckbox meta={fields.terms} label={t('login.terms')} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </Form>
      <nav className="public-links">
        <Link to="/user/recover-password">{t('login.forgotPassword')}</Link>
        <span>
          {t('login.noAccount')} <Link to="/user/register">{t('login.register')}</Link>
        </span>
      </nav>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('auth:login.title'));
