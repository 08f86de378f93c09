import { Form, useNavigation } from 'react-router';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useT } from '~/hooks/use-t';
import { registerNamespace } from '~/i18n/config';
import { users } from '~/locales/es/users';

registerNamespace('users', users);

/** One open session as the screen shows it (the loader has described the device). */
export type SessionRow = { id: number; device: string | null; address: string | null; lastUsed: string; current: boolean };

/**
 * "Sesiones activas" of Mi perfil (docs/security.md, V7.5.2): each open session with its device, address and last
 * use; any other one can be ended, or all the others at once. Plain POST forms: no JavaScript needed.
 */
export function SessionsPanel({ sessions }: { sessions: SessionRow[] }) {
  const t = useT('users');
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && String(navigation.formData?.get('intent') ?? '').includes('session');
  const others = sessions.filter((s) => !s.current);
  return (
    <section className="panel profile-panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('own.sessionsTitle')}</h2>
      <p className="screen-note">{t('own.sessionsIntro')}</p>
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id} className="session">
            <div className="session-what">
              <strong>{session.device ?? t('own.unknownDevice')}</strong>
              {session.current ? <span className="badge">{t('own.thisSession')}</span> : null}
            </div>
            <div className="session-where">
              {t('own.sessionAddress', { address: session.address ?? t('own.none') })} · {t('own.sessionLastUsed', { when: session.lastUsed })}
            </div>
            {!session.current ? (
              <Form method="post" className="session-end">
                <input type="hidden" name="intent" value="end-session" />
                <SubmissionKeyField form="end-session" />
                <input type="hidden" name="id" value={session.id} />
                <SubmitButton variant="outlined" disabled={busy} aria-label={t('own.endSessionOf', { device: session.device ?? t('own.unknownDevice') })}>
                  {t('own.endSession')}
                </SubmitButton>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" className="form-actions">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <SubmissionKeyField form="end-other-sessions" />
          <SubmitButton variant="outlined" disabled={busy}>
            {t('own.endOtherSessions')}
          </SubmitButton>
        </Form>
      ) : (
        <p className="screen-note">{t('own.noOtherSessions')}</p>
      )}
    </section>
  );
}
