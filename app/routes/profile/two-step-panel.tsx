import { Form, useNavigation } from 'react-router';
import type { TwoStepStatus } from '@contract/two-step';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { OutlinedField } from '~/components/forms/outlined-field';
import { RecoveryCodes, TwoStepEnrolment } from '~/components/two-step/enrolment';
import { useT } from '~/hooks/use-t';
import { registerNamespace } from '~/i18n/config';
import { twoStep } from '~/locales/es/two-step';

registerNamespace('twoStep', twoStep);

export type TwoStepPanelData = { status: TwoStepStatus; setup: { qr: string; secret: string; uri: string } | null };

/**
 * "Verificación en dos pasos" of Mi perfil, for staff (docs/decisions/113-two-step-sign-in.md): turn it on (QR
 * code made on the server, a code to confirm, recovery codes shown once), see how many recovery
 * codes are left, turn it off with the password where the role allows. Plain POST forms.
 */
export function TwoStepPanel({ data, answer }: { data: TwoStepPanelData; answer?: { recoveryCodes?: string[]; codeError?: string; passwordError?: string } }) {
  const t = useT('twoStep');
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const { status, setup } = data;
  return (
    <section className="panel profile-panel" aria-labelledby="two-step-title">
      <h2 id="two-step-title">{t('panel.title')}</h2>
      {answer?.recoveryCodes ? <RecoveryCodes codes={answer.recoveryCodes} /> : null}
      {status.enabled ? (
        <>
          <p className="screen-note">{t('panel.on', { count: status.recoveryCodesLeft })}</p>
          {status.required ? (
            <p className="screen-note">{t('panel.required')}</p>
          ) : (
            <Form method="post" noValidate className="form-stack">
              <input type="hidden" name="intent" value="two-step-disable" />
              <SubmissionKeyField form="two-step-disable" />
              <p className="screen-note">{t('panel.disableIntro')}</p>
              <OutlinedField
                name="currentPassword"
                type="password"
                label={t('panel.currentPassword')}
                autoComplete="current-password"
                error={Boolean(answer?.passwordError)}
                helperText={answer?.passwordError}
                fullWidth
                inputProps={{ required: true, maxLength: 255, 'aria-required': true }}
              />
              <div className="form-actions">
                <SubmitButton variant="outlined" color="error" disabled={busy('two-step-disable')}>
                  {t('panel.disable')}
                </SubmitButton>
              </div>
            </Form>
          )}
        </>
      ) : setup ? (
        <TwoStepEnrolment qrSvg={setup.qr} secret={setup.secret} uri={setup.uri} error={answer?.codeError} />
      ) : (
        <>
          <p className="screen-note">{status.required ? t('panel.required') : t('panel.off')}</p>
          <Form method="post" className="form-actions">
            <input type="hidden" name="intent" value="two-step-setup" />
            <SubmissionKeyField form="two-step-setup" />
            <SubmitButton variant="contained" disabled={busy('two-step-setup')}>
              {t('panel.enable')}
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
