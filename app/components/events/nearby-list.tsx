import { Link } from 'react-router';
import { formatKilometer } from '@contract/kilometer';
import type { NearbyTicket } from '@contract/ticket-dto';
import { DateTime } from '~/components/ui/date-time';
import { useT } from '~/hooks/use-t';

/** Open tickets close to the one being entered: possible duplicates (staff may open them). */
export function NearbyList({ nearby, detailBase }: { nearby: readonly NearbyTicket[]; detailBase: string }) {
  const t = useT('events');
  return (
    <section className="panel" aria-labelledby="nearby-title" aria-live="polite">
      <h2 id="nearby-title">{t('nearby.title')}</h2>
      <p className="muted">{t('nearby.intro')}</p>
      {nearby.length === 0 ? (
        <p>{t('nearby.none')}</p>
      ) : (
        <ul className="nearby-list">
          {nearby.map((n) => {
            const text = t('nearby.item', {
              folio: n.folio,
              classification: n.classificationName,
              km: formatKilometer(n.kilometer),
              status: t(`statuses.${n.statusCode}`),
            });
            return (
              <li key={n.folio}>
                {n.id ? <Link to={`${detailBase}/${n.id}`}>{text}</Link> : text} · <DateTime value={n.createdAt} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
