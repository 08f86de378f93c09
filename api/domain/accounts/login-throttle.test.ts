import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../platform/db/client';
import { loginFailure } from '../../platform/db/schema';
import { ApiError } from '../../http/errors';
import { LoginThrottle } from './login-throttle';

let database: DatabaseHandle;
beforeAll(async () => {
  database = openDatabase({ dataDir: 'memory://' });
  await database.migrate();
});
afterAll(() => database.close());
beforeEach(() => database.db.delete(loginFailure));

const limits = { windowMs: 60_000, perPair: 3, perAddress: 5, perAccount: 4, perDevice: 2 };

/** The Retry-After seconds of a refused attempt, or 0 when it was admitted (and then failed). */
async function fail(throttle: LoginThrottle, account: string, address: string, device: number | null = null): Promise<number> {
  try {
    await throttle.failed(await throttle.admit(account, address, device));
    return 0;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 429) return Number(error.headers?.['retry-after']);
    throw error;
  }
}

describe('LoginThrottle', () => {
  it('refuses one account from one address after its limit, saying how long to wait', async () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(database.db, limits, () => now);
    for (let i = 0; i < 3; i++) {
      expect(await fail(throttle, 'a@x.cl', '1.1.1.1')).toBe(0);
      now += 1000;
    }
    expect(await fail(throttle, 'a@x.cl', '1.1.1.1')).toBe(57);
    now += 57_000;
    expect(await fail(throttle, 'a@x.cl', '1.1.1.1')).toBe(0);
  });

  it('is shared: a second process on the same database sees the first one’s failures', async () => {
    const one = new LoginThrottle(database.db, limits);
    const other = new LoginThrottle(database.db, limits);
    for (let i = 0; i < 3; i++) await fail(one, 'a@x.cl', '1.1.1.1');
    expect(await fail(other, 'a@x.cl', '1.1.1.1')).toBeGreaterThan(0);
  });

  it('forgets a pair’s failures after the right secret from that address, and gives the slot back', async () => {
    const throttle = new LoginThrottle(database.db, limits);
    for (let i = 0; i < 2; i++) await fail(throttle, 'a@x.cl', '1.1.1.1');
    await throttle.succeeded(await throttle.admit('a@x.cl', '1.1.1.1'));
    expect(await throttle.failuresOf('a@x.cl')).toBe(0);
    for (let i = 0; i < 2; i++) expect(await fail(throttle, 'a@x.cl', '1.1.1.1')).toBe(0);
  });

  it('limits one address across accounts', async () => {
    const throttle = new LoginThrottle(database.db, limits);
    for (let i = 0; i < 5; i++) await fail(throttle, `u${i}@x.cl`, '9.9.9.9');
    expect(await fail(throttle, 'other@x.cl', '9.9.9.9')).toBeGreaterThan(0);
    expect(await fail(throttle, 'other@x.cl', '8.8.8.8')).toBe(0);
  });

  it('limits one account across every address, but not its known device, which has a limit of its own', async () => {
    const throttle = new LoginThrottle(database.db, limits);
    for (let i = 0; i < 4; i++) expect(await fail(throttle, 'admin@x.cl', `10.0.0.${i}`)).toBe(0);
    // A fifth address, never seen: refused, with no wait in the request itself.
    expect(await fail(throttle, 'admin@x.cl', '10.0.0.99')).toBeGreaterThan(0);
    // The owner's browser (device 7) still gets its tries, two of them.
    expect(await fail(throttle, 'admin@x.cl', '10.0.0.99', 7)).toBe(0);
    expect(await fail(throttle, 'admin@x.cl', '10.0.0.99', 7)).toBe(0);
    expect(await fail(throttle, 'admin@x.cl', '10.0.0.99', 7)).toBeGreaterThan(0);
    // Another known device is not locked by the first one's failures.
    expect(await fail(throttle, 'admin@x.cl', '10.0.0.99', 8)).toBe(0);
  });

  it('admits no more than the limit among parallel attempts, whatever their addresses', async () => {
    const throttle = new LoginThrottle(database.db, limits);
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => fail(throttle, 'admin@x.cl', `10.1.0.${i}`)));
    expect(outcomes.filter((wait) => wait === 0)).toHaveLength(limits.perAccount);
    const pair = await Promise.all(Array.from({ length: 40 }, () => fail(throttle, 'b@x.cl', '10.2.0.1')));
    expect(pair.filter((wait) => wait === 0)).toHaveLength(limits.perPair);
  });
});
