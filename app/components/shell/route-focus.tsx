import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { Toast } from '~/utils/toast';

/**
 * Where focus goes after a navigation in the browser (decision 167), so a screen reader says
 * where the person is: to the newest toast a navigation brought (the confirmation of what was
 * just done), otherwise to the part the address's #fragment names, otherwise to the page's
 * heading (h1). The first load is left to the browser, as is a form that came back refused
 * at the same address (its own error takes focus). Without JavaScript the redirects carry the
 * #fragment, and the browser scrolls there itself.
 */
export function RouteFocus({ toasts }: { toasts: readonly Toast[] }) {
  const location = useLocation();
  const seen = useRef<{ key: string; href: string; toasts: Set<string> } | null>(null);
  const href = location.pathname + location.search + location.hash;

  useEffect(() => {
    const before = seen.current;
    seen.current = { key: location.key, href, toasts: new Set(toasts.map((toast) => toast.id)) };
    if (!before || before.key === location.key) return;
    const fresh = toasts.filter((toast) => !before.toasts.has(toast.id));
    const newest = fresh.at(-1);
    const toastMessage = newest ? document.querySelector<HTMLElement>(`[data-toast-id="${CSS.escape(newest.id)}"] .toast-message`) : null;
    if (toastMessage) {
      toastMessage.focus({ preventScroll: true });
      return;
    }
    if (before.href === href) return;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    const place = target ?? document.querySelector<HTMLElement>('main h1, h1');
    if (!place) return;
    if (!place.hasAttribute('tabindex')) place.setAttribute('tabindex', '-1');
    place.focus({ preventScroll: true });
  }, [location.key, href, location.hash, toasts]);

  return null;
}
