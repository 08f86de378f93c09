import { sql } from 'drizzle-orm';
import { pathToFileURL } from 'node:url';
import { CHANNELS } from '@contract/ticket-codes';
import { rutCheckDigit } from '@contract/rut';
import { openDatabase, queryRows, type Database } from '../client';
import { hashPassword } from '../../../domain/accounts/passwords';
import { DEMO_PASSWORD, seedDatabase } from './index';
import { mulberry32 } from './demo-tickets';

/**
 * Many tickets fast, for measuring lists at scale (1M rows in a few minutes on
 * PostgreSQL): one INSERT ... SELECT generate_series per batch, values drawn from a
 * hash of the row number, so the same n always gives the same data.
 *
 * Shape: spread evenly over the last 5 years, ids in time order. Tickets older than
 * 30 days are closed but for 0.5% left in progress (late); recent ones cover every
 * status; 5% of closed ones were closed unassigned (not applicable). 30% are reported by registered drivers (20 bulk operators and 500 bulk
 * drivers are added, password Demo-2026). Each carries its classification's calendar, its first-answer deadline
 * and the business time its answer and closing took (issue 37), deadlines stretched by the calendar's open share
 * of the week. Expects the reference data (seedDatabase).
 */
export type BulkOptions = { now?: Date; batchSize?: number; history?: boolean };

const YEARS = 5;
const BULK_OPERATORS = 20;
const BULK_DRIVERS = 500;

const descriptions = [
  'Se me cobró dos veces el peaje al pasar por la plaza.',
  'Bache de gran tamaño en la pista derecha, dañó mi neumático.',
  'La atención en la caseta fue lenta y no había vuelto.',
  'Señalética caída antes de la salida, casi pierdo el desvío.',
  'Piedra desprendida rompió el parabrisas de mi vehículo.',
  'Sería útil más iluminación en el acceso al túnel.',
  'Propongo agregar un paradero de descanso con baños.',
  'Choque por alcance entre dos vehículos, sin lesionados aparentes.',
  'Neumático en medio de la pista central.',
  'Camión detenido en la berma con balizas.',
  'Perro suelto cruzando la calzada.',
  'Humo en la faja vial junto a la carretera.',
];
const firstNames = ['Camila', 'Matías', 'Valentina', 'Benjamín', 'Javiera', 'Vicente', 'Fernanda', 'Joaquín', 'Catalina', 'Tomás'];
const lastNames = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda'];

/** People tickets can point at; bulk accounts share one password hash so no hashing per row. */
async function ensureBulkProfiles(db: Database): Promise<{ staff: string[]; drivers: string[] }> {
  const [existing] = await queryRows<{ password_hash: string }>(
    db,
    sql`select password_hash from profile where email = 'conductor@concesion.demo' limit 1`,
  );
  const passwordHash = existing?.password_hash ?? (await hashPassword(DEMO_PASSWORD));
  const add = (role: string, prefix: string, count: number) => sql`
    insert into profile (email, password_hash, first_name, last_name, profile_code)
    select ${prefix} || g || '@bulk.demo', ${passwordHash}, ${role === 'OPERATOR' ? 'Operador' : 'Conductor'}, 'Masivo ' || g, ${role}
    from generate_series(1, ${count}) g
    where not exists (select 1 from profile p where p.email = ${prefix} || g || '@bulk.demo' and p.deleted_at is null)`;
  await db.execute(add('OPERATOR', 'operador', BULK_OPERATORS));
  await db.execute(add('DRIVER', 'conductor', BULK_DRIVERS));
  const ids = async (roles: string[]) =>
    (
      await queryRows<{ id: string }>(
        db,
        sql`select id from profile where profile_code in (${sql.join(roles.map((r) => sql`${r}`), sql`, `)})
            and deleted_at is null order by email`,
      )
    ).map((r) => r.id);
  return { staff: await ids(['OPERATOR', 'SUPERVISOR', 'ADMIN']), drivers: await ids(['DRIVER']) };
}

/** Pools drawn from by index: valid RUTs and Chilean phones made once in JS. */
function pools() {
  const rand = mulberry32(1_000_000);
  const people = Array.from({ length: 997 }, (_, i) => {
    const first = firstNames[i % firstNames.length]!;
    const last = lastNames[Math.floor(i / firstNames.length) % lastNames.length]!;
    const body = 8_000_000 + Math.floor(rand() * 15_000_000);
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}${i}@correo.demo`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
      rut: `${body}-${rutCheckDigit(body)}`,
      phone: `+569${String(10_000_000 + Math.floor(rand() * 89_999_999))}`,
    };
  });
  return people;
}

export async function seedBulkTickets(db: Database, n: number, options: BulkOptions = {}): Promise<void> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 50_000;
  const { staff, drivers } = await ensureBulkProfiles(db);
  const classes = await queryRows<{ id: number }>(db, sql`select id from classification where active order by id`);
  if (classes.length === 0 || staff.length === 0) throw new Error('seedBulkTickets: run seedDatabase first');
  const [range] = await queryRows<{ max: string }>(db, sql`select max(km_to)::text as max from road_segment`);
  const maxKm = Number(range?.max ?? 100);

  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const classIds = json(classes.map((c) => c.id));
  const staffIds = json(staff);
  const driverIds = json(drivers);
  const people = json(pools());
  const texts = json(descriptions);
  const channels = json(CHANNELS.filter((c) => c !== 'WEB'));
  const span = YEARS * 365 * 86_400;
  const hash = (k: number) => sql.raw(`abs(hashint8(g * 16 + ${k}))`);
  const fraction = (k: number) => sql.raw(`(abs(hashint8(g * 16 + ${k}))::float8 / 2147483648)`);

  for (let start = 1; start <= n; start += batchSize) {
    const end = Math.min(n, start + batchSize - 1);
    const history = options.history === false
      ? sql`select count(*) from ins`
      : sql`insert into ticket_history (ticket_id, actor_id, actor_name, action, changes, created_at)
            select id, created_by_id, 'Carga masiva', 'CREATED', '{}'::jsonb, created_at from ins`;
    await db.execute(sql`
      with base as (
        select g, nextval(pg_get_serial_sequence('ticket', 'id')) as id,
          ${now}::timestamptz - ((${n}::float8 - g) / ${n} * ${span}) * interval '1 second' as created_at,
          ${hash(1)} % ${classes.length} as ci, ${fraction(2)} as r_status, ${hash(3)} % ${staff.length} as si,
          ${fraction(4)} as r_reporter, ${hash(5)} % ${drivers.length} as di, ${fraction(6)} as r_km,
          ${fraction(7)} as r_side, ${fraction(8)} as r_time, ${hash(9)} % 997 as pi, ${hash(10)} % ${descriptions.length} as ti,
          ${hash(11)} % 4 as chi
        from generate_series(${start}::int, ${end}::int) g
      ), shaped as (
        select b.*, c.id as classification_id, c.type, c.sla_hours, c.first_answer_hours, c.calendar_id,
          -- Real hours per business hour of the classification's calendar (decision 178): 1 around the clock;
          -- on business hours, a week's 168 h over its open hours (Monday to Friday 08:30–18:00: 47.5 h).
          case when cal.around_the_clock then 1.0
            else 168.0 / greatest(1, cardinality(cal.days) * (cal.closes - cal.opens) / 60.0) end as stretch,
          round((b.r_km * ${maxKm})::numeric, 1) as kilometer,
          case when b.created_at < ${now}::timestamptz - interval '30 days'
            then case when b.r_status < 0.995 then 'CLOSED' else 'IN_PROGRESS' end
            else case when b.r_status < 0.2 then 'NEW' when b.r_status < 0.35 then 'ASSIGNED'
              when b.r_status < 0.55 then 'IN_PROGRESS' when b.r_status < 0.65 then 'ON_HOLD' else 'CLOSED' end
          end as status_code,
          case when b.r_reporter < 0.3 then (${driverIds} ->> b.di::int)::uuid end as reporter_id,
          ${people} -> b.pi::int as person
        from base b join classification c on c.id = (${classIds} ->> b.ci::int)::int
          join business_calendar cal on cal.id = c.calendar_id
      ), ins as (
        insert into ticket (id, folio, type, classification_id, status_code, channel_code, description, kilometer,
          sector, commune, orientation, date_event, reporter_id, created_by_id, assigned_to_id, real_address, email,
          full_name, phone, rut, due_at, paused_at, first_response_at, closed_at, closure_reason, created_at, updated_at,
          calendar_id, first_answer_due_at, first_answer_business_ms, resolution_business_ms, first_answered_at)
        select s.id,
          (case s.type when 'CLAIM' then 'R' when 'SUGGESTION' then 'S' else 'I' end) || '-' ||
            to_char(s.created_at at time zone 'America/Santiago', 'YYYY') || '-' || lpad(s.id::text, 6, '0'),
          s.type, s.classification_id, s.status_code,
          case when s.reporter_id is not null then 'WEB' else ${channels} ->> s.chi::int end,
          ${texts} ->> s.ti::int, s.kilometer, seg.sector, seg.commune,
          case when s.r_side < 0.5 then 'NORTH_SOUTH' else 'SOUTH_NORTH' end,
          s.created_at - s.r_time * interval '6 hours',
          s.reporter_id, coalesce(s.reporter_id, (${staffIds} ->> s.si::int)::uuid),
          case when s.status_code <> 'NEW' and not (s.status_code = 'CLOSED' and s.r_side >= 0.95)
            then (${staffIds} ->> s.si::int)::uuid end,
          null, s.person ->> 'email', s.person ->> 'name', s.person ->> 'phone', s.person ->> 'rut',
          s.created_at + s.sla_hours * s.stretch * interval '1 hour',
          case when s.status_code = 'ON_HOLD' then least(${now}::timestamptz, s.created_at + s.r_time * s.sla_hours * s.stretch * interval '30 minutes') end,
          s.first_response_at,
          s.closed_at,
          case when s.status_code = 'CLOSED' then case when s.r_side < 0.85 then 'RESOLVED' when s.r_side < 0.95 then 'DUPLICATE' else 'NOT_APPLICABLE' end end,
          s.created_at, s.created_at,
          -- The clock's columns as H1's lifecycle fills them (decision 178): the calendar, the first-answer deadline
          -- (none without a target) and the business time each step took, real time over the calendar's stretch.
          s.calendar_id,
          s.created_at + s.first_answer_hours * s.stretch * interval '1 hour',
          round(extract(epoch from s.first_response_at - s.created_at) * 1000 / s.stretch)::bigint,
          round(extract(epoch from s.closed_at - s.created_at) * 1000 / s.stretch)::bigint,
          s.first_response_at
        from (select shaped.*,
            case when status_code <> 'NEW' then least(${now}::timestamptz, created_at + r_time * sla_hours * stretch * interval '30 minutes') end as first_response_at,
            case when status_code = 'CLOSED' then least(${now}::timestamptz, created_at + r_time * sla_hours * stretch * interval '78 minutes') end as closed_at
          from shaped) s
        cross join lateral (
          select r.sector, r.commune from road_segment r where r.km_from <= s.kilometer order by r.km_from desc limit 1
        ) seg
        returning id, created_by_id, created_at
      )
      ${history}`);
  }
  // Fresh statistics and a visibility map, so plans and index-only scans match a lived-in database.
  await db.execute(sql`vacuum analyze ticket`);
  await db.execute(sql`analyze ticket_history`);
  await db.execute(sql`analyze ticket_counter`);
}

/** npx tsx api/platform/db/seed/bulk.ts 1000000 (DATABASE_URL, or the embedded database in DATA_DIR). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const n = Number(process.argv[2] ?? 100_000);
  const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data', longStatements: true });
  const started = Date.now();
  await handle.migrate();
  await seedDatabase(handle.db, { demo: true, demoTickets: 0 });
  await seedBulkTickets(handle.db, n);
  console.log(`${n} tickets in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await handle.close();
}
