import type { Destinations } from '@contract/road-lookup';
import type { TicketHistoryEntry } from '@contract/ticket-dto';
import { DateTime } from '~/components/ui/date-time';
import { useT } from '~/hooks/use-t';
import { historySentences } from './history-sentences';

/** The ticket's immutable history, oldest first: who did what, as sentences. */
export function TicketHistory({ entries, destinations }: { entries: readonly TicketHistoryEntry[]; destinations: Destinations | undefined }) {
  const t = useT('events');
  if (entries.length === 0) return <p>{t('history.empty')}</p>;
  return (
    <ol className="timeline">
      {entries.map((entry) => {
        const { headline, details } = historySentences(entry, t, destinations);
        return (
          <li key={entry.id}>
            <div className="timeline-head">
              <strong>{headline}</strong>
              <span>{entry.actorName}</span>
              <DateTime value={entry.createdAt} />
            </div>
            {details.length > 0 ? (
              <ul>
                {details.map((sentence) => (
                  <li key={sentence}>{sentence}</li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
