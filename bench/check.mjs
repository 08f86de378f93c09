// `npm run bench:check`: the last results (bench/results/latest.json) against bench/budgets.json; fails on any
// miss. `checkBudgets` is the comparison, tested in bench/check.test.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PRODUCT_PAGES = ['login', 'dashboard', 'events', 'detail', 'newEvent'];

/** Each budget's verdict: ok, MISS, not measured or not applicable, with the value and the limit. */
export function checkBudgets(budgets, r) {
  const checks = [];
  const check = (name, value, { min, max } = budgets[name], note = '') => {
    if (value === undefined || value === null) return checks.push({ name, status: 'not measured', note });
    const ok = (min === undefined || value >= min) && (max === undefined || value <= max);
    checks.push({ name, status: ok ? 'ok' : 'MISS', value, limit: min !== undefined ? `>= ${min}` : `<= ${max}`, note });
  };

  // Regression guards on each page's share of the bare React Router app, the in-product empty page (floor) included
  // (docs/decisions/186-page-shares-as-regression-guards.md).
  for (const [page, min] of Object.entries(budgets.pageShareGuards.min)) check('pageShareGuards', r.pages[page]?.ratio, { min }, page);
  for (const [page, w] of Object.entries(r.weight)) {
    // The bare app and the in-product floor are the benchmark's yardsticks, not screens anyone opens.
    if (!PRODUCT_PAGES.includes(page)) continue;
    check('jsGzipBytes', w.jsGzip, budgets.jsGzipBytes, page);
    check('htmlCssGzipBytes', w.htmlGzip + w.cssGzip, budgets.htmlCssGzipBytes, page);
  }
  for (const [page, l] of Object.entries(r.lighthouse)) {
    check('lighthousePerformance', l.performance, budgets.lighthousePerformance, page);
    check('lighthouseAccessibility', l.accessibility, budgets.lighthouseAccessibility, page);
    check('lighthouseBestPractices', l.bestPractices, budgets.lighthouseBestPractices, page);
  }
  for (const [page, l] of Object.entries(r.lighthouse3g ?? {})) check('lcp3gMs', l.lcpMs, budgets.lcp3gMs, `driver ${page}`);
  if (r.database === 'postgres' && r.tickets >= 1_000_000) check('apiListPage0P95Ms', r.api.listPage0?.p95);
  else checks.push({ name: 'apiListPage0P95Ms', status: 'not applicable', note: 'needs PostgreSQL and --million' });
  // Issue 36 (decision 170): a search of several words and of a folio's short number, page 0.
  if (r.database === 'postgres' && r.tickets >= 1_000_000) {
    check('apiListSearchP95Ms', r.api.searchWords?.p95, budgets.apiListSearchP95Ms, 'several words');
    check('apiListSearchP95Ms', r.api.searchShortFolio?.p95, budgets.apiListSearchP95Ms, 'short folio');
  } else checks.push({ name: 'apiListSearchP95Ms', status: 'not applicable', note: 'needs PostgreSQL and --million' });
  if (r.exportRows >= 200_000) {
    check('xlsxExportMemoryMiB', r.exports.xlsx?.memoryGrowthMiB);
    check('xlsxFirstByteMs', r.exports.xlsx?.firstByteMs);
    check('xlsxRowsPerSecond', r.exports.xlsx?.rowsPerSecond);
  }
  // Issue 37 (decision 183): the service-level report of a month of 200,000 events on PostgreSQL.
  if (r.database === 'postgres' && r.exportRows >= 200_000) {
    check('serviceLevelFirstByteMs', r.serviceLevel?.api?.firstByteMs, budgets.serviceLevelFirstByteMs, 'JSON');
    check('serviceLevelFirstByteMs', r.serviceLevel?.xlsx?.firstByteMs, budgets.serviceLevelFirstByteMs, 'XLSX');
    check('serviceLevelFirstByteMs', r.serviceLevel?.page?.firstByteMs, budgets.serviceLevelFirstByteMs, 'page');
    check('serviceLevelPageMs', r.serviceLevel?.page?.totalMs);
  } else checks.push({ name: 'serviceLevelFirstByteMs', status: 'not applicable', note: 'needs PostgreSQL and at least 200k events in the month' });
  if (r.database === 'postgres' && r.tickets >= 1_000_000) check('apiListLateP95Ms', r.api.listLate?.p95);
  else checks.push({ name: 'apiListLateP95Ms', status: 'not applicable', note: 'needs PostgreSQL and --million' });
  if (r.database === 'postgres') check('csvShareOfCopy', r.exports.csv?.shareOfCopy);
  else checks.push({ name: 'csvShareOfCopy', status: 'not applicable', note: 'needs PostgreSQL (the embedded database has no COPY to a client)' });
  // Issue 35 (docs/decisions/159-upload-budgets.md). The raw file without JavaScript is recorded, not budgeted.
  check('photoRegular3gJsSeconds', r.uploads?.withJs?.seconds);
  check('resumeExtraBytesShare', r.uploads?.resume?.cutAtHalf?.extraShare);

  return checks;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const checks = checkBudgets(JSON.parse(readFileSync('bench/budgets.json', 'utf8')), JSON.parse(readFileSync('bench/results/latest.json', 'utf8')));
  for (const c of checks) console.log(`${c.status.padEnd(14)} ${c.name}${c.note ? ` (${c.note})` : ''}${c.value !== undefined ? `: ${c.value} ${c.limit}` : ''}`);
  const misses = checks.filter((c) => c.status === 'MISS').length;
  console.log(misses === 0 ? 'All budgets met.' : `${misses} budget(s) missed.`);
  process.exit(misses === 0 ? 0 : 1);
}
