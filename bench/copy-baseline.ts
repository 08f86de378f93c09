// PostgreSQL's own COPY of the detail report's month, to nowhere: the rate an export through the
// API is compared with (bench/run.mjs, budget csvShareOfCopy). Prints one JSON line:
//   DATABASE_URL=... npx tsx bench/copy-baseline.ts <rows>
// `formatted` is the export's own query (api/domain/reports/detail-report.ts) in the binary
// COPY the API reads; `plain` is the same rows' columns as they are stored, in COPY's CSV.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../api/platform/db/client';
import { classification, profile, ticket } from '../api/platform/db/schema';
import { detailCsvQuery, orientationNames } from '../api/domain/reports/detail-report';
import { monthRange } from '../api/domain/reports/monthly';

const rows = Number(process.argv[2] ?? 200_000);
const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'unused' });
if (!handle.copyOut) throw new Error('DATABASE_URL must name a PostgreSQL database');
// The month bench/seed-export-month.ts fills (importing it would run it).
const range = monthRange(2020, 2);

async function rate(query: ReturnType<typeof sql>, options: string): Promise<number> {
  const started = performance.now();
  for await (const chunk of await handle.copyOut!(query, options)) void chunk;
  return Math.round(rows / ((performance.now() - started) / 1000));
}

const plain = sql`select ${ticket}.*, ${classification.name}, "assignee"."first_name", "assignee"."last_name"
  from ${ticket} join ${classification} on ${classification.id} = ${ticket.classificationId}
  left join ${profile} as "assignee" on "assignee"."id" = ${ticket.assignedToId}
  where ${ticket.createdAt} >= ${range.from} and ${ticket.createdAt} < ${range.to}
  order by ${ticket.createdAt} asc nulls first, ${ticket.id} asc nulls first`;
const formatted = detailCsvQuery(range, 'excel', new Date(), { maskRut: false }, await orientationNames(handle.db));
const result = { formattedRowsPerSecond: 0, plainRowsPerSecond: 0 };
// Best of two, as the export itself is measured.
for (let i = 0; i < 2; i++) {
  result.formattedRowsPerSecond = Math.max(result.formattedRowsPerSecond, await rate(formatted, 'format binary'));
  result.plainRowsPerSecond = Math.max(result.plainRowsPerSecond, await rate(plain, 'format csv'));
}
console.log(JSON.stringify(result));
await handle.close();
