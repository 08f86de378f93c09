import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TOASTS, type Toast } from '~/toast';

/**
 * Flash messages from the previous action, bottom right, newest last, at most six.
 * Readable without JavaScript; with it each can be dismissed.
 */
export function Toasts({ toasts }: { toasts: Toast[] }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<string[]>([]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const visible = toasts.filter((toast) => !dismissed.includes(toast.id)).slice(-MAX_TOASTS);
  if (visible.length === 0) return null;
  return (
    <section className="toasts" aria-label={t('toasts.label')}>
      <ol>
        {visible.map((toast) => (
          <li key={toast.id} className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
            <span>{toast.message}</span>
            {hydrated ? (
              <button
                type="button"
                className="toast-dismiss"
                aria-label={t('toasts.dismiss')}
                onClick={() => setDismissed((ids) => [...ids, toast.id])}
              >
                ×
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
