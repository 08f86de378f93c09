import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** scripts/test-times.mjs: what `npm test` prints at its end (issue 38). */
const dir = mkdtempSync(path.join(tmpdir(), 'test-times-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm test reports where its time went', () => {
  it('prints each stage, the total and the slowest files of Vitest and Playwright, slowest first', () => {
    writeFileSync(path.join(dir, 'stages.tsv'), 'Typecheck\t70\nBrowser tests\t1805\n');
    const vitest = { testResults: [{ name: path.resolve('api/slow.test.ts'), startTime: 1_000, endTime: 61_000 }, { name: path.resolve('api/quick.test.ts'), startTime: 0, endTime: 500 }] };
    writeFileSync(path.join(dir, 'vitest.json'), JSON.stringify(vitest));
    // Playwright nests describe blocks; a file's time is every result of every test in it (both projects).
    const result = (ms: number) => ({ tests: [{ results: [{ duration: ms }] }] });
    const playwright = { suites: [{ file: 'journey.spec.ts', specs: [result(40_000)], suites: [{ specs: [result(50_000)] }] }] };
    writeFileSync(path.join(dir, 'playwright.json'), JSON.stringify(playwright));

    const out = execFileSync(process.execPath, ['scripts/test-times.mjs', '--dir', dir, '--top', '2'], { encoding: 'utf8' });
    const lines = out.trim().split('\n');
    expect(lines[1]).toMatch(/^ {2}Typecheck +1:10$/);
    expect(lines[2]).toMatch(/^ {2}Browser tests +30:05$/);
    expect(lines[3]).toMatch(/^ {2}total +31:15$/);
    expect(lines[5]).toMatch(/^ +90\.0 {2}tests\/e2e\/journey\.spec\.ts \(playwright\)$/);
    expect(lines[6]).toMatch(/^ +60\.0 {2}api\/slow\.test\.ts \(vitest\)$/);
    expect(lines).toHaveLength(7);
  });
});
