import { Link, useSubmit } from 'react-router';
import type { MouseEvent } from 'react';
import { formatKilometer } from '@contract/kilometer';
import type { NearbyTicket } from '@contract/ticket-dto';
import { Button } from '~/components/ui/button';
import { DateTime } from '~/components/ui/date-time';
import { useT } from '~/hooks/use-t';

/**
 * Open tickets close to the one being entered: possible duplicates (staff may open them). A driver
 * may say "Es el mismo: avíseme de sus novedades" and follow it instead of filing another
 * (decision 161): each button posts the form it sits in to `followAction` (its formAction), so
 * it works without JavaScript; nothing typed is checked or sent as a report.
 */
export function NearbyList({
  nearby,
  detailBase,
  followAction,
  onFollow,
}: {
  nearby: readonly NearbyTicket[] | null;
  detailBase: string;
  followAction?: string;
  /** The driver said "Es el mismo": the report they were writing is abandoned (its draft is forgotten, decision 161). */
  onFollow?: () => void;
}) {
  const t = useT('events');
  const submit = useSubmit();
  // With JavaScript the new-event form's own submit handling (its checks, its uploads) is not
  // for this: the folio alone is posted to `followAction`, as the button's formAction does without it.
  const send = (name: 'follow' | 'unfollow', folio: string) => (event: MouseEvent<HTMLButtonElement>) => {
    if (!followAction) return;
    event.preventDefault();
    if (name === 'follow') onFollow?.();
    void submit({ [name]: folio }, { method: 'post', action: followAction });
  };
  return (
    // A box of fixed height, there before the list arrives: its coming never moves the button below.
    <section className="panel nearby-panel" aria-labelledby="nearby-title" aria-live="polite">
      <h2 id="nearby-title">{t('nearby.title')}</h2>
      <p className="muted">{t('nearby.intro')}</p>
      <div className="nearby-scroll" tabIndex={0} role="region" aria-label={t('nearby.scrollLabel')}>
        {nearby === null ? (
          <p className="muted">{t('nearby.waiting')}</p>
        ) : nearby.length === 0 ? (
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
                  {followAction && n.following !== undefined ? (
                    <div className="nearby-follow">
                      {n.following ? (
                        <>
                          <span className="follow-chip">{t('follow.following')}</span>
                          <Button type="submit" variant="text" size="small" formAction={followAction} formMethod="post" formNoValidate name="unfollow" value={n.folio} onClick={send('unfollow', n.folio)} aria-label={t('follow.stopLabel', { folio: n.folio })}>
                            {t('follow.stop')}
                          </Button>
                        </>
                      ) : (
                        <Button
                          type="submit"
                          variant="outlined"
                          size="small"
                          formAction={followAction}
                          formMethod="post"
                          formNoValidate
                          name="follow"
                          value={n.folio}
                          onClick={send('follow', n.folio)}
                          aria-label={t('follow.sameLabel', { folio: n.folio })}
                        >
                          {t('follow.same')}
                        </Button>
                      )}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
