import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDevice, countUnsentReports, DEVICE_DATABASES } from './sign-out';

/** As idb-keyval's `createStore(name, store)` opens and writes them; the connection is returned open. */
function openStore(name: string, store: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => request.result.createObjectStore(store);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
async function put(name: string, store: string, entries: Record<string, unknown>): Promise<IDBDatabase> {
  const db = await openStore(name, store);
  const tx = db.transaction(store, 'readwrite');
  for (const [key, value] of Object.entries(entries)) tx.objectStore(store).put(value, key);
  await new Promise((resolve, reject) => {
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
  });
  return db;
}
const names = async () => (await indexedDB.databases()).map((d) => d.name).sort();

const open: IDBDatabase[] = [];
afterEach(async () => {
  open.splice(0).forEach((db) => db.close());
  for (const { name } of DEVICE_DATABASES) {
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = resolve;
      request.onblocked = resolve;
    });
  }
});

describe('countUnsentReports', () => {
  it('counts the outbox entries not yet sent, whatever else they are', async () => {
    (await put('concesion-outbox', 'outbox', { a: { state: 'pending' }, b: { state: 'sent' }, c: { state: 'failed' }, d: { state: 'sending' }, '#account': 'uuid-of-the-signed-in-driver' })).close();
    // The outbox's own record of the signed-in account is no report.
    expect(await countUnsentReports()).toBe(3);
  });

  it('is 0 without an outbox, and looking does not create one', async () => {
    expect(await countUnsentReports()).toBe(0);
    expect(await names()).not.toContain('concesion-outbox');
  });
});

describe('clearDevice', () => {
  it('deletes the drafts and the outbox', async () => {
    (await put('concesion-drafts', 'drafts', { 'new-event': { description: 'Bache' } })).close();
    (await put('concesion-outbox', 'outbox', { a: { state: 'pending' } })).close();
    await clearDevice();
    expect(await names()).toEqual([]);
  });

  it('empties a database even while another connection holds it open, and does not hang', async () => {
    // A page's drafts code keeps its idb-keyval connection, which ignores requests to close.
    const drafts = await put('concesion-drafts', 'drafts', { comment: { text: 'Sigue el bache' } });
    drafts.onversionchange = null;
    open.push(drafts);
    const started = Date.now();
    await clearDevice();
    expect(Date.now() - started).toBeLessThan(3_000);
    const request = drafts.transaction('drafts').objectStore('drafts').count();
    expect(await new Promise((resolve) => (request.onsuccess = () => resolve(request.result)))).toBe(0);
  });

  it('leaves nothing behind when there was nothing', async () => {
    await clearDevice();
    expect(await names()).toEqual([]);
  });
});
