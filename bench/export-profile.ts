// Times one monthly report export straight from the service (no HTTP), for profiling:
//   DATABASE_URL=... npx tsx bench/export-profile.ts csv|xlsx [rows]
// (or DATA_DIR=... for the embedded database). A first run against a database without that
// month seeds it and exits; run it again to measure. Prints rows/s and the memory growth.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../api/platform/db/client';
import { seedDatabase } from '../api/platform/db/seed/index';
import { writeMonthlyReport } from '../api/domain/reports/monthly';
import { csvSink, xlsxSink } from '../api/domain/reports/sinks';

const format = process.argv[2] ?? 'csv';
const rows = Number(process.argv[3] ?? 200_000);
const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? 'memory://' });
await handle.migrate();
const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from ticket where folio like 'X-2020-%'`);
if (n !== rows) {
  await seedDatabase(handle.db, { demo: false });
  const { execFileSync } = await import('node:child_process');
  await handle.close();
  execFileSync('npx', ['tsx', 'bench/seed-export-month.ts', String(rows)], { stdio: 'inherit' });
  process.exit(0);
}
let bytes = 0;
const out = new Writable({
  write(chunk, _enc, cb) {
    bytes += chunk.length;
    cb();
  },
});
const started = performance.now();
const rss0 = process.memoryUsage().rss;
let peak = rss0;
let atPeak: NodeJS.MemoryUsage | null = null;
const timer = setInterval(() => { const m = process.memoryUsage(); if (m.rss > peak) { peak = m.rss; atPeak = m; } }, 50);
await writeMonthlyReport(handle.db, 1, 2020, 2, format === 'csv' ? csvSink(out, 'excel') : xlsxSink(out, 'Eventos'), { copyOut: handle.copyOut });
clearInterval(timer);
if (process.env.SHOW_PEAK) console.log(atPeak);
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ format, rows: n, seconds: +seconds.toFixed(2), rowsPerSecond: Math.round(n / seconds), mb: +(bytes / 1e6).toFixed(1), rssGrowthMiB: Math.round((peak - rss0) / 1048576) }));
await handle.close();
