import type { TicketHistoryEntry } from '@contract/ticket-dto';
import { DateTime } from '~/components/date-time';
import { formatDateTime } from '~/utils/dates';
import { useT } from '~/components/use-t';

const LABELLED: Record<string, 'statuses' | 'orientations' | 'closureReasons' | 'channels'> = {
  statusCode: 'statuses',
  orientation: 'orientations',
  closureReason: 'closureReasons',
  channelCode: 'channels',
};
const INSTANTS = new Set(['dateEvent', 'dueAt', 'closedAt', 'pausedAt']);

/** The ticket's immutable history, oldest first, as an ordered list. */
export function TicketHistory({ entries }: { entries: readonly TicketHistoryEntry[] }) {
  const t = useT('events');
  const show = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('detail.empty');
    const group = LABELLED[field];
    if (group && typeof value === 'string') return t(`${group}.${value}` as 'statuses.NEW', { defaultValue: value });
    if (INSTANTS.has(field) && typeof value === 'string') return formatDateTime(value);
    if (field === 'kilometer' && typeof value === 'number') return String(value).replace('.', ',');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  if (entries.length === 0) return <p>{t('history.empty')}</p>;
  return (
    <ol className="timeline">
      {entries.map((entry) => {
        // The assignee shows by name; the id beside it says nothing to a person.
        const changes = Object.entries(entry.changes).filter(([field]) => !(field === 'assignedToId' && 'assignedToName' in entry.changes));
        return (
          <li key={entry.id}>
            <div className="timeline-head">
              <strong>{t(`history.actions.${entry.action}`)}</strong>
              <span>{entry.actorName}</span>
              <DateTime value={entry.createdAt} />
            </div>
            {changes.length > 0 && entry.action !== 'CREATED' ? (
              <ul>
                {changes.map(([field, change]) => (
                  <li key={field}>
                    {t('history.change', {
                      field: t(`history.fields.${field}` as 'history.fields.description', { defaultValue: field }),
                      from: show(field, change.from),
                      to: show(field, change.to),
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
