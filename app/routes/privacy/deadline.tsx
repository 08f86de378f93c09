import { useT } from '~/hooks/use-t';

const DAY_MS = 86_400_000;

/** Whole days from now to the deadline: positive while time is left, negative once it has passed. */
export function daysUntil(dueAt: string, now: number): number {
  const left = Date.parse(dueAt) - now;
  return left >= 0 ? Math.floor(left / DAY_MS) : -Math.ceil(-left / DAY_MS);
}

/** "Quedan 12 días", "Vence hoy" or, in red, "Vencida hace 3 días" (pending requests only). */
export function DeadlineNote({ dueAt, pending, now }: { dueAt: string; pending: boolean; now: number }) {
  const t = useT('privacyRequests');
  if (!pending) return null;
  const days = daysUntil(dueAt, now);
  if (Date.parse(dueAt) < now) return <strong className="privacy-overdue">{t('overdue', { count: Math.max(1, -days) })}</strong>;
  return <span>{days === 0 ? t('dueToday') : t('daysLeft', { count: days })}</span>;
}
