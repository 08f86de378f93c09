import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { addToOutbox, listOutbox, OUTBOX_DB } from './outbox';

/** The outbox's store against an in-memory IndexedDB (decision 139). */
describe('the outbox store', () => {
  const report = (key: string) => ({ key, accountId: 'uuid-ana', areaPath: '/driver', summary: 'Km 23,5 · Bache', fields: [['description', 'Bache']] as [string, string][], files: [] });

  it('lets sign-out delete its database while it is open, and works again afterwards', async () => {
    await addToOutbox(report('k-antes-0000000001'));
    expect(await listOutbox('uuid-ana')).toHaveLength(1);
    await new Promise<void>((resolve, reject) => {
      const deletion = indexedDB.deleteDatabase(OUTBOX_DB);
      deletion.onsuccess = () => resolve();
      deletion.onerror = () => reject(deletion.error);
      deletion.onblocked = () => reject(new Error('blocked by the outbox connection'));
    });
    expect(await listOutbox('uuid-ana')).toEqual([]);
    await addToOutbox(report('k-despues-00000001'));
    expect((await listOutbox('uuid-ana')).map((entry) => entry.key)).toEqual(['k-despues-00000001']);
  });
});
