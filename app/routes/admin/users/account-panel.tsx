import { Form, Link } from 'react-router';
import type { AccountAccess } from '@contract/sessions';
import { formatSantiagoShort } from '@contract/date-time';
import { SubmissionKeyField } from '~/components/forms/submission-key-field';
import { SubmitButton } from '~/components/forms/submit-button';
import { useT } from '~/hooks/use-t';
import { registerNamespace } from '~/i18n/config';
import { users } from '~/locales/es/users';

registerNamespace('users', users);

/**
 * The account's sign-in state and its actions in one panel of the admin's user page (decision 171): active or
 * suspended, open sessions (how many, last use), second step enrolled or not. Suspending, ending the sessions and
 * resetting the second step go through their confirmation pages (account-action.tsx), with or without JavaScript;
 * reactivating is posted from here.
 */
export function AccountPanel({
  access,
  base,
  from,
  self,
  twoStepApplies,
  submissionKey,
  reactivating,
}: {
  access: AccountAccess;
  /** The user's address in the admin area, without /edit. */
  base: string;
  from: string;
  self: boolean;
  twoStepApplies: boolean;
  submissionKey: string;
  reactivating: boolean;
}) {
  const t = useT('users');
  const suspended = access.status === 'SUSPENDED';
  const back = `?from=${encodeURIComponent(from)}`;
  return (
    <section className="account-panel" aria-labelledby="account-panel-title">
      <h2 id="account-panel-title">{t('access.title')}</h2>
      <dl className="account-state">
        <div>
          <dt>{t('access.status')}</dt>
          <dd>
            <span className={`badge ${suspended ? 'badge--warning' : 'badge--success'}`}>{t(`access.statuses.${access.status}`)}</span>
            {suspended ? <span className="account-state-note"> {t('access.suspendedNote')}</span> : null}
          </dd>
        </div>
        <div>
          <dt>{t('access.sessions')}</dt>
          <dd>{access.openSessions === 0 ? t('access.noSessions') : access.openSessions}</dd>
        </div>
        <div>
          <dt>{t('access.lastUsed')}</dt>
          <dd>{access.lastUsedAt ? formatSantiagoShort(Date.parse(access.lastUsedAt)) : t('access.neverUsed')}</dd>
        </div>
        {twoStepApplies ? (
          <div>
            <dt>{t('access.twoStep')}</dt>
            <dd>{access.twoStepEnrolled ? t('access.twoStepOn') : t('access.twoStepOff')}</dd>
          </div>
        ) : null}
      </dl>
      <ul className="account-actions">
        {self ? (
          <li className="account-state-note">{t('access.own')}</li>
        ) : suspended ? (
          <li>
            <Form method="post" action={`${base}/reactivate`}>
              <input type="hidden" name="from" value={from} />
              <SubmissionKeyField value={submissionKey} />
              <SubmitButton variant="contained" pending={reactivating} pendingLabel={t('reactivate.ending')}>
                {t('reactivate.link')}
              </SubmitButton>
            </Form>
          </li>
        ) : (
          <li>
            <Link to={`${base}/suspend${back}`}>{t('suspend.link')}</Link>
          </li>
        )}
        {access.openSessions > 0 ? (
          <li>
            <Link to={`${base}/sessions${back}`}>{t('endSessions.link')}</Link>
          </li>
        ) : null}
        {twoStepApplies && access.twoStepEnrolled ? (
          <li>
            <Link to={`${base}/two-step${back}`}>{t('resetTwoStep.link')}</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
