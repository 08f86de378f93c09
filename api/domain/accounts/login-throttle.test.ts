import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../platform/db/client';
import { loginFailure } from '../../platform/db/schema';
import { LoginThrottle } from './login-throttle';

let database: DatabaseHandle;
beforeAll(async () => {
  database = openDatabase({ dataDir: 'memory://' });
  await database.migrate();
});
afterAll(() => database.close());
beforeEach(() => database.db.delete(loginFailure));

const limits = { windowMs: 60_000, perPair: 3, perAddress: 5, accountSlowAfter: 4, firstDelayMs: 100, maxDelayMs: 1_000 };

describe('LoginThrottle', () => {
  it('refuses one account from one address after its limit, saying how long to wait', async () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(database.db, limits, () => now);
    for (let i = 0; i < 3; i++) {
      expect((await throttle.check('a@x.cl', '1.1.1.1')).retryAfterSeconds).toBe(0);
      await throttle.recordFailure('a@x.cl', '1.1.1.1');
      now += 1000;
    }
    expect((await throttle.check('a@x.cl', '1.1.1.1')).retryAfterSeconds).toBe(57);
    // The owner, from their own address, is not refused.
    expect((await throttle.check('a@x.cl', '2.2.2.2')).retryAfterSeconds).toBe(0);
    now += 57_000;
    expect((await throttle.check('a@x.cl', '1.1.1.1')).retryAfterSeconds).toBe(0);
  });

  it('is shared: a second process on the same database sees the first one’s failures', async () => {
    const one = new LoginThrottle(database.db, limits);
    const other = new LoginThrottle(database.db, limits);
    for (let i = 0; i < 3; i++) await one.recordFailure('a@x.cl', '1.1.1.1');
    expect((await other.check('a@x.cl', '1.1.1.1')).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('forgets a pair’s failures after the right password from that address', async () => {
    const throttle = new LoginThrottle(database.db, limits);
    for (let i = 0; i < 2; i++) await throttle.recordFailure('a@x.cl', '1.1.1.1');
    await throttle.recordSuccess('a@x.cl', '1.1.1.1');
    for (let i = 0; i < 2; i++) await throttle.recordFailure('a@x.cl', '1.1.1.1');
    expect((await throttle.check('a@x.cl', '1.1.1.1')).retryAfterSeconds).toBe(0);
  });

  it('limits one address across accounts', async () => {
    const throttle = new LoginThrottle(database.db, limits);
    for (let i = 0; i < 5; i++) await throttle.recordFailure(`u${i}@x.cl`, '9.9.9.9');
    expect((await throttle.check('other@x.cl', '9.9.9.9')).retryAfterSeconds).toBeGreaterThan(0);
    expect((await throttle.check('other@x.cl', '8.8.8.8')).retryAfterSeconds).toBe(0);
  });

  it('never locks an account attacked from many addresses: its checks slow down, progressively and capped', async () => {
    const throttle = new LoginThrottle(database.db, limits);
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      await throttle.recordFailure('admin@x.cl', `10.0.0.${i}`);
      const verdict = await throttle.check('admin@x.cl', '192.0.2.1');
      expect(verdict.retryAfterSeconds).toBe(0);
      delays.push(verdict.delayMs);
    }
    expect(delays).toEqual([0, 0, 0, 100, 200, 400, 800, 1000, 1000, 1000]);
  });
});
