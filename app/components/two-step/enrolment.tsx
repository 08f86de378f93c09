import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { useHydrated } from '~/hooks/use-hydrated';
import { useT } from '~/hooks/use-t';
import { registerNamespace } from '~/i18n/config';
import { twoStep } from '~/locales/es/two-step';
import { CodeFieldForm } from './code-field-form';

registerNamespace('twoStep', twoStep);

/** A new authenticator app: the QR code (made on the server), the key to type, and the code that confirms it. */
export function TwoStepEnrolment({ qrSvg, secret, uri, error }: { qrSvg: string; secret: string; uri: string; error?: string }) {
  const t = useT('twoStep');
  return (
    <div className="two-step-enrolment">
      <p>{t('setup.scan')}</p>
      {/* qrcode's own SVG (app/server/auth/two-step.server.ts): drawing only. */}
      <div className="two-step-qr" role="img" aria-label={t('setup.qrLabel')} dangerouslySetInnerHTML={{ __html: qrSvg }} />
      {/* On the phone itself there is nothing to scan: the otpauth:// link opens the authenticator app (decision 172). */}
      <p className="two-step-open-app">
        <a href={uri}>{t('setup.openApp')}</a>
        <br />
        <span className="two-step-open-app-note">{t('setup.openAppNote')}</span>
      </p>
      <p>{t('setup.manual')}</p>
      <p className="two-step-secret">
        <code>{secret}</code>
      </p>
      <p>{t('setup.confirmIntro')}</p>
      <CodeFieldForm intent="two-step-confirm" label={t('setup.code')} error={error} submit={t('setup.confirm')} submitting={t('setup.confirming')} digitsOnly />
    </div>
  );
}

/** The recovery codes, shown once right after enrolment, with ways to keep them (decision 172). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT('twoStep');
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <div className="two-step-recovery">
      <h2>{t('recovery.title')}</h2>
      <p>{t('recovery.intro')}</p>
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-tools">
        {/* A plain form: the browser downloads the answer; the codes go in the body, never in an address. */}
        <form method="post" action="/resources/recovery-codes">
          {codes.map((code) => (
            <input key={code} type="hidden" name="code" value={code} />
          ))}
          <Button type="submit" variant="outlined">
            {t('recovery.download')}
          </Button>
        </form>
        {hydrated ? (
          <>
            <Button type="button" variant="outlined" onClick={() => void copy()}>
              {t('recovery.copy')}
            </Button>
            <Button type="button" variant="outlined" onClick={() => window.print()}>
              {t('recovery.print')}
            </Button>
          </>
        ) : null}
      </div>
      <p role="status" className="recovery-copied">
        {copied === 'yes' ? t('recovery.copied') : copied === 'no' ? t('recovery.notCopied') : ''}
      </p>
      {hydrated ? null : <p className="recovery-print-note">{t('recovery.printNoJs')}</p>}
    </div>
  );
}
