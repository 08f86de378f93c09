import { getFormProps, useForm } from '@conform-to/react';
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/edit';
import { messages } from '@contract/messages';
import { useLazyValidation } from '~/hooks/lazy-validation';
import { toFormErrors } from '~/server/api/api-client.server';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { i18n, registerNamespace } from '~/i18n/config';
import { addToast, requestSession, redirectWithToasts } from '~/server/auth/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import dataTableStylesHref from '~/styles/data-table.css?url';
import { pageTitle } from '~/utils/meta';
import { formValuesOf, SECRET_FIELDS, UserForm } from './user-form';
import { editUserFormSchema } from './user-form.schema';
import type { EditUserForm } from './user-form.schema';
import { backToList, loadAccess, loadProfile, profileIdOr404 } from './users.server';
import { AccountPanel } from './account-panel';
import { fieldsToHide, usePasswordResetKey } from '~/components/forms/kept-passwords';
import { secretPageHeaders } from '~/utils/secret-page-headers';
import { useT } from '~/hooks/use-t';
import { users } from '~/locales/es/users';
import { fullName } from '@contract/person-name';
import { canUseTwoStep } from '@contract/permissions';
import { forgetOperators } from '~/server/api/reference-data.server';
import { sendKeepingTheForm } from '~/offline/link-failure';

registerNamespace('users', users);

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountsStylesHref },
  // The panel's state badges, as in the users list.
  { rel: 'stylesheet', href: dataTableStylesHref },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const {
    auth: { user },
    data: [profile, access],
  } = await readWithAuth(context, ({ api }) => Promise.all([loadProfile(api, params.uuid), loadAccess(api, params.uuid)]));
  return {
    profile,
    access,
    self: user.id === profile.uuid,
    from: backToList(new URL(request.url).searchParams.get('from')),
    submissionKey: newSubmissionKey(),
    // The account panel's reactivation has a key of its own (decision 137).
    panelKey: newSubmissionKey(),
  };
}

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

/** A kept password is in the page: never stored, never compressed (decision 174). */
export const headers = secretPageHeaders;

export async function action({ request, params, context }: Route.ActionArgs) {
  const uuid = profileIdOr404(params.uuid);
  const formData = await request.formData();
  const write = writeOptionsOf(formData);
  const submissionKey = write.idempotencyKey;
  const submission = parseWithZod(formData, { schema: editUserFormSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: fieldsToHide(submission.error, SECRET_FIELDS) }), submissionKey }, { status: 400 });
  }
  const { from, passwordConfirm: _confirm, ...profile } = submission.value;
  const { api } = await requireAuth(context);
  const updated = await api.call('POST', '/api/profile/update', { body: { ...profile, uuid } , ...write });
  forgetOperators();
  if (!updated.ok) {
    // 'No fue posible actualizar el usuario', with the reason on its field (e-mail taken,
    // last admin...) or, when no field is named, as a second line.
    const errors = toFormErrors(updated);
    const hasFieldErrors = Object.keys(errors.fieldErrors).length > 0;
    const formErrors = hasFieldErrors ? [messages.userNotUpdated] : [messages.userNotUpdated, ...errors.formErrors];
    return data(
      { result: submission.reply({ formErrors, fieldErrors: errors.fieldErrors, hideFields: fieldsToHide(errors.fieldErrors, SECRET_FIELDS) }), submissionKey },
      { status: updated.status },
    );
  }
  const session = await requestSession(request, context);
  addToast(session, 'success', messages.userUpdated);
  throw await redirectWithToasts(session, backToList(from));
}

export default function EditUserScreen({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('users');
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { profile, from } = loaderData;
  const validation = useLazyValidation(() => import('./user-form.schema').then((m) => m.editUserFormSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [form, fields] = useForm<EditUserForm>({
    id: `edit-user-${profile.uuid}`,
    lastResult: actionData?.result,
    defaultValue: formValuesOf(profile),
    ...validation.options,
  });
  const attempt = usePasswordResetKey(actionData?.result, SECRET_FIELDS);

  return (
    <section className="screen">
      <h1>{t('form.editTitle', { name: fullName(profile) })}</h1>
      <AccountPanel
        access={loaderData.access}
        base={pathname.replace(/\/edit$/, '')}
        from={from}
        self={loaderData.self}
        twoStepApplies={canUseTwoStep(profile.profileCode)}
        submissionKey={loaderData.panelKey}
        reactivating={navigation.state === 'submitting' && navigation.formAction?.endsWith('/reactivate') === true}
      />
      <p className="screen-intro">{t('form.editIntro')}</p>
      <UserForm
        mode="edit"
        form={{ props: { ...getFormProps(form), ...validation.formProps(form) }, summary: form }}
        fields={fields}
        from={from}
        cancelTo={from}
        submitting={navigation.state === 'submitting' && navigation.formMethod === 'POST' && !navigation.formAction?.endsWith('/reactivate')}
        resetKey={attempt}
        submissionKey={actionData?.submissionKey ?? loaderData.submissionKey}
      />
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageTitle(data ? i18n.t('users:form.editTitle', { name: fullName(data.profile) }) : i18n.t('users:title'));
