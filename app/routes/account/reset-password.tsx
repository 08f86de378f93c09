import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Alert } from '~/components/ui/alert';
import { Button, ButtonLink } from '~/components/ui/button';
import { data, Form, Link, useNavigation } from 'react-router';
import type { Route } from './+types/reset-password';
import { messages } from '@contract/messages';
import { createApiClient, toFormErrors } from '~/server/api/api-client.server';
import { NewPasswordFields } from '~/components/forms/conform-fields';
import { ErrorSummary } from '~/components/forms/error-summary';
import { fieldsToHide, usePasswordResetKey } from '~/components/forms/kept-passwords';
import { secretPageHeaders } from '~/utils/secret-page-headers';
import { useLazyValidation } from '~/hooks/lazy-validation';
import { PublicPage } from '~/components/shell/public-page';
import { i18n, registerNamespace } from '~/i18n/config';
import { LOGIN_PATH } from '~/navigation/screens';
import { addToast, requestSession, redirectWithToasts } from '~/server/auth/session.server';
import { pageTitle } from '~/utils/meta';
import { resetFormSchema, resetTokenSchema } from './reset-password.schema';
import { useT } from '~/hooks/use-t';
import { auth as authTexts } from '~/locales/es/auth';

registerNamespace('auth', authTexts);

const RECOVER_PATH = '/user/recover-password';

const SECRET_FIELDS = ['password', 'passwordConfirm'];

/** A kept password is in the page: never stored, never compressed (decision 174). */
export const headers = secretPageHeaders;

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, linkError: resetTokenSchema.safeParse(token).success ? null : messages.resetLinkInvalid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetFormSchema });
  if (submission.status !== 'success') {
    const linkError = submission.error?.token?.[0] ?? null;
    return data({ result: submission.reply({ hideFields: fieldsToHide(submission.error, SECRET_FIELDS) }), linkError }, { status: 400 });
  }
  const session = await requestSession(request, context);
  const { token, password } = submission.value;
  const reset = await createApiClient(request, session, null).call('POST', '/api/profile/reset', { body: { token, password } });
  if (!reset.ok) {
    // A used, unknown or expired link: the API's Spanish message, with a way to ask for a new one.
    const linkError = reset.fields.token ? reset.message : null;
    const errors = toFormErrors(reset);
    return data({ result: submission.reply({ ...errors, hideFields: fieldsToHide(errors.fieldErrors, SECRET_FIELDS) }), linkError }, { status: reset.status });
  }
  // The API ended every session of this user, this browser's included.
  session.unset('token');
  session.unset('user');
  addToast(session, 'success', messages.passwordChanged);
  throw await redirectWithToasts(session, LOGIN_PATH);
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('auth');
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import('./reset-password.schema').then((m) => m.resetFormSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: actionData?.result,
    defaultValue: { token: loaderData.token },
    ...validation.options,
  });
  const attempt = usePasswordResetKey(actionData?.result, SECRET_FIELDS);
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/user/reset-password') === true;
  const linkError = actionData?.linkError ?? loaderData.linkError;

  return (
    <PublicPage title={t('reset.title')} intro={linkError ? undefined : t('reset.intro')}>
      {linkError ? (
        <div className="form-stack">
          <Alert severity="error">{linkError}</Alert>
          <ButtonLink to={RECOVER_PATH} variant="contained" size="large" fullWidth>
            {t('reset.requestNew')}
          </ButtonLink>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} {...validation.formProps(form)} noValidate className="form-stack">
          <ErrorSummary form={form} />
          <input type="hidden" name={fields.token.name} value={loaderData.token} />
          <NewPasswordFields
            password={fields.password}
            confirm={fields.passwordConfirm}
            labels={{ password: t('reset.password'), confirm: t('reset.passwordConfirm') }}
            helperText={t('register.passwordHelp')}
            resetKey={attempt}
          />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
            {submitting ? t('reset.submitting') : t('reset.submit')}
          </Button>
        </Form>
      )}
      <nav className="public-links">
        <Link to={LOGIN_PATH}>{t('backToLogin')}</Link>
      </nav>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('auth:reset.title'));
