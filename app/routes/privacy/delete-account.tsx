import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, useNavigation, useParams } from 'react-router';
import type { Route } from './+types/delete-account';
import { PASSWORD_MAX } from '@contract/auth-limits';
import { messages } from '@contract/messages';
import { requireAuth } from '~/server/auth/auth.server';
import { toFormErrors } from '~/server/api/api-client.server';
import { ConformCheckbox, ConformTextField } from '~/components/forms/conform-fields';
import { ErrorSummary } from '~/components/forms/error-summary';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useLazyValidation } from '~/hooks/lazy-validation';
import { LOGIN_PATH } from '~/navigation/screens';
import { addToast, commitSession, requestSession } from '~/server/auth/session.server';
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import { secretPageHeaders } from '~/utils/secret-page-headers';
import { pageTitle } from '~/utils/meta';
import { sendKeepingTheForm } from '~/offline/link-failure';
import { deleteAccountFormSchema } from './delete-account.schema';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStylesHref }];
export const headers = secretPageHeaders;

/** Never sent back to the browser after a failed submission. */
const SECRET_FIELDS = ['password'];

/** "Eliminar mi cuenta y mis datos" (Ley 19.628 art. 7 as amended; decision 149): drivers only (the area guard, app/navigation/area-routes.ts). */
export async function loader() {
  return { submissionKey: newSubmissionKey() };
}

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

/**
 * The password and the box, then POST /api/privacy/me/delete. Done: the web session ends here too (the API
 * ended every token) and the person lands on the sign-in page, told so; the phone's drafts and caches go.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const write = writeOptionsOf(formData);
  const submission = parseWithZod(formData, { schema: deleteAccountFormSchema });
  if (submission.status !== 'success') {
    return data({ submissionKey: write.idempotencyKey, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  }
  const { api } = await requireAuth(context);
  const deleted = await api.call('POST', '/api/privacy/me/delete', { body: { password: submission.value.password }, ...write });
  if (!deleted.ok) {
    const errors = toFormErrors(deleted);
    return data(
      { submissionKey: write.idempotencyKey, result: submission.reply({ formErrors: errors.formErrors, fieldErrors: errors.fieldErrors, hideFields: SECRET_FIELDS }) },
      { status: deleted.status },
    );
  }
  const session = await requestSession(request, context);
  session.unset('token');
  session.unset('user');
  session.unset('pending');
  addToast(session, 'success', messages.accountDeleted);
  throw redirect(LOGIN_PATH, { headers: [['Set-Cookie', await commitSession(session)], ['Clear-Site-Data', '"cache", "storage"']] });
}

export default function DeleteAccountScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { area } = useParams();
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import('./delete-account.schema').then((m) => m.deleteAccountFormSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [form, fields] = useForm({ id: 'delete-account', lastResult: actionData?.result, ...validation.options });
  const submitting = navigation.state === 'submitting' && navigation.formMethod === 'POST';
  return (
    <section className="screen">
      <h1>{messages.deleteAccountTitle}</h1>
      <div className="screen-form">
        <p className="screen-intro">{messages.deleteAccountIntro}</p>
        <ul className="confirm-note">
          <li>{messages.deleteAccountRemoved}</li>
          <li>{messages.deleteAccountKept}</li>
          <li>{messages.deleteAccountOpen}</li>
        </ul>
        <Form method="post" {...getFormProps(form)} {...validation.formProps(form)} noValidate className="form-stack">
          <SubmissionKeyField value={actionData?.submissionKey ?? loaderData.submissionKey} />
          <ErrorSummary form={form} />
          <ConformTextField meta={fields.password} label={messages.deleteAccountPassword} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} required />
          <ConformCheckbox meta={fields.confirm} label={messages.deleteAccountConfirm} />
          <div className="form-actions">
            <SubmitButton variant="contained" color="error" size="large" pending={submitting} pendingLabel={messages.deleteAccountSubmitting}>
              {messages.deleteAccountSubmit}
            </SubmitButton>
            <Link to={`/${area ?? ''}/profile`}>{messages.deleteAccountCancel}</Link>
          </div>
        </Form>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(messages.deleteAccountTitle);
