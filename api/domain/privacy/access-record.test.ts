import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../platform/db/client';
import { AccessRecord, showsPerson, type AccessNote } from './access-record';

/** A database that keeps each multi-row insert as one batch; `failures` makes the next inserts throw. */
function fakeDatabase(options: { failures?: number; delayMs?: number } = {}) {
  const batches: unknown[][] = [];
  let failures = options.failures ?? 0;
  const db = {
    insert: () => ({
      values: async (rows: unknown[]) => {
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        if (failures > 0) {
          failures--;
          throw new Error('connection lost');
        }
        batches.push(rows);
      },
    }),
  } as unknown as Database;
  return { db, batches };
}

const read = (n: number): AccessNote => ({ actorId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, actorRole: 'OPERATOR', subjectId: null, ticketId: n, what: 'event' });

afterEach(() => vi.useRealTimers());

describe('AccessRecord', () => {
  it('writes nothing while the request runs, then every read of the period in one insert', async () => {
    vi.useFakeTimers();
    const { db, batches } = fakeDatabase();
    const record = new AccessRecord(db, { flushMs: 1_000, batchSize: 100, cap: 1_000 });
    for (let i = 1; i <= 5; i++) record.note(read(i));
    expect(batches).toHaveLength(0);
    expect(record.waiting).toBe(5);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((r) => (r as { ticketId: number }).ticketId)).toEqual([1, 2, 3, 4, 5]);
    expect(record.waiting).toBe(0);
  });

  it('sends a batch at once when it is full, without waiting for the period', async () => {
    vi.useFakeTimers();
    const { db, batches } = fakeDatabase();
    const record = new AccessRecord(db, { flushMs: 60_000, batchSize: 3, cap: 1_000 });
    for (let i = 1; i <= 7; i++) record.note(read(i));
    // No timer ran (the period is a minute): the full batch set the write off, one insert per batchSize.
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(record.waiting).toBe(0);
  });

  it('tries a failed batch once more, then gives it up and counts it', async () => {
    const once = fakeDatabase({ failures: 1 });
    const failed: number[] = [];
    const record = new AccessRecord(once.db, { flushMs: 1_000, batchSize: 10, cap: 100, onFailed: (_e, n) => failed.push(n) });
    record.note(read(1));
    await record.flush();
    expect(once.batches).toHaveLength(1);
    expect(failed).toEqual([]);

    const twice = fakeDatabase({ failures: 2 });
    const lost = new AccessRecord(twice.db, { flushMs: 1_000, batchSize: 10, cap: 100, onFailed: (_e, n) => failed.push(n) });
    lost.note(read(1));
    lost.note(read(2));
    await lost.flush();
    expect(twice.batches).toHaveLength(0);
    expect(failed).toEqual([2]);
    expect(lost.failed).toBe(2);
  });

  it('keeps at most the cap waiting, dropping the oldest and counting them', async () => {
    const { db, batches } = fakeDatabase();
    const dropped: number[] = [];
    const record = new AccessRecord(db, { flushMs: 60_000, batchSize: 1_000, cap: 3, onDropped: (n) => dropped.push(n) });
    for (let i = 1; i <= 5; i++) record.note(read(i));
    expect(record.dropped).toBe(2);
    expect(dropped).toEqual([1, 1]);
    await record.close();
    expect(batches[0]!.map((r) => (r as { ticketId: number }).ticketId)).toEqual([3, 4, 5]);
  });

  it('never makes the caller wait or fail, even while the database is slow or down', async () => {
    const { db } = fakeDatabase({ failures: 10, delayMs: 50 });
    const record = new AccessRecord(db, { flushMs: 1, batchSize: 1, cap: 10 });
    const started = performance.now();
    for (let i = 1; i <= 20; i++) expect(() => record.note(read(i))).not.toThrow();
    expect(performance.now() - started).toBeLessThan(20);
    await record.close();
  });

  it('writes on close what was noted just before', async () => {
    const { db, batches } = fakeDatabase({ delayMs: 5 });
    const record = new AccessRecord(db, { flushMs: 60_000, batchSize: 2, cap: 100 });
    for (let i = 1; i <= 5; i++) record.note(read(i));
    await record.close();
    expect(batches.flat()).toHaveLength(5);
  });
});

describe('showsPerson', () => {
  const none = { reporterId: null, email: null, fullName: null, phone: null, rut: null, realAddress: null, anonymisedAt: null };
  it('is true for a reporter behind the event or any contact field, false once anonymised', () => {
    expect(showsPerson(none)).toBe(false);
    expect(showsPerson({ ...none, reporterId: 'x' })).toBe(true);
    expect(showsPerson({ ...none, phone: '+56 9 1234 5678' })).toBe(true);
    expect(showsPerson({ ...none, email: '' })).toBe(false);
    expect(showsPerson({ ...none, reporterId: 'x', anonymisedAt: new Date() })).toBe(false);
  });
});
