import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkBudgets } from './check.mjs';

/** `npm run bench:check` (decision 186): the pages' shares of the bare app are regression guards. */
const budgets = JSON.parse(readFileSync(new URL('budgets.json', import.meta.url), 'utf8'));
const latest = JSON.parse(readFileSync(new URL('results/latest.json', import.meta.url), 'utf8'));
const guards = (results: unknown) => checkBudgets(budgets, results).filter((c) => c.name === 'pageShareGuards');

describe('bench:check', () => {
  it('passes the recorded run: every page, the in-product floor included, is at or above its guard', () => {
    const checks = guards(latest);
    expect(checks.map((c) => c.note).sort()).toEqual(['dashboard', 'detail', 'events', 'floor', 'login', 'newEvent']);
    expect(checks.every((c) => c.status === 'ok')).toBe(true);
    expect(checkBudgets(budgets, latest).filter((c) => c.status === 'MISS')).toEqual([]);
  });

  it('fails when a page falls under its guard, naming that page', () => {
    const slower = structuredClone(latest);
    slower.pages.events.ratio = budgets.pageShareGuards.min.events - 0.01;
    const missed = guards(slower).filter((c) => c.status === 'MISS');
    expect(missed.map((c) => c.note)).toEqual(['events']);
  });

  it('guards something: a page that loses half of its recorded share fails', () => {
    for (const [page, min] of Object.entries(budgets.pageShareGuards.min as Record<string, number>)) {
      expect(min, page).toBeGreaterThan(latest.pages[page].ratio / 2);
    }
  });

  it('says a page that was not measured, instead of passing it', () => {
    const partial = structuredClone(latest);
    delete partial.pages.dashboard;
    expect(guards(partial).find((c) => c.note === 'dashboard')?.status).toBe('not measured');
  });
});
