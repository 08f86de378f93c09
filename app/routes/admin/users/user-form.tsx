import type { FieldMetadata } from '@conform-to/react';
import type { ComponentProps } from 'react';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { Form, Link, type FormProps } from 'react-router';
import { EMAIL_MAX } from '@contract/auth-limits';
import type { Profile } from '@contract/profile';
import { ADDRESS_MAX, NAME_MAX } from '@contract/profile-fields';
import { formatPhone, PHONE_INPUT_MAX } from '@contract/phone';
import { ROLES } from '@contract/roles';
import { formatRut, RUT_INPUT_MAX } from '@contract/rut';
import { ConformSelect, ConformTextField, NewPasswordFields } from '~/components/forms/conform-fields';
import { useT } from '~/hooks/use-t';
import { users } from '~/locales/es/users';
import { registerNamespace } from '~/i18n/config';
import { ErrorSummary } from '~/components/forms/error-summary';

registerNamespace('users', users);

/** Never sent back to the browser after a failed submission. */
export const SECRET_FIELDS = ['password', 'passwordConfirm'];


/** A user as the edit form shows it first: RUT and phone as people read them. */
export function formValuesOf(profile: Profile) {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    rut: profile.rut ? formatRut(profile.rut) : '',
    phone: profile.phone ? formatPhone(profile.phone) : '',
    email: profile.email,
    profileCode: profile.profileCode,
    realAddress: profile.realAddress ?? '',
  };
}

type UserFields = {
  firstName: FieldMetadata<string | undefined>;
  lastName: FieldMetadata<string | undefined>;
  rut: FieldMetadata<string | undefined>;
  phone: FieldMetadata<string | undefined>;
  email: FieldMetadata<string | undefined>;
  profileCode: FieldMetadata<string | undefined>;
  realAddress: FieldMetadata<string | undefined>;
  password: FieldMetadata<string | undefined>;
  passwordConfirm: FieldMetadata<string | undefined>;
  from: FieldMetadata<string | undefined>;
};

/** The create and edit forms: the same fields, the password optional when editing (schemas: user-form.schema.ts). */
export function UserForm({
  mode,
  form,
  fields,
  from,
  cancelTo,
  submitting,
  resetKey,
  submissionKey,
}: {
  mode: 'new' | 'edit';
  /**
   * getFormProps(form) with the lazy validation's formProps(form), and Conform's form for the
   * error summary: the create and edit forms' schemas differ in the password.
   */
  form: { props: FormProps; summary: ComponentProps<typeof ErrorSummary>['form'] };
  fields: UserFields;
  from: string;
  cancelTo: string;
  submitting: boolean;
  resetKey: number;
  /** The form's one-time key (decision 137). */
  submissionKey: string;
}) {
  const t = useT('users');
  return (
    <Form method="post" {...form.props} noValidate className="form-stack screen-form">
      <ErrorSummary form={form.summary} />
      <input type="hidden" name={fields.from.name} value={from} />
      <SubmissionKeyField value={submissionKey} />
      <div className="form-row">
        <ConformTextField meta={fields.firstName} label={t('form.firstName')} autoComplete="off" maxLength={NAME_MAX} required />
        <ConformTextField meta={fields.lastName} label={t('form.lastName')} autoComplete="off" maxLength={NAME_MAX} required />
      </div>
      <div className="form-row">
        <ConformTextField meta={fields.rut} label={t('form.rut')} helperText={t('form.rutHelp')} maxLength={RUT_INPUT_MAX} required />
        <ConformTextField
          meta={fields.phone}
          label={t('form.phone')}
          type="tel"
          autoComplete="off"
          helperText={t('form.phoneHelp')}
          maxLength={PHONE_INPUT_MAX}
          required
        />
      </div>
      <div className="form-row">
        <ConformTextField meta={fields.email} label={t('form.email')} type="email" autoComplete="off" maxLength={EMAIL_MAX} required />
        <ConformSelect meta={fields.profileCode} label={t('form.profileCode')} required>
          {mode === 'new' ? <option value="">{t('form.chooseProfileCode')}</option> : null}
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </ConformSelect>
      </div>
      <ConformTextField meta={fields.realAddress} label={t('form.realAddress')} autoComplete="off" maxLength={ADDRESS_MAX} />
      <div className="form-row">
        <NewPasswordFields
          password={fields.password}
          confirm={fields.passwordConfirm}
          labels={{ password: t(mode === 'new' ? 'form.password' : 'form.newPassword'), confirm: t('form.passwordConfirm') }}
          helperText={t(mode === 'new' ? 'form.passwordHelp' : 'form.keepPasswordHelp')}
          required={mode === 'new'}
          resetKey={resetKey}
        />
      </div>
      <div className="form-actions">
        <SubmitButton variant="contained" size="large" pending={submitting} pendingLabel={t('form.saving')}>
          {t(mode === 'new' ? 'form.create' : 'form.save')}
        </SubmitButton>
        <Link to={cancelTo}>{t('form.cancel')}</Link>
      </div>
    </Form>
  );
}
