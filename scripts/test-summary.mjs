// Sums the suites' JSON reports into one line: "N passed, N failed".
// Reports live in .test-reports/: Playwright empties test-results/ when it starts.
// A report that is missing (its suite could not run) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    // Vitest (Jest-compatible JSON); a file that failed to load counts too.
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.testResults ?? []).filter((r) => r.status === 'failed' && r.assertionResults?.length === 0).length;
  } else if (report.stats && 'expected' in report.stats) {
    // Playwright: flaky tests passed on retry.
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
  } else {
    passed += report.passed ?? 0;
    failed += report.failed ?? 0;
  }
}
console.log(`${passed} passed, ${failed} failed`);
