import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** scripts/test-summary.mjs: the closing line of `npm test` and CI, and the failed tests named above it. */
const dir = mkdtempSync(path.join(tmpdir(), 'test-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, report: unknown) => {
  writeFileSync(path.join(dir, name), JSON.stringify(report));
  return path.join(dir, name);
};
const summary = (...files: string[]) => execFileSync(process.execPath, ['scripts/test-summary.mjs', ...files], { encoding: 'utf8' }).trim().split('\n');

describe('the closing summary of the suites', () => {
  it('sums every report and names each failed test, a file that did not load and a suite without a report', () => {
    const vitest = write('vitest.json', {
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [
        { name: path.resolve('api/a.test.ts'), status: 'failed', assertionResults: [{ status: 'passed', fullName: 'a works' }, { status: 'failed', fullName: 'a breaks' }] },
        { name: path.resolve('api/b.test.ts'), status: 'failed', assertionResults: [] },
      ],
    });
    const playwright = write('playwright.json', {
      stats: { expected: 5, flaky: 1, unexpected: 1 },
      suites: [{ file: 'journey.spec.ts', specs: [], suites: [{ title: 'driver', specs: [{ title: 'sends', tests: [{ status: 'unexpected', projectName: 'no-js' }, { status: 'flaky', projectName: 'js' }] }] }] }],
    });
    const lint = write('lint.json', { passed: 0, failed: 1 });
    const typecheck = write('typecheck.json', { passed: 1, failed: 0 });

    expect(summary(vitest, playwright, lint, typecheck, path.join(dir, 'replicas.json'))).toEqual([
      'Failed:',
      '  api/a.test.ts > a breaks',
      '  api/b.test.ts (did not load)',
      '  tests/e2e/journey.spec.ts > driver > sends [no-js]',
      '  lint',
      '  replicas (no report: the suite did not run)',
      '10 passed, 5 failed',
    ]);
  });

  it('prints the counts alone when everything passed', () => {
    expect(summary(write('ok.json', { passed: 2, failed: 0 }))).toEqual(['2 passed, 0 failed']);
  });
});
