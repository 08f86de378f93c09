import { createStore, del, entries, get, set, update, type UseStore } from 'idb-keyval';
import { OUTBOX_CHANNEL } from './names';

/**
 * The outbox (issue 32, decision 139): reports written without coverage wait on the device, each
 * with the submission key of the form it was written in, and are sent when the link returns, by
 * whichever sender gets there first (a tab, or the service worker's Background Sync). The key
 * makes a resend harmless: the API stores the first request with a key and answers a repeat with
 * the same event. One sender at a time (navigator.locks), so two tabs never send one report at
 * once; a report is only marked sent once the server said which event it is and each of its
 * photos was attached or refused (app/offline/outbox-transport.ts sends them by tus, decision 155).
 *
 * Plain functions over an idb-keyval store, so the page, the service worker and the tests (on
 * fake-indexeddb) share them.
 */

/** The IndexedDB database and store: h5's sign-out clears them by these names. */
export const OUTBOX_DB = 'concesion-outbox';
export const OUTBOX_STORE = 'outbox';
/** The navigator.locks name every sender takes, and the BroadcastChannel that says the outbox changed. */
export const OUTBOX_LOCK = 'concesion-outbox';
/** The Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'concesion-outbox';
/** The record saying which account is signed in on this device (not a valid submission key, so never a report). */
const ACCOUNT_RECORD = '#account';

/** A photo of a report; `shrunk` once the page has made it small (app/uploads/shrink.ts) or found it need not. */
export type OutboxFile = { name: string; type: string; blob: Blob; shrunk?: boolean };
/** What became of one file of a report: attached to its event, or refused by the API (its reason). */
export type FileFate = { kind: 'attached' } | { kind: 'refused'; message: string };
export type OutboxState = 'pending' | 'sending' | 'sent' | 'refused';
export type OutboxEntry = {
  /** The form's submission key: the store's key, and the API's idempotency key. */
  key: string;
  accountId: string;
  /** The area the report was written in ("/driver"): where it is sent and where its event is. */
  areaPath: string;
  createdAt: number;
  /** What the list shows of it (kilometre, the description's start): kept after the fields go. */
  summary: string;
  /** The form's fields as typed, files apart. */
  fields: [string, string][];
  files: OutboxFile[];
  state: OutboxState;
  folio?: string;
  path?: string;
  /** The event, once created: its files follow it by tus (decision 155), a resend finds it here. */
  ticketId?: number;
  /** Each file's fate by its index, as they arrive: a file already attached or refused is not sent again. */
  fileFates?: Record<number, FileFate>;
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
};

/** What one report's event and files have reached so far. */
export type SendProgress = Pick<OutboxEntry, 'folio' | 'path' | 'ticketId' | 'fileFates'>;
/** What the server answered for one report: sent (the event, every file attached or refused), refused, or retry later (with what was done). */
export type SendResult =
  | ({ kind: 'sent'; folio: string; path: string } & SendProgress)
  | { kind: 'refused'; formErrors: string[]; fieldErrors: Record<string, string[]> }
  | { kind: 'retry'; progress?: SendProgress };
/** Sends one report; a throw (no link, a cut answer) counts as "retry later". */
export type Transport = (entry: OutboxEntry) => Promise<SendResult>;
/** Runs `task` with no other sender running (navigator.locks in browsers). */
export type Lock = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * idb-keyval's store, letting go of its connection when someone deletes the database (sign-out,
 * app/offline/sign-out.ts): an open connection, the service worker's above all, would hold the
 * deletion back, and every later open behind it, until the worker stops. The next use opens it anew.
 */
function closingStore(dbName: string, storeName: string): UseStore {
  let current: UseStore | null = null;
  const watched = new WeakSet<IDBDatabase>();
  return (mode, callback) => {
    const store = (current ??= createStore(dbName, storeName));
    return store(mode, (objects) => {
      const db = objects.transaction.db;
      if (!watched.has(db)) {
        watched.add(db);
        db.addEventListener('versionchange', () => {
          db.close();
          if (current === store) current = null;
        });
      }
      return callback(objects);
    });
  };
}

let defaultStore: UseStore | undefined;
export function outboxStore(): UseStore {
  defaultStore ??= closingStore(OUTBOX_DB, OUTBOX_STORE);
  return defaultStore;
}

const isEntry = (value: unknown): value is OutboxEntry =>
  typeof value === 'object' && value !== null && typeof (value as OutboxEntry).key === 'string' && Array.isArray((value as OutboxEntry).fields);

/** The browser's lock across tabs and the service worker; a plain queue where there is none. */
export const browserLock: Lock = (task) => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(OUTBOX_LOCK, task) : queueLock(task);
};
let queue: Promise<unknown> = Promise.resolve();
const queueLock: Lock = (task) => {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
};

function announce() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

/** Keeps a report written now. A key already in the outbox is the same report: it stays as it is. */
export async function addToOutbox(entry: Omit<OutboxEntry, 'state' | 'createdAt'>, store = outboxStore()): Promise<void> {
  await update(entry.key, (old) => old ?? { ...entry, state: 'pending', createdAt: Date.now() }, store);
  announce();
}

/** The reports of one account, oldest first. */
export async function listOutbox(accountId: string, store = outboxStore()): Promise<OutboxEntry[]> {
  const all = await entries<string, unknown>(store);
  return all
    .map(([, value]) => value)
    .filter(isEntry)
    .filter((entry) => entry.accountId === accountId)
    .sort((a, b) => a.createdAt - b.createdAt);
}

export const outboxEntry = (key: string, store = outboxStore()) => get<OutboxEntry>(key, store);

export async function removeFromOutbox(key: string, store = outboxStore()): Promise<OutboxEntry | undefined> {
  const entry = await get<OutboxEntry>(key, store);
  await del(key, store);
  announce();
  return entry;
}

/** Which account is signed in on this device (written by its pages; read by the service worker). */
export const setOutboxAccount = (accountId: string | null, store = outboxStore()) =>
  accountId ? set(ACCOUNT_RECORD, accountId, store) : del(ACCOUNT_RECORD, store);
export const outboxAccount = (store = outboxStore()) => get<string>(ACCOUNT_RECORD, store);

async function save(entry: OutboxEntry, store: UseStore) {
  // Only over a report still there: one removed meanwhile ("Quitar") stays removed.
  await update(entry.key, (old) => (isEntry(old) ? entry : old), store);
  announce();
}

/**
 * Sends the account's unsent reports, oldest first, one sender at a time. Stops at the first
 * "retry later" (the link is down again). A report left "Enviando" by a sender that died
 * (a closed tab) is sent again: the key makes that harmless.
 * Answers how many reports are still waiting.
 */
export async function flushOutbox(options: { accountId: string; send: Transport; store?: UseStore; lock?: Lock }): Promise<number> {
  const { accountId, send } = options;
  const store = options.store ?? outboxStore();
  const lock = options.lock ?? browserLock;
  return lock(async () => {
    const waiting = (await listOutbox(accountId, store)).filter((entry) => entry.state === 'pending' || entry.state === 'sending');
    for (const [index, entry] of waiting.entries()) {
      await save({ ...entry, state: 'sending' }, store);
      let result: SendResult;
      try {
        result = await send(entry);
      } catch {
        result = { kind: 'retry' };
      }
      if (result.kind === 'retry') {
        await save({ ...entry, ...result.progress, state: 'pending' }, store);
        return waiting.length - index;
      }
      if (result.kind === 'sent') {
        // The photos are on the server now (or refused, their reasons kept): the device keeps only the receipt.
        const { folio, path, ticketId, fileFates } = result;
        await save({ ...entry, state: 'sent', folio, path, ticketId, fileFates, files: [], fields: [] }, store);
      } else {
        await save({ ...entry, state: 'refused', formErrors: result.formErrors, fieldErrors: result.fieldErrors }, store);
      }
    }
    return 0;
  });
}

/** The body the outbox route takes: the new-event form's fields, with the report's key and account (its files follow by tus). */
export function outboxFormData(entry: OutboxEntry): FormData {
  const body = new FormData();
  for (const [name, value] of entry.fields) body.append(name, value);
  body.set('submissionKey', entry.key);
  body.set('outboxAccount', entry.accountId);
  return body;
}

/** The route that takes a report from the outbox (app/routes/resources/outbox-event.ts), in its area. */
export const outboxPathOf = (areaPath: string) => `${areaPath}/events/outbox`;
