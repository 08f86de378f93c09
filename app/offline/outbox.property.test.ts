import 'fake-indexeddb/auto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createStore, type UseStore } from 'idb-keyval';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@contract/idempotency';
import { queryRows } from '../../api/platform/db/client';
import { createTestApi, type TestApi } from '../../api/test/helper';
import { signInCallers, validTicketBody, type Caller } from '../../api/test/tickets';
import { addToOutbox, flushOutbox, listOutbox, OUTBOX_DB, OUTBOX_STORE, type Lock, type OutboxEntry, type Transport } from './outbox';

/**
 * Issue 32's property: over any sequence of reports written, the link going and coming, the app
 * reloaded (a new sender over the same store, while an old one may still be sending), resends,
 * and the server failing (a 500 that stores nothing, or an answer lost after the server stored
 * the report), every report written is stored by the real API exactly once and none is lost.
 * The outbox runs on fake-indexeddb; the transport is the API's own POST /api/ticket (inject)
 * with the report's key in the Idempotency-Key header, as the outbox route sends it.
 */

let api: TestApi;
let driver: Caller;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  driver = (await signInCallers(api)).driver;
  // The property writes hundreds of reports with one account: past a real driver's hourly limit.
  api.config.quotas.driver = { ...api.config.quotas.driver, eventsPerHour: 100_000, eventsPerDay: 100_000 };
});
afterAll(() => api?.close());

type Failure = 'none' | 'server-error' | 'answer-lost';
type Step =
  | { kind: 'write' }
  | { kind: 'offline' }
  | { kind: 'online' }
  | { kind: 'reload' }
  | { kind: 'resend' }
  | { kind: 'fail'; failure: Exclude<Failure, 'none'>; times: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Step>({ kind: 'write' }) },
  { weight: 2, arbitrary: fc.constant<Step>({ kind: 'offline' }) },
  { weight: 2, arbitrary: fc.constant<Step>({ kind: 'online' }) },
  { weight: 2, arbitrary: fc.constant<Step>({ kind: 'reload' }) },
  { weight: 3, arbitrary: fc.constant<Step>({ kind: 'resend' }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('fail' as const), failure: fc.constantFrom('server-error' as const, 'answer-lost' as const), times: fc.integer({ min: 1, max: 3 }) }),
  },
);

/** One mutual exclusion per run, as navigator.locks is one per origin (shared by every sender). */
function mutex(): Lock {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

let run = 0;

describe('the outbox over the real API', () => {
  it('stores every report written exactly once, whatever the link, reloads and the server do', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        run += 1;
        const marker = `outbox-property-${run}-`;
        // A database of its own per run: earlier runs leave nothing behind.
        const dbName = `${OUTBOX_DB}-${run}`;
        let store: UseStore = createStore(dbName, OUTBOX_STORE);
        const lock = mutex();
        let online = true;
        const failures: Exclude<Failure, 'none'>[] = [];
        const written: string[] = [];
        const senders: Promise<unknown>[] = [];

        const transport: Transport = async (entry: OutboxEntry) => {
          if (!online) throw new TypeError('Failed to fetch');
          const failure = failures.shift() ?? 'none';
          if (failure === 'server-error') return { kind: 'retry' };
          const body = JSON.parse(Object.fromEntries(entry.fields).body!) as Record<string, unknown>;
          const response = await api.app.inject({
            method: 'POST',
            url: '/api/ticket',
            headers: { ...driver.headers, [IDEMPOTENCY_KEY_HEADER]: entry.key },
            payload: body,
          });
          // Stored, but the answer never reached the phone.
          if (failure === 'answer-lost') throw new TypeError('network connection lost');
          if (response.statusCode !== 201 && response.statusCode !== 200) return { kind: 'retry' };
          const created = response.json().payload as { id: number; folio: string };
          return { kind: 'sent', folio: created.folio, path: `/driver/events/${created.id}` };
        };
        const send = () => {
          const sender = flushOutbox({ accountId: driver.id, send: transport, store, lock });
          senders.push(sender);
          return sender;
        };

        for (const step of steps) {
          switch (step.kind) {
            case 'write': {
              const description = `${marker}${written.length}`;
              written.push(description);
              const key = `report-${crypto.randomUUID()}`;
              await addToOutbox(
                {
                  key,
                  accountId: driver.id,
                  areaPath: '/driver',
                  summary: description,
                  fields: [['body', JSON.stringify(validTicketBody({ description, channelCode: 'WEB' }))]],
                  files: [{ name: 'foto.jpg', type: 'image/jpeg', blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }) }],
                },
                store,
              );
              // A tab writing with coverage tries at once, and does not wait for it.
              if (online) void send();
              break;
            }
            case 'offline':
              online = false;
              break;
            case 'online':
              online = true;
              void send();
              break;
            case 'reload':
              // The page goes away mid-send (its sender keeps running, as a service worker's would);
              // the new page opens the same database anew and sends on its next visit.
              store = createStore(dbName, OUTBOX_STORE);
              void send();
              break;
            case 'resend':
              await send();
              break;
            case 'fail':
              for (let i = 0; i < step.times; i++) failures.push(step.failure);
              break;
          }
        }

        // Coverage for good: whatever is still waiting goes, however many visits that takes.
        online = true;
        failures.length = 0;
        await Promise.allSettled(senders);
        for (let visit = 0; visit < 5 && (await send()) > 0; visit++);

        const stored = await queryRows<{ description: string; folio: string }>(
          api.database.db,
          sql`select description, folio from ticket where description like ${`${marker}%`}`,
        );
        const counts = new Map<string, number>();
        for (const row of stored) counts.set(row.description, (counts.get(row.description) ?? 0) + 1);
        // Exactly once each, and nothing that was not written.
        expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(written.map((d) => [d, 1])));
        // The device agrees: every report says "Enviado" with the folio the server gave it.
        // (Reports written in the same millisecond may be listed in either order.)
        const entries = (await listOutbox(driver.id, store)).sort((a, b) => written.indexOf(a.summary) - written.indexOf(b.summary));
        expect(entries.map((e) => [e.summary, e.state, e.folio])).toEqual(
          written.map((d) => [d, 'sent', stored.find((row) => row.description === d)?.folio]),
        );
        // Sent reports keep no photos or fields on the phone.
        expect(entries.every((e) => e.files.length === 0 && e.fields.length === 0)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
