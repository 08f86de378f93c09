import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { capToasts, mergeToasts, TOAST_DURATION_MS, TOAST_EVENT, type Toast } from '~/utils/toast';
import { useHydrated } from '~/hooks/use-hydrated';
import { useT } from '~/hooks/use-t';

/**
 * Messages from actions, bottom right, oldest on top, at most six. Without JavaScript they
 * are plain text with a checkbox-driven × that hides them in CSS; with JavaScript the ×
 * is a button, each message hides itself after a while (paused while hovered or focused),
 * and messages from later pages join the ones still shown.
 */
export function Toasts({ toasts }: { toasts: Toast[] }) {
  const t = useT();
  const hydrated = useHydrated();
  const [shown, setShown] = useState<readonly Toast[]>(() => capToasts(toasts));
  const [lastIncoming, setLastIncoming] = useState(toasts);
  if (toasts !== lastIncoming) {
    setLastIncoming(toasts);
    setShown((current) => mergeToasts(current, toasts));
  }
  const dismiss = useCallback((id: string) => setShown((current) => current.filter((toast) => toast.id !== id)), []);
  // Toasts raised in the browser (live notifications) join the list too.
  useEffect(() => {
    const onToast = (event: Event) => setShown((current) => mergeToasts(current, [(event as CustomEvent<Toast>).detail]));
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  if (shown.length === 0) return null;
  return (
    <section className="toasts" aria-label={t('toasts.label')}>
      <ol>
        {shown.map((toast) => (
          <ToastItem key={toast.id} toast={toast} hydrated={hydrated} onDismiss={dismiss} />
        ))}
      </ol>
    </section>
  );
}

function ToastItem({ toast, hydrated, onDismiss }: { toast: Toast; hydrated: boolean; onDismiss: (id: string) => void }) {
  const t = useT();
  const [paused, setPaused] = useState(false);

  // Restarts from the full duration after a pause: a message someone looked at stays a while.
  useEffect(() => {
    if (!hydrated || paused) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS[toast.type]);
    return () => window.clearTimeout(timer);
  }, [hydrated, paused, onDismiss, toast.id, toast.type]);

  const dismissId = `toast-dismiss-${toast.id}`;
  return (
    <li
      className={`toast toast--${toast.type}`}
      data-toast-id={toast.id}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {/* Focusable from script: after an action, focus goes to its confirmation (app/components/shell/route-focus.tsx). */}
      <div className="toast-message" role={toast.type === 'error' ? 'alert' : 'status'} tabIndex={-1}>
        {toast.message}
        {toast.link ? (
          <>
            {' '}
            <Link to={toast.link.href} className="toast-link">
              {toast.link.label}
            </Link>
          </>
        ) : null}
      </div>
      {hydrated ? (
        <button type="button" className="toast-dismiss" onClick={() => onDismiss(toast.id)}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('toasts.dismiss')}</span>
        </button>
      ) : (
        <>
          <input type="checkbox" id={dismissId} className="toast-dismiss-checkbox visually-hidden" />
          <label htmlFor={dismissId} className="toast-dismiss">
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">{t('toasts.dismiss')}</span>
          </label>
        </>
      )}
    </li>
  );
}
