import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '@contract/messages';
import { Button, ButtonLink } from '~/components/ui/button';
import { OUTBOX_CHANNEL } from './names';
import type { OutboxEntry } from './outbox';

/**
 * The reports of the signed-in account that wait on this device, or waited (issue 32, decision 139):
 * each with its state, read from the outbox and read again whenever a sender (a tab, the service
 * worker) says it changed. The outbox module loads here, after the page: not first-load JavaScript.
 */
export function useOutbox(accountId: string | null): OutboxEntry[] {
  const [entries, setEntries] = useState<OutboxEntry[]>([]);
  useEffect(() => {
    if (!accountId) return;
    let live = true;
    const read = () => {
      void import('./outbox')
        .then((outbox) => outbox.listOutbox(accountId))
        .then((list) => live && setEntries(list))
        .catch(() => undefined);
    };
    read();
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
    if (channel) channel.onmessage = read;
    return () => {
      live = false;
      channel?.close();
    };
  }, [accountId]);
  return entries;
}

const remove = (key: string) => void import('./outbox').then((outbox) => outbox.removeFromOutbox(key)).catch(() => undefined);
const sendNow = (accountId: string) =>
  void Promise.all([import('./outbox'), import('./outbox-transport')])
    .then(([outbox, { pageTransport }]) => outbox.flushOutbox({ accountId, send: pageTransport }))
    .catch(() => undefined);

function StateOf({ entry, onReopen }: { entry: OutboxEntry; onReopen?: (entry: OutboxEntry) => void }) {
  switch (entry.state) {
    case 'pending':
      return <span className="outbox-state">{messages.outboxPending}</span>;
    case 'sending':
      return <span className="outbox-state">{messages.outboxSending}</span>;
    case 'sent':
      return (
        <span className="outbox-state">
          <Link to={entry.path ?? '#'}>{`${messages.outboxSent}: ${entry.folio ?? ''}`}</Link>{' '}
          <Button size="small" onClick={() => remove(entry.key)}>
            {messages.outboxRemove}
          </Button>
        </span>
      );
    case 'refused': {
      const errors = [...(entry.formErrors ?? []), ...Object.values(entry.fieldErrors ?? {}).flat()];
      return (
        <span className="outbox-state">
          <strong>{messages.outboxRefused}</strong>
          <ul>
            {errors.map((error) => (
              <li key={error} className="field-error">
                {error}
              </li>
            ))}
          </ul>
          {onReopen ? (
            <Button size="small" variant="outlined" onClick={() => onReopen(entry)}>
              {messages.outboxReopen}
            </Button>
          ) : (
            <ButtonLink size="small" variant="outlined" to={`${entry.areaPath}/events/new?outbox=${encodeURIComponent(entry.key)}`}>
              {messages.outboxReopen}
            </ButtonLink>
          )}{' '}
          <Button size="small" onClick={() => remove(entry.key)}>
            {messages.outboxRemove}
          </Button>
        </span>
      );
    }
  }
}

/** The driver's outbox: nothing at all while it is empty. */
export function OutboxList({ accountId, onReopen }: { accountId: string | null; onReopen?: (entry: OutboxEntry) => void }) {
  const entries = useOutbox(accountId);
  if (!accountId || entries.length === 0) return null;
  const waiting = entries.some((entry) => entry.state === 'pending' || entry.state === 'sending');
  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <h2 id="outbox-title">{messages.outboxTitle}</h2>
      {waiting ? (
        <p className="muted">
          {messages.outboxIntro}{' '}
          <Button size="small" variant="outlined" onClick={() => sendNow(accountId)}>
            {messages.outboxSendNow}
          </Button>
        </p>
      ) : null}
      <ul className="outbox-list">
        {entries.map((entry) => (
          <li key={entry.key} data-outbox-state={entry.state}>
            <span className="outbox-summary">{entry.summary}</span>
            {entry.files.length > 0 ? <span className="muted">{` · ${entry.files.length} ${messages.outboxPhotos}`}</span> : null}
            {' — '}
            <StateOf entry={entry} onReopen={onReopen} />
          </li>
        ))}
      </ul>
    </section>
  );
}
