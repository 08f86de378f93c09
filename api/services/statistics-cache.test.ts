import { describe, expect, it } from 'vitest';
import type { Statistics } from '@contract/statistics';
import { StatisticsCache } from './statistics-cache';

const answer = (total: number) => ({ counters: { total } }) as unknown as Statistics;

describe('StatisticsCache', () => {
  it('shares one computation among concurrent requests and reuses it', async () => {
    const cache = new StatisticsCache();
    let runs = 0;
    const compute = async () => answer(++runs);
    const [a, b] = await Promise.all([cache.get('all', compute), cache.get('all', compute)]);
    expect(runs).toBe(1);
    expect(a).toBe(b);
    expect((await cache.get('all', compute)).counters.total).toBe(1);
  });

  it('computes again after a ticket changed or 30 seconds passed', async () => {
    let now = 0;
    const cache = new StatisticsCache(() => now);
    let runs = 0;
    const compute = async () => answer(++runs);
    await cache.get('all', compute);
    cache.invalidate();
    expect((await cache.get('all', compute)).counters.total).toBe(2);
    now += 30_001;
    expect((await cache.get('all', compute)).counters.total).toBe(3);
  });

  it('never keeps an answer computed before a change made while it ran', async () => {
    const cache = new StatisticsCache();
    let release!: () => void;
    const slow = () => new Promise<Statistics>((resolve) => (release = () => resolve(answer(1))));
    const first = cache.get('all', slow);
    cache.invalidate();
    release();
    await first;
    expect((await cache.get('all', async () => answer(2))).counters.total).toBe(2);
  });
});
