// The suite-wide log check (docs/decisions/145-logs-keep-the-cause-not-the-person.md): every process
// the test suites start appends what it writes to a file of .test-reports/logs/ (playwright.config.ts,
// tests/e2e/processes.ts, tests/replicas/cluster.ts). This reads them all and fails, naming the file
// and the line, on a line that is not a JSON object with its `service`, or that holds a demo
// person's name, RUT, phone or e-mail (taken from the seed module, api/platform/db/seed) or
// anything contract/personal-data.mjs would have scrubbed (an address, a RUT, a phone, a token).
//
//   node scripts/check-logs.mjs [--dir .test-reports/logs] [--out .test-reports/logs-check.json]
//
// Writes {"passed": clean files, "failed": files with a finding} for scripts/test-summary.mjs.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scrubPersonalData } from '../contract/personal-data.mjs';

/** 56912345678 as people read it: +56 9 1234 5678 (contract/phone.ts formatPhone). */
function formattedPhone(phone) {
  const digits = phone.replace(/^\+56/, '');
  return digits.length === 9 ? `+56 ${digits[0]} ${digits.slice(1, 5)} ${digits.slice(5)}` : phone;
}

/** 12345678-5 with its dots: 12.345.678-5. */
function dottedRut(rut) {
  const [body, check] = rut.split('-');
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${check}`;
}

/** What to look for, each with the kind of datum it is: a person's name, e-mail, RUT (both ways) and phone (both ways). */
export function needlesOf(people) {
  const needles = new Map();
  for (const person of people) {
    needles.set(person.fullName, 'name');
    needles.set(person.email.toLowerCase(), 'e-mail');
    if (person.rut) {
      needles.set(person.rut, 'RUT');
      needles.set(dottedRut(person.rut), 'RUT');
    }
    if (person.phone) {
      needles.set(person.phone, 'phone');
      needles.set(formattedPhone(person.phone), 'phone');
    }
  }
  return needles;
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The findings of one log's text: `{ line, reason }` for each line that is not a JSON object with a
 * `service`, holds one of `needles` (from `needlesOf`), or holds what the scrubber would replace.
 * Also counts the lines at info level (30) or below: proof the check read a verbose log.
 */
export function checkLogText(text, needles) {
  const pattern = needles.size > 0 ? new RegExp([...needles.keys()].sort((a, b) => b.length - a.length).map(escape).join('|'), 'i') : null;
  const findings = [];
  let infoLines = 0;
  let lines = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd();
    if (!line) return;
    lines++;
    const at = index + 1;
    let parsed;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || typeof parsed.service !== 'string') {
      findings.push({ line: at, reason: `not a JSON line with its service: ${scrubPersonalData(line).slice(0, 80)}` });
    } else if (typeof parsed.level === 'number' && parsed.level <= 30) {
      infoLines++;
    }
    const match = pattern?.exec(line);
    if (match) {
      const kind = needles.get(match[0]) ?? needles.get(match[0].toLowerCase()) ?? 'datum';
      findings.push({ line: at, reason: `a demo person's ${kind} (${match[0].slice(0, 3)}…)` });
    } else if (scrubPersonalData(line) !== line) {
      findings.push({ line: at, reason: 'personal data the logger should have scrubbed (an e-mail, a RUT, a phone or a token)' });
    }
  });
  return { findings, infoLines, lines };
}

/** Every `.log` file of `dir`: per file its findings, and the totals. */
export function checkLogs({ dir, people }) {
  const needles = needlesOf(people);
  let names = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.log')).sort();
  } catch {
    names = [];
  }
  const files = names.map((name) => ({ file: path.join(dir, name), ...checkLogText(readFileSync(path.join(dir, name), 'utf8'), needles) }));
  const problems = [];
  if (files.length === 0) problems.push(`no log files in ${dir}: no suite wrote its processes' output there`);
  else if (!files.some((f) => f.infoLines > 0)) problems.push(`no line at level info in ${dir}: the check read only quiet logs`);
  return {
    files,
    problems,
    passed: files.filter((f) => f.findings.length === 0).length,
    failed: files.filter((f) => f.findings.length > 0).length + problems.length,
  };
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const dir = option('--dir', '.test-reports/logs');
  const out = option('--out', '.test-reports/logs-check.json');
  // The seed module is TypeScript: loaded through tsx, as the people the demo data names.
  const { register } = await import('tsx/esm/api');
  register();
  const seed = await import('../api/platform/db/seed/index.ts');
  const result = checkLogs({ dir, people: seed.demoPeople() });
  for (const { file, findings } of result.files) {
    for (const { line, reason } of findings.slice(0, 20)) console.log(`${file}:${line}: ${reason}`);
    if (findings.length > 20) console.log(`${file}: … and ${findings.length - 20} more`);
  }
  for (const problem of result.problems) console.log(problem);
  const lines = result.files.reduce((sum, f) => sum + f.lines, 0);
  console.log(`Logs: ${result.files.length} files, ${lines} lines; ${result.failed === 0 ? 'every line JSON, no personal data' : `${result.failed} failing`}.`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ passed: result.passed, failed: result.failed }));
  process.exitCode = result.failed === 0 ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
