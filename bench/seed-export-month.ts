// Puts N tickets into one month of the past (February 2020, outside the bulk data's
// five years) so the export benchmark measures exactly N rows.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../api/platform/db/client';

export const EXPORT_MONTH = { year: 2020, month: 2 };
const n = Number(process.argv[2] ?? 200_000);
const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data', longStatements: true });
await queryRows(handle.db, sql`delete from ticket where folio like 'X-2020-%'`);
for (let from = 1; from <= n; from += 50_000) {
  const to = Math.min(n, from + 49_999);
  await queryRows(
    handle.db,
    sql`insert into ticket (folio, type, classification_id, status_code, channel_code, description, kilometer, sector, commune,
          orientation, date_event, due_at, created_at, closed_at, closure_reason, full_name, email, phone, rut,
          calendar_id, first_answer_due_at, first_response_at, first_answer_business_ms, resolution_business_ms, first_answered_at)
        select 'X-2020-' || lpad(g::text, 7, '0'), 'CLAIM', 1 + g % 5, 'CLOSED', 'WEB', 'Bache en la pista derecha, evento ' || g,
          (g % 116)::numeric, 'Placilla', 'Valparaíso', case when g % 2 = 0 then 'NORTH_SOUTH' else 'SOUTH_NORTH' end,
          timestamptz '2020-02-01 08:00-03' + (g * 10 || ' seconds')::interval,
          timestamptz '2020-02-05 08:00-03' + (g * 10 || ' seconds')::interval,
          timestamptz '2020-02-01 08:00-03' + (g * 10 || ' seconds')::interval,
          -- One in seven closed a day after its deadline: the service-level report's breaches (issue 37).
          timestamptz '2020-02-03 08:00-03' + (g * 10 || ' seconds')::interval + case when g % 7 = 0 then interval '3 days' else interval '0' end,
          'RESOLVED', 'Persona ' || g, 'persona' || g || '@correo.demo', '+56912345678', '12345678-5',
          -- The clock's columns (decision 178): two calendars, a first-answer target on three classifications in five,
          -- answered within 1 to 30 hours, and one in ten without business times (created before calendars).
          case when g % 10 <> 0 then 1 + g % 2 end,
          case when g % 5 < 3 and g % 10 <> 0 then timestamptz '2020-02-02 08:00-03' + (g * 10 || ' seconds')::interval end,
          timestamptz '2020-02-01 09:00-03' + (g * 10 || ' seconds')::interval + (g % 30 || ' hours')::interval,
          case when g % 10 <> 0 then (g % 30 + 1) * 3600000 end,
          case when g % 10 <> 0 then (48 + g % 50) * 3600000 end,
          -- The first public answer, for those measured in business time (the others are from before calendars).
          case when g % 10 <> 0 then timestamptz '2020-02-01 09:00-03' + (g * 10 || ' seconds')::interval + (g % 30 || ' hours')::interval end
        from generate_series(${from}::int, ${to}::int) g`,
  );
}
// As autovacuum would after such a load (and the embedded database's start does).
await queryRows(handle.db, sql`analyze ticket`);
await handle.close();
console.log(`${n} tickets en ${EXPORT_MONTH.month}/${EXPORT_MONTH.year}`);
