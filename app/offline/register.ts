import { flushOutbox, outboxAccount, OUTBOX_DB, OUTBOX_SYNC_TAG, setOutboxAccount } from './outbox';

/** The cache of the driver's new-event page (app/offline/service-worker.ts). */
const PAGES_CACHE = 'concesion-pages';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Whether this device has an outbox at all (a signed-out page creates none). */
async function outboxExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (!indexedDB.databases) return true;
  return (await indexedDB.databases()).some((db) => db.name === OUTBOX_DB);
}

/**
 * Started by the root after the page has loaded (lazily: none of this is first-load JavaScript):
 * registers the service worker, says which account is signed in on this device (a page kept
 * offline is only served while one is, and only to the account whose page it is), and sends the
 * account's outbox now and whenever the browser says the link is back. Answers how to stop.
 */
export async function startOffline(accountId: string | null): Promise<() => void> {
  if ('serviceWorker' in navigator) await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  const previous = (await outboxExists()) ? await outboxAccount().catch(() => undefined) : undefined;
  if (previous !== (accountId ?? undefined) && typeof caches !== 'undefined') await caches.delete(PAGES_CACHE);
  if (!accountId) {
    if (previous) await setOutboxAccount(null);
    return () => undefined;
  }
  if (previous !== accountId) await setOutboxAccount(accountId);
  const flush = () => {
    void import('./outbox-transport').then(({ pageTransport }) => flushOutbox({ accountId, send: pageTransport })).catch(() => 0);
  };
  flush();
  window.addEventListener('online', flush);
  return () => window.removeEventListener('online', flush);
}

/** Asks the service worker to send the outbox once the link is back (Background Sync, where there is one). */
export async function requestOutboxSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = (await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(resolve, 1000, undefined)),
  ])) as SyncRegistration | undefined;
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}
