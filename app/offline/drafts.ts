import type { UseStore } from 'idb-keyval';

/**
 * Half-written forms kept on the device (docs/decisions/138-drafts-and-sessions-that-end.md):
 * the new-event form and the comment box save what was typed while the person types, and get
 * it back after a failed send, a reload, a closed tab or a crash.
 *
 * In IndexedDB through idb-keyval, in a database of their own: signing out deletes
 * `DRAFTS_DATABASE` whole. Each draft's key starts with the account's id, and the account is
 * stored with it and checked on reading: another account on the same browser never sees it.
 * The library is loaded on first use, so pages that never keep a draft do not carry it.
 */
export const DRAFTS_DATABASE = 'concesion-drafts';
export const DRAFTS_STORE = 'drafts';

/** A draft nobody came back to in a week is dropped. */
export const DRAFT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** What a form held: text by field name, and checkboxes as true or false. Never files or passwords. */
export type DraftFields = Record<string, string | boolean>;

type StoredDraft = { account: string; savedAt: number; fields: DraftFields };

/** Which draft: the account's, for one form, and for the comment box the event it belongs to. */
export type DraftAddress = { account: string; form: string; scope?: string | number };

export function draftKey({ account, form, scope }: DraftAddress): string {
  return scope === undefined ? `${account}:${form}` : `${account}:${form}:${scope}`;
}

type Drafts = { lib: typeof import('idb-keyval'); store: UseStore };
let opened: Promise<Drafts> | null = null;

function drafts(): Promise<Drafts> {
  opened ??= import('idb-keyval').then(async (lib) => {
    const store = lib.createStore(DRAFTS_DATABASE, DRAFTS_STORE);
    // Sign-out deletes the database: let go of it at once (an open connection would hold the
    // deletion until the page is left), and open it anew on the next use.
    await store('readonly', (objects) => {
      const db = objects.transaction.db;
      db.addEventListener('versionchange', () => {
        db.close();
        opened = null;
      });
    });
    return { lib, store };
  });
  return opened;
}

function isStoredDraft(value: unknown): value is StoredDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<StoredDraft>;
  return typeof draft.account === 'string' && typeof draft.savedAt === 'number' && !!draft.fields && typeof draft.fields === 'object';
}

/** Keeps what the form holds now; an empty form keeps nothing (and forgets an older draft). */
export async function saveDraft(address: DraftAddress, fields: DraftFields, now = Date.now()): Promise<void> {
  const { lib, store } = await drafts();
  const key = draftKey(address);
  const empty = Object.values(fields).every((value) => value === '' || value === false);
  if (empty) return lib.del(key, store);
  const draft: StoredDraft = { account: address.account, savedAt: now, fields };
  await lib.set(key, draft, store);
}

/** The draft of this account and form, unless it is older than a week (then it is dropped). */
export async function loadDraft(address: DraftAddress, now = Date.now()): Promise<DraftFields | null> {
  const { lib, store } = await drafts();
  const key = draftKey(address);
  const draft: unknown = await lib.get(key, store);
  if (!isStoredDraft(draft)) return null;
  if (draft.account !== address.account) return null;
  if (now - draft.savedAt > DRAFT_MAX_AGE_MS) {
    await lib.del(key, store);
    return null;
  }
  return draft.fields;
}

/** Forgets a draft: the server has the form now. */
export async function clearDraft(address: DraftAddress): Promise<void> {
  const { lib, store } = await drafts();
  await lib.del(draftKey(address), store);
}

/** Drops every draft (of any account on this browser) older than a week; run once per page load. */
export async function dropExpiredDrafts(now = Date.now()): Promise<void> {
  const { lib, store } = await drafts();
  const old = (await lib.entries(store))
    .filter(([, draft]) => !isStoredDraft(draft) || now - draft.savedAt > DRAFT_MAX_AGE_MS)
    .map(([key]) => key);
  if (old.length > 0) await lib.delMany(old, store);
}
