import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDeployment, type Deployment } from './cluster';

/**
 * The retention job on three API processes sharing the real PostgreSQL (decision 149): each event closed longer than
 * its period is anonymised exactly once (one ANONYMISED history entry) however the processes' turns overlap, and
 * nothing else is touched. The job runs every 3 s here (RETENTION_JOB_MS), so turns do overlap.
 */
let deployment: Deployment;
let db: pg.Client;

beforeAll(async () => {
  deployment = await startDeployment({ apis: 3, env: { RETENTION_JOB_MS: '3000' } });
  db = new pg.Client({ connectionString: deployment.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await deployment?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('anonymises each event past its period exactly once, and nothing else', async () => {
  // Every closed event recent and named, then ten of them closed long ago.
  await db.query(`update ticket set closed_at = now() - interval '1 day', full_name = 'Persona Réplica', rut = '12345678-5' where status_code = 'CLOSED' and anonymised_at is null`);
  const { rows: chosen } = await db.query<{ id: string }>(`select id from ticket where status_code = 'CLOSED' and anonymised_at is null order by id limit 10`);
  expect(chosen).toHaveLength(10);
  const past = chosen.map((r) => String(r.id));
  await db.query(`update ticket set closed_at = now() - interval '800 days' where id = any($1::bigint[])`, [past]);
  const before = (await db.query<{ id: string; full_name: string | null; description: string; status_code: string }>(`select id, full_name, description, status_code from ticket order by id`)).rows;

  // Until every one is done (a few periods), then a few more periods: nothing runs twice.
  for (let i = 0; i < 40; i++) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ticket where id = any($1::bigint[]) and anonymised_at is not null`, [past]);
    if (rows[0]!.n === past.length) break;
    await sleep(1_000);
  }
  await sleep(10_000);

  const { rows: history } = await db.query<{ ticket_id: string; n: number }>(
    `select ticket_id, count(*)::int as n from ticket_history where action = 'ANONYMISED' group by ticket_id order by ticket_id`,
  );
  expect(history.map((h) => [String(h.ticket_id), h.n])).toEqual(past.map((id) => [id, 1]));
  const after = (await db.query<{ id: string; full_name: string | null; rut: string | null; description: string; status_code: string; anonymised_at: Date | null }>(
    `select id, full_name, rut, description, status_code, anonymised_at from ticket order by id`,
  )).rows;
  expect(after.map((t) => String(t.id))).toEqual(before.map((t) => String(t.id)));
  for (const t of after) {
    const was = before.find((b) => String(b.id) === String(t.id))!;
    expect(t.status_code).toBe(was.status_code);
    if (past.includes(String(t.id))) {
      expect(t).toMatchObject({ full_name: null, rut: null });
      expect(t.anonymised_at).not.toBeNull();
    } else {
      expect(t).toMatchObject({ full_name: was.full_name, description: was.description, anonymised_at: null });
    }
  }
});
