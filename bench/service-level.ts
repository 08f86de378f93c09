// The service-level report's budgets at a chosen size (issue 37, decision 183), without the whole bench:
// the month that bench/seed-export-month.ts filled, computed as the API does. Prints one JSON line:
// the JSON answer's time (the API sends it whole once computed: its first byte), and the file's first
// byte and whole time through the CSV and XLSX sinks into a reader that takes everything at once.
//   DATABASE_URL=… npx tsx bench/service-level.ts
import { PassThrough } from 'node:stream';
import { openDatabase, queryRows } from '../api/platform/db/client';
import { sql } from 'drizzle-orm';
import { monthRange, writeMonthlyReport } from '../api/domain/reports/monthly';
import { computeServiceLevel } from '../api/domain/reports/service-level';
import { csvSink, xlsxSink } from '../api/domain/reports/sinks';
import { SERVICE_LEVEL_REPORT } from '../contract/report';

const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data', longStatements: true });
/** bench/seed-export-month.ts's EXPORT_MONTH (that script seeds when imported). */
const { year, month } = { year: 2020, month: 2 };
const range = monthRange(year, month);
const [count] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from ticket where created_at >= ${range.from} and created_at < ${range.to}`);

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, Math.round(performance.now() - started)];
}

// Warm the caches once, as a running API would be.
await computeServiceLevel(handle.db, year, month, range);
const [json, jsonMs] = await timed(() => computeServiceLevel(handle.db, year, month, range));

async function file(format: 'csv' | 'xlsx') {
  const out = new PassThrough();
  const started = performance.now();
  let firstByte: number | null = null;
  let bytes = 0;
  out.on('data', (chunk: Buffer) => {
    // The BOM is written before anything is computed: the first byte that says something is the next one.
    if (bytes > 3) firstByte ??= performance.now() - started;
    bytes += chunk.length;
  });
  const sink = format === 'csv' ? csvSink(out, 'excel') : xlsxSink(out, 'Niveles de servicio');
  await writeMonthlyReport(handle.db, SERVICE_LEVEL_REPORT, year, month, sink, {});
  return { firstByteMs: Math.round(firstByte ?? 0), totalMs: Math.round(performance.now() - started), megabytes: Math.round((bytes / 1e6) * 10) / 10 };
}
const csv = await file('csv');
const xlsx = await file('xlsx');
console.log(JSON.stringify({ rows: count!.n, breaches: json.breachCount, jsonMs, csv, xlsx }));
await handle.close();
