// What `npm test` spent where (issue 38): each stage's time from .test-reports/stages.tsv (written
// by scripts/test.sh, one "name<TAB>seconds" line per stage), then the slowest test files of the
// Vitest and Playwright JSON reports in .test-reports/.
//
//   node scripts/test-times.mjs [--dir .test-reports] [--top 10]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const dir = option('--dir', '.test-reports');
const top = Number(option('--top', '10'));

const minutes = (seconds) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** Seconds per test file of one report: Vitest's start and end per file, Playwright's summed results (both JavaScript modes). */
export function fileTimes(report) {
  const times = new Map();
  const add = (file, ms) => times.set(file, (times.get(file) ?? 0) + ms / 1000);
  if (Array.isArray(report.testResults)) {
    for (const result of report.testResults) add(path.relative(process.cwd(), result.name), (result.endTime ?? 0) - (result.startTime ?? 0));
  } else if (Array.isArray(report.suites)) {
    const walk = (suite, file) => {
      for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) for (const result of test.results ?? []) add(`tests/e2e/${file}`, result.duration ?? 0);
      for (const inner of suite.suites ?? []) walk(inner, file);
    };
    for (const suite of report.suites) walk(suite, suite.file ?? suite.title);
  }
  return times;
}

const lines = [];
const stagesFile = path.join(dir, 'stages.tsv');
if (existsSync(stagesFile)) {
  const stages = readFileSync(stagesFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => line.split('\t'));
  const total = stages.reduce((sum, [, seconds]) => sum + Number(seconds), 0);
  lines.push('Stage times (m:ss):');
  for (const [name, seconds] of stages) lines.push(`  ${name.padEnd(44)} ${minutes(Number(seconds)).padStart(6)}`);
  lines.push(`  ${'total'.padEnd(44)} ${minutes(total).padStart(6)}`);
}

const all = [];
for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  for (const [file, seconds] of fileTimes(report)) all.push({ file, seconds, report: name.replace(/\.json$/, '') });
}
all.sort((a, b) => b.seconds - a.seconds);
if (all.length > 0) {
  lines.push(`Slowest test files (seconds of test time; browser files sum both JavaScript modes and their workers):`);
  for (const { file, seconds, report } of all.slice(0, top)) lines.push(`  ${seconds.toFixed(1).padStart(7)}  ${file} (${report})`);
}
console.log(lines.join('\n'));
