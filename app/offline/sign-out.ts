/**
 * What signing out removes from the phone (issue 32, docs/decisions/140-installable-app-sign-out-and-receipts.md):
 * the drafts (app/offline drafts, IndexedDB 'concesion-drafts'), the outbox of reports not yet
 * sent ('concesion-outbox') and every Cache Storage cache (the service worker's 'concesion-*').
 * The logout answer's `Clear-Site-Data: "cache", "storage"` does the same where the browser
 * honours it; this covers the others. Loaded only when someone signs out.
 *
 * Plain IndexedDB rather than idb-keyval: its stores keep their connection open, and an open
 * connection (even this module's) holds a deletion back.
 */

/** The device's databases and the object store each holds (idb-keyval's `createStore(db, store)`). */
export const DEVICE_DATABASES = [
  { name: 'concesion-drafts', store: 'drafts' },
  { name: 'concesion-outbox', store: 'outbox' },
] as const;

const OUTBOX = DEVICE_DATABASES[1];

/** How long signing out waits for the clearing before it goes on anyway (the server's header still clears). */
const CLEAR_TIMEOUT_MS = 3_000;

function requestDone<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Opens a database that already exists, or answers null without creating it. */
function openExisting(name: string): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onupgradeneeded = (event) => {
      // Version 0 means it did not exist: abandon the creation.
      if (event.oldVersion === 0) request.transaction?.abort();
    };
    request.onsuccess = () => {
      const db = request.result;
      // Someone deleting or upgrading it (another tab signing out): let them.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = (event) => {
      if (request.error?.name === 'AbortError') {
        event.preventDefault();
        resolve(null);
      } else reject(request.error ?? new Error(`IndexedDB ${name} could not be opened`));
    };
  });
}

/** Runs `work` on one store of an existing database; `fallback` when there is no such store. */
async function withStore<T>(name: string, store: string, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest, fallback: T): Promise<T> {
  const db = await openExisting(name);
  if (!db) return fallback;
  try {
    if (!db.objectStoreNames.contains(store)) return fallback;
    return (await requestDone(work(db.transaction(store, mode).objectStore(store)))) as T;
  } finally {
    db.close();
  }
}

/**
 * Reports in the outbox that have not reached the server: every report (a record with a `state`)
 * whose state is not 'sent'. The store also keeps the outbox's own bookkeeping (which account is
 * signed in on the device, app/offline/outbox.ts), which is no report.
 */
export async function countUnsentReports(): Promise<number> {
  const entries = await withStore<unknown[]>(OUTBOX.name, OUTBOX.store, 'readonly', (s) => s.getAll(), []);
  const isReport = (entry: unknown): entry is { state: unknown } => typeof entry === 'object' && entry !== null && 'state' in entry;
  return entries.filter((entry) => isReport(entry) && entry.state !== 'sent').length;
}

/**
 * Empties, then deletes, one database. Emptying goes first because a connection still open
 * elsewhere (another tab, the drafts code of this page) blocks the deletion until it closes,
 * but not a clear: the contents are gone either way, the empty database follows when it can.
 */
async function clearDatabase({ name, store }: (typeof DEVICE_DATABASES)[number]): Promise<void> {
  await withStore(name, store, 'readwrite', (s) => s.clear(), undefined);
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onblocked = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`IndexedDB ${name} could not be deleted`));
  });
}

async function clearCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.map((name) => caches.delete(name)));
}

/**
 * Removes the drafts, the outbox and every cache; settles within CLEAR_TIMEOUT_MS whatever
 * happens, so a browser that refuses (a private window without IndexedDB) never keeps anyone signed in.
 */
export async function clearDevice(): Promise<void> {
  const work = Promise.allSettled([...DEVICE_DATABASES.map(clearDatabase), clearCaches()]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLEAR_TIMEOUT_MS);
  });
  await Promise.race([work, timeout]);
  clearTimeout(timer);
}
