import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { jobLease } from '../db/schema';
import { takeTurn } from './jobs';

let database: DatabaseHandle;
beforeAll(async () => {
  database = openDatabase({ dataDir: 'memory://' });
  await database.migrate();
});
afterAll(() => database.close());

describe('takeTurn', () => {
  it('gives a period to one process only, however many ask at once', async () => {
    const turns = await Promise.all(['a', 'b', 'c', 'd'].map((holder) => takeTurn(database.db, 'sweep', holder, 60_000)));
    expect(turns.filter(Boolean)).toHaveLength(1);
  });

  it("passes the turn on once the holder's lease has run out (a process that died)", async () => {
    expect(await takeTurn(database.db, 'cleanup', 'dead', 60_000)).toBe(true);
    expect(await takeTurn(database.db, 'cleanup', 'alive', 60_000)).toBe(false);
    await database.db.update(jobLease).set({ until: new Date(Date.now() - 1) });
    expect(await takeTurn(database.db, 'cleanup', 'alive', 60_000)).toBe(true);
    expect(await takeTurn(database.db, 'cleanup', 'dead', 60_000)).toBe(false);
  });
});
