/** A message from an action, shown once on the next page (section 2: bottom right, at most 6). */
export type ToastType = 'success' | 'error' | 'info';
export type Toast = { id: string; type: ToastType; message: string };

export const MAX_TOASTS = 6;
