import type { TicketStatus } from '@contract/ticket-codes';
import { useT } from '~/hooks/use-t';

/** The status in words, and "Atrasado" in words too: never colour alone. */
export function StatusBadge({ status, late }: { status: TicketStatus; late: boolean }) {
  const t = useT('events');
  return (
    <span className="status-cell">
      <span className={`badge status-badge status-badge--${status.toLowerCase()}`}>{t(`statuses.${status}`)}</span>
      {late ? <span className="badge late-badge">{t('late')}</span> : null}
    </span>
  );
}
