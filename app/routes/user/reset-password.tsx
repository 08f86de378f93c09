import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { z } from '@contract/zod';
import type { Route } from './+types/reset-password';
import { messages } from '@contract/messages';
import { newPasswordSchema } from '@contract/profile';
import { createApiClient, toFormErrors } from '~/api-client.server';
import { FormError, NewPasswordFields, useAnswerCount } from '~/components/conform-fields';
import { PublicPage } from '~/components/public-page';
import { i18n } from '~/i18n/config';
import { LOGIN_PATH } from '~/navigation';
import { addToast, commitSession, requestSession } from '~/session.server';
import { pageTitle } from '~/utils/meta';
import { passwordConfirmField, passwordsEqual } from '~/utils/password-confirm';

const RECOVER_PATH = '/user/recover-password';

/** The e-mailed token's shape (the API's resetPasswordSchema); anything else is a broken link. */
const resetTokenSchema = z
  .string({ error: messages.resetLinkInvalid })
  .min(20, messages.resetLinkInvalid)
  .max(200, messages.resetLinkInvalid);

export const resetFormSchema = z
  .object({ token: resetTokenSchema, password: newPasswordSchema, passwordConfirm: passwordConfirmField })
  .refine(...passwordsEqual);

const SECRET_FIELDS = ['password', 'passwordConfirm'];

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token, linkError: resetTokenSchema.safeParse(token).success ? null : messages.resetLinkInvalid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetFormSchema });
  if (submission.status !== 'success') {
    const linkError = submission.error?.token?.[0] ?? null;
    return data({ result: submission.reply({ hideFields: SECRET_FIELDS }), linkError }, { status: 400 });
  }
  const session = await requestSession(request, context);
  const { token, password } = submission.value;
  const reset = await createApiClient(request, session, null).call('POST', '/api/profile/reset', { body: { token, password } });
  if (!reset.ok) {
    // A used, unknown or expired link: the API's Spanish message, with a way to ask for a new one.
    const linkError = reset.fields.token ? reset.message : null;
    const errors = toFormErrors(reset);
    return data({ result: submission.reply({ ...errors, hideFields: SECRET_FIELDS }), linkError }, { status: reset.status });
  }
  // The API ended every session of this user, this browser's included.
  session.unset('token');
  session.unset('user');
  addToast(session, 'success', messages.passwordChanged);
  throw redirect(LOGIN_PATH, { headers: { 'Set-Cookie': await commitSession(session) } });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('auth');
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: actionData?.result,
    defaultValue: { token: loaderData.token },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetFormSchema }),
  });
  const attempt = useAnswerCount(actionData);
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/user/reset-password') === true;
  const linkError = actionData?.linkError ?? loaderData.linkError;

  return (
    <PublicPage title={t('reset.title')} intro={linkError ? undefined : t('reset.intro')}>
      {linkError ? (
        <div className="form-stack">
          <Alert severity="error">{linkError}</Alert>
          <Button component={Link} to={RECOVER_PATH} variant="contained" size="large" fullWidth>
            {t('reset.requestNew')}
          </Button>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate className="form-stack">
          <FormError errors={form.errors} id={form.errorId} />
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
