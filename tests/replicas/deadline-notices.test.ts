import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDeployment, type Deployment } from './cluster';

/**
 * Warnings before a breach on three API processes sharing the real PostgreSQL (issue 37, decision 182): every
 * process sweeps every second (DEADLINE_SWEEP_MS), so their sweeps overlap, and still each notice goes exactly
 * once per event and threshold, to the right people, with one e-mail each; nothing for an event on hold.
 */
let deployment: Deployment;
let db: pg.Client;

beforeAll(async () => {
  deployment = await startDeployment({ apis: 3, env: { DEADLINE_SWEEP_MS: '1000' } });
  db = new pg.Client({ connectionString: deployment.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db?.end();
  await deployment?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ids = async (query: string) => (await db.query<{ id: string }>(query)).rows.map((r) => String(r.id));

it('sends each warning and each first-answer breach exactly once with three API processes sweeping', async () => {
  const operator = (await db.query<{ id: string }>(`select id from profile where email = 'operador@concesion.demo'`)).rows[0]!.id;
  const supervisors = await ids(`select id from profile where profile_code = 'SUPERVISOR' and status = 'ACTIVE' and deleted_at is null order by id`);
  expect(supervisors.length).toBeGreaterThan(0);
  // No other event is due for a notice; then three groups of the demo's open events.
  await db.query(`update ticket set warn_at = null, first_answer_warn_at = null, first_answer_due_at = null`);
  const assigned = await ids(`select id from ticket where status_code in ('ASSIGNED', 'IN_PROGRESS') order by id limit 10`);
  const unassigned = await ids(`select id from ticket where status_code = 'NEW' order by id limit 5`);
  const onHold = await ids(`select id from ticket where status_code = 'ON_HOLD' order by id limit 3`);
  expect([assigned.length, unassigned.length, onHold.length]).toEqual([10, 5, 3]);
  // Whatever the demo's own deadlines raised before this (none yet, or some once the seed's clocks are set) is
  // forgotten for the chosen events: they start with no notice, notification or deadline mail.
  const chosen = [...assigned, ...unassigned, ...onHold];
  await db.query(`delete from deadline_notice where ticket_id = any($1::bigint[])`, [chosen]);
  await db.query(`delete from notification where ticket_id = any($1::bigint[]) and type in ('TICKET_DUE_SOON', 'TICKET_FIRST_ANSWER_LATE')`, [chosen]);
  await db.query(`delete from mail_queue where subject like '%vence en%' or subject like '%no tuvo primera respuesta%'`);
  await db.query(`update ticket set assigned_to_id = $2 where id = any($1::bigint[])`, [assigned, operator]);
  await db.query(`update ticket set assigned_to_id = null where id = any($1::bigint[])`, [unassigned]);
  await db.query(`update ticket set paused_at = null where id = any($1::bigint[])`, [[...assigned, ...unassigned]]);
  await db.query(`update ticket set paused_at = now() - interval '1 minute' where id = any($1::bigint[])`, [onHold]);
  // At once, in one statement: the assigned and those on hold are past both warnings; the unassigned past the
  // resolution's warning and the first answer's deadline.
  await db.query(
    `update ticket set first_answer_business_ms = null, warn_at = now() - interval '1 minute', due_at = now() + interval '5 hours',
       first_answer_warn_at = now() - interval '2 hours',
       first_answer_due_at = case when id = any($1::bigint[]) then now() - interval '1 minute' else now() + interval '1 hour' end
     where id = any($2::bigint[])`,
    [unassigned, chosen],
  );

  const expected = 2 * (assigned.length + unassigned.length);
  // Which processes took the sweep's turn while we watch (a 1 s period leaves no lease: every process sweeps).
  const holders = new Set<string>();
  const watch = async () => {
    const { rows } = await db.query<{ holder: string }>(`select holder from job_lease where name = 'deadline-notices'`);
    if (rows[0]) holders.add(rows[0].holder);
  };
  for (let i = 0; i < 60; i++) {
    await watch();
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from deadline_notice where ticket_id = any($1::bigint[])`, [chosen]);
    if (rows[0]!.n >= expected) break;
    await sleep(1_000);
  }
  // A few more sweeps of every process: nothing goes twice. Watched until two processes have taken a turn (up to
  // 20 s: on a loaded machine the polls can keep meeting the same holder).
  for (let i = 0; i < 100 && (i < 25 || holders.size < 2); i++) {
    await watch();
    await sleep(200);
  }
  expect(holders.size).toBeGreaterThan(1);

  const notices = (await db.query<{ ticket_id: string; deadline: string; threshold: string }>(`select ticket_id, deadline, threshold from deadline_notice where ticket_id = any($1::bigint[])`, [chosen])).rows;
  expect(notices.map((n) => `${n.ticket_id} ${n.deadline} ${n.threshold}`).sort()).toEqual(
    [
      ...assigned.flatMap((id) => [`${id} FIRST_ANSWER WARNING`, `${id} RESOLUTION WARNING`]),
      ...unassigned.flatMap((id) => [`${id} FIRST_ANSWER BREACH`, `${id} RESOLUTION WARNING`]),
    ].sort(),
  );
  const told = (await db.query<{ ticket_id: string; profile_id: string; type: string; message: string }>(
    `select ticket_id, profile_id, type, message from notification where type in ('TICKET_DUE_SOON', 'TICKET_FIRST_ANSWER_LATE') and ticket_id = any($1::bigint[])`,
    [chosen],
  )).rows;
  // And across every event: no person was told the same thing twice.
  const { rows: twice } = await db.query(
    `select ticket_id, profile_id, message from notification where type in ('TICKET_DUE_SOON', 'TICKET_FIRST_ANSWER_LATE') group by 1, 2, 3 having count(*) > 1`,
  );
  expect(twice).toEqual([]);
  const line = (ticketId: string, to: string, type: string, about: string) => `${ticketId} ${to} ${type} ${about}`;
  const aboutOf = (message: string) => (message.startsWith('La primera respuesta') ? 'first' : message.startsWith('El plazo de resolución') ? 'resolution' : 'breach');
  expect(told.map((n) => line(String(n.ticket_id), n.profile_id, n.type, aboutOf(n.message))).sort()).toEqual(
    [
      ...assigned.flatMap((id) => [line(id, operator, 'TICKET_DUE_SOON', 'first'), line(id, operator, 'TICKET_DUE_SOON', 'resolution')]),
      ...unassigned.flatMap((id) =>
        supervisors.flatMap((s) => [line(id, s, 'TICKET_DUE_SOON', 'resolution'), line(id, s, 'TICKET_FIRST_ANSWER_LATE', 'breach')]),
      ),
    ].sort(),
  );
  // One e-mail per notice and person, queued at once: as many as the notifications to people with a confirmed address.
  const { rows: mails } = await db.query<{ subject: string; n: number }>(
    `select subject, count(*)::int as n from mail_queue where subject like '%vence en%' or subject like '%no tuvo primera respuesta%' group by recipient, subject`,
  );
  expect(mails.length).toBeGreaterThan(0);
  expect(mails.filter((m) => m.n !== 1)).toEqual([]);
});
