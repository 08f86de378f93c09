import { getFormProps, useForm } from '@conform-to/react';
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, useNavigation } from 'react-router';
import type { Route } from './+types/new';
import { messages } from '@contract/messages';
import { useLazyValidation } from '~/hooks/lazy-validation';
import { toFormErrors } from '~/server/api/api-client.server';
import { requireAuth } from '~/server/auth/auth.server';
import { i18n, registerNamespace } from '~/i18n/config';
import { addToast, requestSession, redirectWithToasts } from '~/server/auth/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import { pageTitle } from '~/utils/meta';
import { SECRET_FIELDS, UserForm } from './user-form';
import { newUserFormSchema } from './user-form.schema';
import { backToList } from './users.server';
import { fieldsToHide, usePasswordResetKey } from '~/components/forms/kept-passwords';
import { secretPageHeaders } from '~/utils/secret-page-headers';
import { useT } from '~/hooks/use-t';
import { users } from '~/locales/es/users';
import { forgetOperators } from '~/server/api/reference-data.server';
import { sendKeepingTheForm } from '~/offline/link-failure';

registerNamespace('users', users);

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountsStylesHref }];

export function loader({ request }: Route.LoaderArgs) {
  return { from: backToList(new URL(request.url).searchParams.get('from')), submissionKey: newSubmissionKey() };
}

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

/** A kept password is in the page: never stored, never compressed (decision 174). */
export const headers = secretPageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const write = writeOptionsOf(formData);
  const submissionKey = write.idempotencyKey;
  const submission = parseWithZod(formData, { schema: newUserFormSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: fieldsToHide(submission.error, SECRET_FIELDS) }), submissionKey }, { status: 400 });
  }
  const { from, passwordConfirm: _confirm, ...profile } = submission.value;
  const { api } = await requireAuth(context);
  const created = await api.call('POST', '/api/profile/new', { body: profile , ...write });
  forgetOperators();
  if (!created.ok) {
    // 409 e-mail taken arrives with its field; anything else only with the API's message.
    const errors = toFormErrors(created);
    const formErrors = Object.keys(errors.fieldErrors).length > 0 ? [] : errors.formErrors;
    return data(
      { result: submission.reply({ formErrors, fieldErrors: errors.fieldErrors, hideFields: fieldsToHide(errors.fieldErrors, SECRET_FIELDS) }), submissionKey },
      { status: created.status },
    );
  }
  const session = await requestSession(request, context);
  addToast(session, 'success', messages.userCreated);
  throw await redirectWithToasts(session, backToList(from));
}

export default function NewUserScreen({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('users');
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import('./user-form.schema').then((m) => m.newUserFormSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [form, fields] = useForm({ id: 'new-user', lastResult: actionData?.result, ...validation.options });
  const attempt = usePasswordResetKey(actionData?.result, SECRET_FIELDS);

  return (
    <section className="screen">
      <h1>{t('form.newTitle')}</h1>
      <p className="screen-intro">{t('form.newIntro')}</p>
      <UserForm
        mode="new"
        form={{ props: { ...getFormProps(form), ...validation.formProps(form) }, summary: form }}
        fields={fields}
        from={loaderData.from}
        cancelTo={loaderData.from}
        submitting={navigation.state === 'submitting' && navigation.formMethod === 'POST'}
        resetKey={attempt}
        submissionKey={actionData?.submissionKey ?? loaderData.submissionKey}
      />
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(i18n.t('users:form.newTitle'));
