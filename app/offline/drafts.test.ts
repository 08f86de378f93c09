import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_MAX_AGE_MS, DRAFTS_DATABASE, dropExpiredDrafts, loadDraft, saveDraft } from './drafts';

/** Drafts on the device (decision 138), against an in-memory IndexedDB. */
const ana = { account: 'uuid-ana', form: 'comment', scope: 41 };
const luis = { account: 'uuid-luis', form: 'comment', scope: 41 };

describe('drafts', () => {
  it('gives back what was typed, to the same account, form and event only', async () => {
    await saveDraft(ana, { comment: 'La barrera sigue caída en el km 12', internal: true });
    expect(await loadDraft(ana)).toEqual({ comment: 'La barrera sigue caída en el km 12', internal: true });
    // Another account on the same browser, another event, another form: nothing.
    expect(await loadDraft(luis)).toBeNull();
    expect(await loadDraft({ ...ana, scope: 42 })).toBeNull();
    expect(await loadDraft({ account: ana.account, form: 'new-event' })).toBeNull();
  });

  it('keeps each account its own draft of the same form', async () => {
    await saveDraft({ account: 'uuid-a', form: 'new-event' }, { description: 'de A' });
    await saveDraft({ account: 'uuid-b', form: 'new-event' }, { description: 'de B' });
    expect(await loadDraft({ account: 'uuid-a', form: 'new-event' })).toEqual({ description: 'de A' });
    expect(await loadDraft({ account: 'uuid-b', form: 'new-event' })).toEqual({ description: 'de B' });
  });

  it('forgets a draft once the server has it, and an emptied form keeps nothing', async () => {
    const form = { account: 'uuid-c', form: 'comment', scope: 7 };
    await saveDraft(form, { comment: 'Enviado' });
    await clearDraft(form);
    expect(await loadDraft(form)).toBeNull();
    await saveDraft(form, { comment: 'Algo' });
    await saveDraft(form, { comment: '', internal: false });
    expect(await loadDraft(form)).toBeNull();
  });

  it('drops drafts older than seven days, on reading and in the sweep, and keeps the rest', async () => {
    const now = Date.now();
    const old = { account: 'uuid-d', form: 'new-event' };
    const recent = { account: 'uuid-e', form: 'new-event' };
    await saveDraft(old, { description: 'vieja' }, now - DRAFT_MAX_AGE_MS - 1000);
    await saveDraft(recent, { description: 'de ayer' }, now - 24 * 60 * 60 * 1000);
    expect(await loadDraft(old, now)).toBeNull();

    const stale = { account: 'uuid-f', form: 'comment', scope: 1 };
    await saveDraft(stale, { comment: 'olvidado' }, now - DRAFT_MAX_AGE_MS - 1);
    await dropExpiredDrafts(now);
    // Gone for good: even a clock turned back would not bring it back.
    expect(await loadDraft(stale, now - DRAFT_MAX_AGE_MS)).toBeNull();
    expect(await loadDraft(recent, now)).toEqual({ description: 'de ayer' });
  });

  it('lives in the database sign-out deletes, and lets it be deleted while the page is open', async () => {
    const form = { account: 'uuid-g', form: 'comment', scope: 3 };
    await saveDraft(form, { comment: 'Antes de cerrar sesión' });
    expect((await indexedDB.databases()).map((d) => d.name)).toContain(DRAFTS_DATABASE);
    await new Promise<void>((resolve, reject) => {
      const deletion = indexedDB.deleteDatabase(DRAFTS_DATABASE);
      deletion.onsuccess = () => resolve();
      deletion.onerror = () => reject(deletion.error);
      deletion.onblocked = () => reject(new Error('blocked by the drafts connection'));
    });
    expect(await loadDraft(form)).toBeNull();
    // Drafts go on working afterwards, in a new database.
    await saveDraft(form, { comment: 'Después' });
    expect(await loadDraft(form)).toEqual({ comment: 'Después' });
  });
});
