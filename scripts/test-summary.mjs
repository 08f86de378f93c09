// Sums the suites' JSON reports into one line: "N passed, N failed", and names each failed test above it,
// so the last lines of a CI log say what failed (the log's tail is what reaches us).
// Reports live in .test-reports/: Playwright empties test-results/ when it starts.
// A report that is missing (its suite could not run) counts as one failure.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Passed and failed counts of one report, and the failed tests' names ("file > title"). */
export function summarize(report, file) {
  const failures = [];
  if ('numPassedTests' in report) {
    // Vitest (Jest-compatible JSON); a file that failed to load counts too.
    let loadFailures = 0;
    for (const result of report.testResults ?? []) {
      const name = path.relative(process.cwd(), result.name ?? '');
      if (result.status === 'failed' && (result.assertionResults?.length ?? 0) === 0) {
        loadFailures += 1;
        failures.push(`${name} (did not load)`);
      }
      for (const test of result.assertionResults ?? []) if (test.status === 'failed') failures.push(`${name} > ${test.fullName ?? test.title}`);
    }
    return { passed: report.numPassedTests, failed: report.numFailedTests + loadFailures, failures };
  }
  if (report.stats && 'expected' in report.stats) {
    // Playwright: flaky tests passed on retry and count as passed.
    const walk = (suite, specFile, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === 'unexpected') failures.push(`tests/e2e/${specFile} > ${[...titles, spec.title].join(' > ')} [${test.projectName}]`);
        }
      }
      for (const inner of suite.suites ?? []) walk(inner, specFile, [...titles, inner.title]);
    };
    for (const suite of report.suites ?? []) walk(suite, suite.file ?? suite.title, []);
    return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, failures };
  }
  const failed = report.failed ?? 0;
  return { passed: report.passed ?? 0, failed, failures: failed > 0 ? [path.basename(file, '.json')] : [] };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const file of process.argv.slice(2)) {
    if (!existsSync(file)) {
      failed += 1;
      failures.push(`${path.basename(file, '.json')} (no report: the suite did not run)`);
      continue;
    }
    const one = summarize(JSON.parse(readFileSync(file, 'utf8')), file);
    passed += one.passed;
    failed += one.failed;
    failures.push(...one.failures);
  }
  if (failures.length > 0) console.log(`Failed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
  console.log(`${passed} passed, ${failed} failed`);
}
