import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('shares one computation among concurrent requests and reuses it', async () => {
    const cache = new ReadCache<{ runs: number }>(30_000);
    let runs = 0;
    const compute = async () => ({ runs: ++runs });
    const [a, b] = await Promise.all([cache.get('all', compute), cache.get('all', compute)]);
    expect(runs).toBe(1);
    expect(a).toBe(b);
    expect((await cache.get('all', compute)).runs).toBe(1);
  });

  it('computes again after a ticket changed or the TTL passed', async () => {
    let now = 1_000;
    const cache = new ReadCache<number>(30_000, () => now);
    let runs = 0;
    const compute = async () => ++runs;
    await cache.get('all', compute);
    cache.invalidate();
    expect(await cache.get('all', compute)).toBe(2);
    now += 30_000;
    expect(await cache.get('all', compute)).toBe(2);
    now += 1;
    expect(await cache.get('all', compute)).toBe(3);
  });

  it('keeps an answer only until its own expiry when that comes first', async () => {
    let now = 1_000;
    const cache = new ReadCache<{ n: number; nextChange: number }>(60_000, () => now);
    let runs = 0;
    const compute = async () => ({ n: ++runs, nextChange: now + 5_000 });
    const until = (value: { nextChange: number }) => value.nextChange;
    await cache.get('late', compute, until);
    now += 5_000;
    expect((await cache.get('late', compute, until)).n).toBe(1);
    now += 1;
    expect((await cache.get('late', compute, until)).n).toBe(2);
  });

  it('keeps each key apart', async () => {
    const cache = new ReadCache<string>(30_000);
    expect(await cache.get('a', async () => 'a')).toBe('a');
    expect(await cache.get('b', async () => 'b')).toBe('b');
    expect(await cache.get('a', async () => 'other')).toBe('a');
  });

  it('keeps at most its size, dropping the oldest key', async () => {
    const cache = new ReadCache<string>(30_000, Date.now, 2);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c');
    expect(await cache.get('a', async () => 'a again')).toBe('a again');
    expect(await cache.get('c', async () => 'other')).toBe('c');
  });

  it('never keeps an answer computed before a change made while it ran', async () => {
    const cache = new ReadCache<number>(30_000);
    let release!: () => void;
    const slow = () => new Promise<number>((resolve) => (release = () => resolve(1)));
    const first = cache.get('all', slow);
    cache.invalidate();
    release();
    await first;
    expect(await cache.get('all', async () => 2)).toBe(2);
  });

  it('forgets a failed computation', async () => {
    const cache = new ReadCache<number>(30_000);
    await expect(cache.get('all', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('all', async () => 7)).toBe(7);
  });
});
