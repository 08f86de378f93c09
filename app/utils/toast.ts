/** A message from an action, shown once on the next page (docs/specification.md, "Layout": bottom right, at most 6). */
export type ToastType = 'success' | 'error' | 'info';
/**
 * `source` names the form that raised it (for example `close` on an event's page): a success
 * of that form clears its earlier errors, so a fixed mistake does not stay on screen.
 */
export type Toast = { id: string; type: ToastType; message: string; source?: string; link?: ToastLink };
/** A toast's way to what it is about, e.g. "Ver" on a live notification about another event (decision 168). */
export type ToastLink = { href: string; label: string };

export const MAX_TOASTS = 6;

/** How long a toast stays with JavaScript; errors stay longer. Hovering or focusing pauses it. */
export const TOAST_DURATION_MS: Record<ToastType, number> = { success: 6_000, info: 6_000, error: 10_000 };

/** The newest `max` toasts: when a seventh arrives, the oldest goes first. */
export function capToasts(toasts: readonly Toast[], max = MAX_TOASTS): Toast[] {
  return toasts.slice(Math.max(0, toasts.length - max));
}

/** Drops the errors that an incoming success of the same form answers. */
export function clearAnswered(shown: readonly Toast[], incoming: readonly Toast[]): Toast[] {
  const fixed = new Set(incoming.filter((toast) => toast.type === 'success' && toast.source).map((toast) => toast.source));
  return shown.filter((toast) => !(toast.type === 'error' && toast.source && fixed.has(toast.source)));
}

/**
 * The toasts on screen after `incoming` arrive (with JavaScript, toasts of several pages
 * can be on screen together). Ones already shown are not repeated; returns `shown` itself
 * when nothing is new, so React skips the update.
 */
export function mergeToasts(shown: readonly Toast[], incoming: readonly Toast[], max = MAX_TOASTS): readonly Toast[] {
  const known = new Set(shown.map((toast) => toast.id));
  const fresh = incoming.filter((toast) => !known.has(toast.id));
  if (fresh.length === 0) return shown;
  return capToasts([...clearAnswered(shown, fresh), ...fresh], max);
}

/** The browser event that brings a toast from outside an action (the live notifications). */
export const TOAST_EVENT = 'app:toast';

/** Shows a toast from browser code; the toast list listens for it. */
export function showToast(toast: Toast): void {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}
