import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigation, useSubmit } from 'react-router';
import { Button } from '~/components/ui/button';
import { useT } from '~/hooks/use-t';
import { failedSubmission } from './link-failure';

/**
 * Says that a form could not be sent because the link failed, and sends it again on "Reintentar"
 * (app/offline/link-failure.ts). Once in the document (root.tsx); shows only after such a failure,
 * and goes away when the person moves to another page.
 */
export function LinkFailureNotice() {
  const t = useT('common');
  const failed = useSyncExternalStore(failedSubmission.subscribe, failedSubmission.current, () => null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useEffect(() => () => failedSubmission.forget(), [pathname]);
  if (!failed) return null;
  const sending = navigation.state === 'submitting' && navigation.formAction === failed.action;
  return (
    <div className="link-failed" role="alert">
      <p>{t('offline.linkFailed')}</p>
      <Button
        type="button"
        variant="contained"
        size="small"
        disabled={sending}
        onClick={() => void submit(failed.formData, { method: failed.method, action: failed.action, encType: failed.encType })}
      >
        {sending ? t('forms.sending') : t('offline.retry')}
      </Button>
    </div>
  );
}
