import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = require.resolve('axe-core/axe.min.js');

/**
 * axe in every document the page opens, before the app's own scripts (Playwright's init scripts
 * are not subject to the page's CSP): injecting it for each check, as @axe-core/playwright does,
 * cost about half a second per screen, most of the accessibility suites' time.
 */
export async function preloadAxe(page: Page): Promise<void> {
  await page.addInitScript({ path: AXE_SOURCE });
}

/**
 * axe's findings on the page as it is now, one line each: every rule axe enables by default
 * (WCAG 2.2 A and AA plus best practices), or only `rules`.
 */
export async function axeViolations(page: Page, where: string, rules?: string[]): Promise<string[]> {
  // The colours a page settles on, not a frame of a transition (a pressed button, a toast coming
  // in): axe reads the computed colours of the moment it runs.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await page.evaluate(
    (runOnly) => (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, runOnly ? { runOnly } : {}),
    rules ?? null,
  );
  return results.violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
