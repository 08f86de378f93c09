import { useT } from '~/hooks/use-t';
import { registerNamespace } from '~/i18n/config';
import { twoStep } from '~/locales/es/two-step';
import { CodeFieldForm } from './code-field-form';

registerNamespace('twoStep', twoStep);

/** A new authenticator app: the QR code (made on the server), the key to type, and the code that confirms it. */
export function TwoStepEnrolment({ qrSvg, secret, error }: { qrSvg: string; secret: string; error?: string }) {
  const t = useT('twoStep');
  return (
    <div className="two-step-enrolment">
      <p>{t('setup.scan')}</p>
      {/* qrcode's own SVG (app/server/auth/two-step.server.ts): drawing only. */}
      <div className="two-step-qr" role="img" aria-label={t('setup.qrLabel')} dangerouslySetInnerHTML={{ __html: qrSvg }} />
      <p>{t('setup.manual')}</p>
      <p className="two-step-secret">
        <code>{secret}</code>
      </p>
      <p>{t('setup.confirmIntro')}</p>
      <CodeFieldForm intent="two-step-confirm" label={t('setup.code')} error={error} submit={t('setup.confirm')} submitting={t('setup.confirming')} digitsOnly />
    </div>
  );
}

/** The recovery codes, shown once right after enrolment. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT('twoStep');
  return (
    <div className="two-step-recovery" role="status">
      <h2>{t('recovery.title')}</h2>
      <p>{t('recovery.intro')}</p>
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}
