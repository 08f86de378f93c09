import { describe, expect, it } from 'vitest';
import { lowerModulePreloadPriority } from './script-priority.server';

describe('lowerModulePreloadPriority', () => {
  it('marks every module preload low priority and leaves other tags alone', () => {
    const head =
      '<link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
      '<link nonce="n" rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/assets/app.css"/>';
    expect(lowerModulePreloadPriority(head)).toBe(
      '<link rel="icon" href="/favicon.svg"/><link fetchpriority="low" rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
        '<link fetchpriority="low" nonce="n" rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/assets/app.css"/>',
    );
  });

  it('keeps a priority already chosen and is idempotent', () => {
    const chosen = '<link rel="modulepreload" fetchpriority="high" href="/assets/a.js"/>';
    expect(lowerModulePreloadPriority(chosen)).toBe(chosen);
    const once = lowerModulePreloadPriority('<link rel="modulepreload" href="/assets/a.js"/>');
    expect(lowerModulePreloadPriority(once)).toBe(once);
  });
});
