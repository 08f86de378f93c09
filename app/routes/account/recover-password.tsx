import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { data, Form, Link, useNavigation } from 'react-router';
import { z } from '@contract/zod';
import type { Route } from './+types/recover-password';
import { EMAIL_MAX } from '@contract/auth-limits';
import { createApiClient, toFormErrors } from '~/server/api/api-client.server';
import { ConformTextField } from '~/components/forms/conform-fields';
import { ErrorSummary } from '~/components/forms/error-summary';
import { useLazyValidation } from '~/hooks/lazy-validation';
import { PublicPage } from '~/components/shell/public-page';
import { i18n, registerNamespace } from '~/i18n/config';
import { LOGIN_PATH } from '~/navigation/screens';
import { requestSession } from '~/server/auth/session.server';
import { pageTitle } from '~/utils/meta';
import { recoverFormSchema } from './recover-password.schema';
import { useT } from '~/hooks/use-t';
import { auth as authTexts } from '~/locales/es/auth';

registerNamespace('auth', authTexts);

const sentSchema = z.object({ message: z.string() });

/**
 * The web form is a POST (no GET changes anything on the web side); the API call is the
 * GET /api/profile/forgotten/{email} of docs/specification.md, "7. The calls it makes", which answers the same for
 * any address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: recoverFormSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply(), sent: null }, { status: 400 });
  }
  const session = await requestSession(request, context);
  const answer = await createApiClient(request, session, null).call(
    'GET',
    `/api/profile/forgotten/${encodeURIComponent(submission.value.email)}`,
    { schema: sentSchema },
  );
  if (!answer.ok) {
    // 429: the API's own message.
    return data({ result: submission.reply(toFormErrors(answer)), sent: null }, { status: answer.status });
  }
  return { result: submission.reply({ resetForm: true }), sent: answer.payload.message };
}

export default function RecoverPasswordPage({ actionData }: Route.ComponentProps) {
  const t = useT('auth');
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import('./recover-password.schema').then((m) => m.recoverFormSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [form, fields] = useForm({ id: 'recover', lastResult: actionData?.result, ...validation.options });
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/user/recover-password') === true;

  return (
    <PublicPage title={t('recover.title')} intro={t('recover.intro')}>
      <Form method="post" {...getFormProps(form)} {...validation.formProps(form)} noValidate className="form-stack">
        {actionData?.sent ? (
          <Alert severity="success" role="status">
            {actionData.sent}
          </Alert>
        ) : null}
        <ErrorSummary form={form} />
        <ConformTextField meta={fields.email} label={t('recover.email')} type="email" autoComplete="email" maxLength={EMAIL_MAX} required />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
          {submitting ? t('recover.submitting') : t('recover.submit')}
        </Button>
      </Form>
      <nav className="public-links">
        <Link to={LOGIN_PATH}>{t('backToLogin')}</Link>
      </nav>
    </PublicPage>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('auth:recover.title'));
