import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/index';
import { PASSWORD_MAX } from '@contract/auth-limits';
import { messages } from '@contract/messages';
import { formatSantiagoShort } from '@contract/date-time';
import { profileSchema, type Profile } from '@contract/profile';
import { sessionListSchema } from '@contract/sessions';
import { ADDRESS_MAX, NAME_MAX } from '@contract/profile-fields';
import { formatPhone, PHONE_INPUT_MAX } from '@contract/phone';
import { formatRut } from '@contract/rut';
import { canUseTwoStep } from '@contract/permissions';
import { toFormErrors } from '~/server/api/api-client.server';
import { readWithAuth, requireAuth } from '~/server/auth/auth.server';
import { SubmissionKeyField, SubmissionKeys } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { newSubmissionKey, writeOptionsOf } from '~/server/submission-key.server';
import { ConformTextField, NewPasswordFields, useAnswerCount } from '~/components/forms/conform-fields';
import { useLazyValidation } from '~/hooks/lazy-validation';
import { useT } from '~/hooks/use-t';
import { registerNamespace } from '~/i18n/config';
import { users } from '~/locales/es/users';
import { addToast, commitSession, readAuth, requestSession, signIn, redirectWithToasts } from '~/server/auth/session.server';
import accountsStylesHref from '~/styles/accounts.css?url';
import eventsStylesHref from '~/styles/events.css?url';
import { commonT, pageTitle } from '~/utils/meta';
import { describeDevice } from './device.server';
import { SessionsPanel, type SessionRow } from './sessions-panel';
import { TwoStepPanel, type TwoStepPanelData } from './two-step-panel';
import { groupedSecret, qrSvg } from '~/server/auth/two-step.server';
import { secretPageHeaders } from '~/utils/secret-page-headers';
import { recoveryCodesSchema, twoStepCodeSchema, twoStepSetupSchema, twoStepStatusSchema } from '@contract/two-step';
import { ownPasswordFormSchema, ownProfileFormSchema, type OwnPasswordForm, type OwnProfileForm } from './profile.schema';
import { fullName } from '@contract/person-name';
import { forgetOperators } from '~/server/api/reference-data.server';
import { sendKeepingTheForm } from '~/offline/link-failure';
import { ButtonLink } from '~/components/ui/button';
import { ROLE_AREAS } from '@contract/roles';
import { myData } from '~/locales/es/my-data';
import { ErrorSummary } from '~/components/forms/error-summary';

registerNamespace('users', users);
registerNamespace('myData', myData);

// events.css brings the panels and the label-and-value list the event's page uses too.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: accountsStylesHref },
  { rel: 'stylesheet', href: eventsStylesHref },
];

/** Never sent back to the browser after a failed submission. */
const SECRET_FIELDS = ['currentPassword', 'password', 'passwordConfirm'];

export const headers = secretPageHeaders;

/** Mi perfil: the signed-in person's own account, in every role's area (decision 103). */
export async function loader({ context }: Route.LoaderArgs) {
  const { data, auth } = await readWithAuth(context, ({ api, user }) =>
    Promise.all([
      api.get('/api/profile/me', profileSchema),
      api.get('/api/profile/me/sessions', sessionListSchema),
      canUseTwoStep(user.role) ? api.get('/api/profile/me/two-step', twoStepStatusSchema) : null,
      canUseTwoStep(user.role) ? api.get('/api/profile/me/two-step/setup', twoStepSetupSchema.nullable()) : null,
    ]),
  );
  const [profile, sessions, twoStepStatus, setup] = data;
  const twoStep: TwoStepPanelData | null =
    !canUseTwoStep(auth.user.role) || !twoStepStatus
      ? null
      : { status: twoStepStatus, setup: setup && !twoStepStatus.enabled ? { qr: await qrSvg(setup.uri), secret: groupedSecret(setup.secret), uri: setup.uri } : null };
  return {
    profile,
    area: ROLE_AREAS[auth.user.role],
    twoStep,
    // The page's forms each derive their one-time key from it (decision 137).
    submissionNonce: newSubmissionKey(),
    sessions: sessions.map(
      (s): SessionRow => ({
        id: s.id,
        device: describeDevice(s.userAgent),
        address: s.address,
        lastUsed: formatSantiagoShort(Date.parse(s.lastUsedAt)),
        current: s.current,
      }),
    ),
  };
}

/**
 * The screen's forms, told apart by `intent`: contact details, the password, the second step
 * (set up, confirm, turn off) and the sessions (end one, end the others).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { api } = await requireAuth(context);
  // Each form's key, and an API that does not answer brings the form back (decision 137).
  const write = writeOptionsOf(formData);
  const submissionKey = write.idempotencyKey;
  const session = await requestSession(request, context);
  const done = async (message: string, source = String(formData.get('intent'))) => {
    addToast(session, 'success', message, source);
    throw await redirectWithToasts(session, new URL(request.url).pathname);
  };

  const intent = formData.get('intent');
  if (intent === 'resend-confirmation') {
    // A new link to confirm the address (decision 135); the API limits how often.
    const sent = await api.call('POST', '/api/profile/me/confirm-email', write);
    if (sent.ok) return done(messages.emailConfirmationSent, 'email');
    addToast(session, 'error', sent.message, 'email');
    throw await redirectWithToasts(session, new URL(request.url).pathname);
  }
  if (intent === 'two-step-setup') {
    const started = await api.call('POST', '/api/profile/me/two-step/setup', { schema: twoStepSetupSchema, ...write });
    if (!started.ok) addToast(session, 'error', started.message, 'two-step');
    throw await redirectWithToasts(session, new URL(request.url).pathname);
  }
  if (intent === 'two-step-confirm') {
    const parsed = twoStepCodeSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return data({ form: 'two-step' as const, submissionKey, codeError: messages.twoStepCodeWrong }, { status: 400 });
    const confirmed = await api.call('POST', '/api/profile/me/two-step/confirm', { body: parsed.data, schema: recoveryCodesSchema, ...write });
    if (!confirmed.ok) return data({ form: 'two-step' as const, submissionKey, codeError: confirmed.fields.code ?? confirmed.message }, { status: confirmed.status });
    // Shown once, in this answer: never stored by the web app.
    addToast(session, 'success', messages.twoStepEnabled, 'two-step');
    return data({ form: 'two-step' as const, submissionKey, recoveryCodes: confirmed.payload.recoveryCodes }, { headers: { 'Set-Cookie': await commitSession(session) } });
  }
  if (intent === 'two-step-disable') {
    const currentPassword = String(formData.get('currentPassword') ?? '');
    const disabled = await api.call('POST', '/api/profile/me/two-step/disable', { body: { currentPassword }, ...write });
    if (!disabled.ok) return data({ form: 'two-step' as const, submissionKey, passwordError: disabled.fields.currentPassword ?? disabled.message }, { status: disabled.status });
    return done(messages.twoStepDisabled, 'two-step');
  }
  if (intent === 'end-session' || intent === 'end-other-sessions') {
    const id = Number(formData.get('id'));
    const ended =
      intent === 'end-session'
        ? await api.call('POST', `/api/profile/me/sessions/${Number.isSafeInteger(id) && id > 0 ? id : 0}/end`, write)
        : await api.call('POST', '/api/profile/me/sessions/end-others', write);
    // Already over (ended elsewhere, or expired): the list is read again either way.
    if (!ended.ok && ended.status !== 404) {
      addToast(session, 'error', ended.message, 'sessions');
      throw await redirectWithToasts(session, new URL(request.url).pathname);
    }
    return done(intent === 'end-session' ? messages.sessionEnded : messages.otherSessionsEnded, 'sessions');
  }

  if (intent === 'password') {
    const submission = parseWithZod(formData, { schema: ownPasswordFormSchema });
    if (submission.status !== 'success') return data({ form: 'password' as const, submissionKey, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
    const { currentPassword, password } = submission.value;
    const changed = await api.call('POST', '/api/profile/password', { body: { currentPassword, password }, ...write });
    if (!changed.ok) {
      const errors = toFormErrors(changed);
      const formErrors = Object.keys(errors.fieldErrors).length > 0 ? [] : errors.formErrors;
      return data(
        { form: 'password' as const, submissionKey, result: submission.reply({ formErrors, fieldErrors: errors.fieldErrors, hideFields: SECRET_FIELDS }) },
        { status: changed.status },
      );
    }
    return done(messages.ownPasswordChanged);
  }

  const submission = parseWithZod(formData, { schema: ownProfileFormSchema });
  if (submission.status !== 'success') return data({ form: 'profile' as const, submissionKey, result: submission.reply() }, { status: 400 });
  const { intent: _intent, ...body } = submission.value;
  const saved = await api.call('POST', '/api/profile/me', { body, schema: profileSchema, ...write });
  forgetOperators();
  if (!saved.ok) {
    const errors = toFormErrors(saved);
    return data({ form: 'profile' as const, submissionKey, result: submission.reply({ formErrors: errors.formErrors, fieldErrors: errors.fieldErrors }) }, { status: saved.status });
  }
  // The header shows the name from the session: keep it in step.
  const auth = readAuth(session);
  if (auth) signIn(session, auth.token, { ...auth.user, name: fullName(saved.payload) });
  return done(messages.profileSaved);
}

/** A form the link failed to send stays as it was, with a notice to try again (decision 138). */
export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);

export default function ProfileScreen({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT('users');
  const { profile } = loaderData;
  return (
    <SubmissionKeys nonce={loaderData.submissionNonce} kept={actionData ? { form: actionData.form, key: actionData.submissionKey } : undefined}>
      <section className="screen">
        <h1>{t('own.title')}</h1>
        <p className="screen-intro">{t('own.intro')}</p>

        <section className="panel profile-panel profile-account" aria-labelledby="account-title">
          <h2 id="account-title">{t('own.account')}</h2>
          <dl className="field-list">
            <dt>{t('own.email')}</dt>
            <dd>{profile.email}</dd>
            <dt>{t('emailConfirmation.label')}</dt>
            <dd>
              <span>{profile.emailConfirmed ? t('emailConfirmation.confirmed') : t('emailConfirmation.unconfirmed')}</span>
              {profile.emailConfirmed ? null : <ResendConfirmation />}
            </dd>
            <dt>{t('own.rut')}</dt>
            <dd>{profile.rut ? formatRut(profile.rut) : t('own.none')}</dd>
            <dt>{t('own.role')}</dt>
            <dd>{t(`roles.${profile.profileCode}`)}</dd>
          </dl>
        </section>

        <MyDataPanel area={loaderData.area} />
        <DetailsForm profile={profile} lastResult={actionData?.form === 'profile' ? actionData.result : undefined} />
        <PasswordForm lastResult={actionData?.form === 'password' ? actionData.result : undefined} answer={actionData} />
        {loaderData.twoStep ? <TwoStepPanel data={loaderData.twoStep} answer={actionData?.form === 'two-step' ? actionData : undefined} /> : null}
        <SessionsPanel sessions={loaderData.sessions} />
      </section>
    </SubmissionKeys>
  );
}

/** The way to "Mis datos" (issue 34): the person's file and rights under Ley 21.719. */
function MyDataPanel({ area }: { area: string }) {
  const t = useT('myData');
  return (
    <section className="panel profile-panel" aria-labelledby="my-data-title">
      <h2 id="my-data-title">{t('title')}</h2>
      <p className="screen-note">{t('profileButtonIntro')}</p>
      <div className="form-actions">
        <ButtonLink variant="outlined" to={`/${area}/profile/data`}>
          {t('profileButton')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** Until the address is confirmed: why, and a new link (decision 135). */
function ResendConfirmation() {
  const t = useT('users');
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'resend-confirmation';
  return (
    <Form method="post" className="form-stack email-confirmation">
      <span className="screen-note">{t('emailConfirmation.unconfirmedNote')}</span>
      <input type="hidden" name="intent" value="resend-confirmation" />
      <SubmissionKeyField form="resend-confirmation" />
      <div className="form-actions">
        <SubmitButton variant="outlined" size="small" disabled={sending}>
          {sending ? t('emailConfirmation.resending') : t('emailConfirmation.resend')}
        </SubmitButton>
      </div>
    </Form>
  );
}

function DetailsForm({ profile, lastResult }: { profile: Profile; lastResult?: SubmissionResult<string[]> }) {
  const t = useT('users');
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import('./profile.schema').then((m) => m.ownProfileFormSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [form, fields] = useForm<OwnProfileForm>({
    id: `own-profile-${profile.firstName}-${profile.lastName}-${profile.phone}-${profile.realAddress}`,
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ? formatPhone(profile.phone) : '',
      realAddress: profile.realAddress ?? '',
    },
    ...validation.options,
  });
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'profile';
  return (
    <section className="panel profile-panel" aria-labelledby="details-title">
      <h2 id="details-title">{t('own.details')}</h2>
      <Form method="post" {...getFormProps(form)} {...validation.formProps(form)} noValidate className="form-stack">
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="profile" />
        <SubmissionKeyField form="profile" />
        <div className="form-row">
          <ConformTextField meta={fields.firstName} label={t('form.firstName')} autoComplete="given-name" maxLength={NAME_MAX} required />
          <ConformTextField meta={fields.lastName} label={t('form.lastName')} autoComplete="family-name" maxLength={NAME_MAX} required />
        </div>
        <ConformTextField
          meta={fields.phone}
          label={t('form.phone')}
          type="tel"
          autoComplete="tel"
          helperText={t('form.phoneHelp')}
          maxLength={PHONE_INPUT_MAX}
          required
        />
        <ConformTextField meta={fields.realAddress} label={t('form.realAddress')} autoComplete="street-address" maxLength={ADDRESS_MAX} />
        <div className="form-actions">
          <SubmitButton variant="contained" disabled={saving}>
            {saving ? t('form.saving') : t('own.save')}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function PasswordForm({ lastResult, answer }: { lastResult?: SubmissionResult<string[]>; answer: unknown }) {
  const t = useT('users');
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import('./profile.schema').then((m) => m.ownPasswordFormSchema), {
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const [form, fields] = useForm<OwnPasswordForm>({ id: 'own-password', lastResult, ...validation.options });
  // The password fields are emptied after each answer of the server.
  const attempt = useAnswerCount(answer);
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'password';
  return (
    <section className="panel profile-panel" aria-labelledby="password-title">
      <h2 id="password-title">{t('own.passwordTitle')}</h2>
      <p className="screen-note">{t('own.passwordIntro')}</p>
      <Form method="post" {...getFormProps(form)} {...validation.formProps(form)} noValidate className="form-stack">
        <ErrorSummary form={form} />
        <input type="hidden" name="intent" value="password" />
        <SubmissionKeyField form="password" />
        <ConformTextField
          meta={fields.currentPassword}
          label={t('own.currentPassword')}
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          required
          resetKey={attempt}
        />
        <div className="form-row">
          <NewPasswordFields
            password={fields.password}
            confirm={fields.passwordConfirm}
            labels={{ password: t('form.newPassword'), confirm: t('form.passwordConfirm') }}
            helperText={t('form.passwordHelp')}
            resetKey={attempt}
          />
        </div>
        <div className="form-actions">
          <SubmitButton variant="outlined" disabled={saving}>
            {saving ? t('form.saving') : t('own.savePassword')}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = () => pageTitle(commonT('screens.profile'));
