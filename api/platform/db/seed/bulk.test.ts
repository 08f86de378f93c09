import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeRut } from '@contract/rut';
import { SEARCH_COUNT_CAP, TOTAL_COUNT_CAP, ticketListResponseSchema } from '@contract/ticket-list';
import { queryRows } from '../client';
import { bearer, createTestApi, signIn, type TestApi } from '../../../test/helper';
import { counterDrift } from '../../../test/tickets';
import { seedBulkTickets } from './bulk';

const N = 1_500;
let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  // Claims on business hours with a first-answer target of 24 business hours (decision 178); the rest around the clock.
  await api.database.db.execute(sql`update classification set calendar_id = 2, first_answer_hours = 24 where type = 'CLAIM'`);
  await seedBulkTickets(api.database.db, N, { batchSize: 600 });
  token = await signIn(api.app, 'supervisor@concesion.demo');
}, 180_000);
afterAll(() => api.close());

const list = async (qs: string) => {
  const response = await api.app.inject({ method: 'GET', url: `/api/ticket/list/all?${qs}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return ticketListResponseSchema.parse(response.json().payload);
};

describe('seedBulkTickets', () => {
  it('inserts n tickets with valid folios, RUTs and phones, and a CREATED entry each', async () => {
    const [row] = await queryRows<{ tickets: number; history: number; bad_folio: number; distinct_folio: number }>(
      api.database.db,
      sql`select count(*)::int as tickets,
            (select count(*)::int from ticket_history) as history,
            count(*) filter (where folio !~ '^[RSI]-[0-9]{4}-[0-9]{6,}$')::int as bad_folio,
            count(distinct folio)::int as distinct_folio
          from ticket`,
    );
    expect(row).toEqual({ tickets: N, history: N, bad_folio: 0, distinct_folio: N });
    const people = await queryRows<{ rut: string; phone: string }>(api.database.db, sql`select rut, phone from ticket limit 50`);
    for (const p of people) {
      expect(normalizeRut(p.rut)).toBe(p.rut);
      expect(p.phone).toMatch(/^\+56\d{9}$/);
    }
  });

  it('gives each ticket its classification’s calendar, first-answer deadline and business times (issue 37)', async () => {
    const [row] = await queryRows<Record<string, number>>(
      api.database.db,
      sql`select count(*) filter (where t.calendar_id is distinct from c.calendar_id)::int as wrong_calendar,
            count(*) filter (where c.first_answer_hours is not null and t.first_answer_due_at is null)::int as missing_target,
            count(*) filter (where c.first_answer_hours is null and t.first_answer_due_at is not null)::int as unexpected_target,
            -- On business hours (Monday to Friday 08:30–18:00, 47.5 hours of the week's 168) a target stretches by 168 / 47.5.
            count(*) filter (where c.first_answer_hours is not null and abs(extract(epoch from t.first_answer_due_at - t.created_at)
              - c.first_answer_hours * 3600 * (case when cal.around_the_clock then 1 else 168 / 47.5 end)) > 1)::int as wrong_deadline,
            count(*) filter (where (t.first_response_at is null) <> (t.first_answer_business_ms is null))::int as wrong_answer_ms,
            count(*) filter (where (t.closed_at is null) <> (t.resolution_business_ms is null))::int as wrong_resolution_ms,
            count(*) filter (where cal.around_the_clock and t.closed_at is not null
              and abs(t.resolution_business_ms - extract(epoch from t.closed_at - t.created_at) * 1000) > 1)::int as wrong_real_time,
            count(*) filter (where not cal.around_the_clock and t.closed_at is not null)::int as closed_on_business_hours
          from ticket t join classification c on c.id = t.classification_id join business_calendar cal on cal.id = c.calendar_id`,
    );
    expect(row).toMatchObject({
      wrong_calendar: 0, missing_target: 0, unexpected_target: 0, wrong_deadline: 0,
      wrong_answer_ms: 0, wrong_resolution_ms: 0, wrong_real_time: 0,
    });
    expect(row!.closed_on_business_hours).toBeGreaterThan(0);
  });

  it('keeps ticket_counter exact through a bulk insert', async () => {
    expect(await counterDrift(api)).toEqual([]);
  });
});

describe('totals at scale', () => {
  it('unfiltered totals come from the counters, exact', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: N, totalCapped: false });
  });

  it('a broad filter stops counting at the cap and says so', async () => {
    const page = await list('kmFrom=0');
    expect(page).toMatchObject({ total: TOTAL_COUNT_CAP, totalCapped: true });
    expect(page.content).toHaveLength(10);
  });

  it('a broad search stops sooner', async () => {
    const page = await list('q=correo.demo');
    expect(page).toMatchObject({ total: SEARCH_COUNT_CAP, totalCapped: true });
  });
});

describe('counter triggers on deletion', () => {
  it('follow a DELETE and empty on TRUNCATE', async () => {
    const db = api.database.db;
    await db.execute(sql`delete from ticket_history where ticket_id in (select id from ticket where id % 7 = 0)`);
    await db.execute(sql`delete from ticket where id % 7 = 0`);
    expect(await counterDrift(api)).toEqual([]);
    await db.execute(sql`truncate ticket cascade`);
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ticket_counter`);
    expect(row!.n).toBe(0);
  });
});
