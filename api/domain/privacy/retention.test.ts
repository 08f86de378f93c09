import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_RULES } from '@contract/retention';
import { queryRows } from '../../platform/db/client';
import { createTestApi, type TestApi } from '../../test/helper';
import { applyRetention, cutoffsOf, isPast } from './retention';

/**
 * The retention job (Ley 19.628 art. 3 as amended; decision 149): exactly the rows past their period are removed or,
 * for events, anonymised; a row a day short of its period is untouched.
 */
const DAY = 86_400_000;

describe('what is past its period (pure)', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const days = Object.fromEntries(Object.entries(RETENTION_RULES).map(([k, r]) => [k, r.days])) as Parameters<typeof cutoffsOf>[0];
  const cut = cutoffsOf(days, now);
  const ago = (d: number) => new Date(now.getTime() - d * DAY);

  it('puts each cutoff its period before now', () => {
    expect(cut.closedEventContacts).toEqual(ago(730));
    expect(cut.endedSessions).toEqual(ago(30));
    expect(cut.privacyRequests).toEqual(ago(1825));
  });

  it('anonymises only closed, not yet anonymised events closed before the cutoff', () => {
    const c = cut.closedEventContacts;
    expect(isPast.closedEventContacts({ statusCode: 'CLOSED', closedAt: ago(731), anonymisedAt: null }, c)).toBe(true);
    expect(isPast.closedEventContacts({ statusCode: 'CLOSED', closedAt: ago(729), anonymisedAt: null }, c)).toBe(false);
    expect(isPast.closedEventContacts({ statusCode: 'CLOSED', closedAt: ago(731), anonymisedAt: ago(1) }, c)).toBe(false);
    expect(isPast.closedEventContacts({ statusCode: 'IN_PROGRESS', closedAt: null, anonymisedAt: null }, c)).toBe(false);
  });

  it('counts a session ended once revoked, expired or idle past the longest idle limit', () => {
    const c = cut.endedSessions;
    const live = { revokedAt: null, expiresAt: ago(-1), lastUsedAt: ago(0) };
    expect(isPast.endedSessions(live, c, 2 * 3_600_000)).toBe(false);
    expect(isPast.endedSessions({ ...live, revokedAt: ago(31) }, c, 0)).toBe(true);
    expect(isPast.endedSessions({ ...live, revokedAt: ago(29) }, c, 0)).toBe(false);
    expect(isPast.endedSessions({ ...live, expiresAt: ago(31) }, c, 0)).toBe(true);
    expect(isPast.endedSessions({ ...live, lastUsedAt: ago(32) }, c, DAY)).toBe(true);
    expect(isPast.endedSessions({ ...live, lastUsedAt: ago(30) }, c, DAY)).toBe(false);
  });

  it('keeps mail not yet delivered and requests not yet answered, however old', () => {
    expect(isPast.sentMail({ sentAt: null }, cut.sentMail)).toBe(false);
    expect(isPast.sentMail({ sentAt: ago(31) }, cut.sentMail)).toBe(true);
    expect(isPast.privacyRequests({ status: 'PENDING', answeredAt: null }, cut.privacyRequests)).toBe(false);
    expect(isPast.privacyRequests({ status: 'GRANTED', answeredAt: ago(1826) }, cut.privacyRequests)).toBe(true);
    expect(isPast.oneTimeLinks({ usedAt: null, expiresAt: ago(6) }, cut.oneTimeLinks)).toBe(false);
    expect(isPast.oneTimeLinks({ usedAt: ago(8), expiresAt: ago(-1) }, cut.oneTimeLinks)).toBe(true);
  });
});

describe('applyRetention on the database', () => {
  let api: TestApi;
  let driver: string;
  const rows = async <T>(query: ReturnType<typeof sql>) => queryRows<T>(api.database.db, query);
  const ids = async (table: string) => (await rows<{ id: string | number }>(sql`select id::text as id from ${sql.identifier(table)} order by id`)).map((r) => String(r.id));
  const insertId = async (query: ReturnType<typeof sql>) => String((await rows<{ id: string | number }>(query))[0]!.id);
  const marks: Record<string, { past: string[]; kept: string[] }> = {};
  const mark = (table: string, kind: 'past' | 'kept', id: string) => ((marks[table] ??= { past: [], kept: [] })[kind].push(id));
  const closed: { past: number; kept: number; open: number } = { past: 0, kept: 0, open: 0 };

  beforeAll(async () => {
    api = await createTestApi({ demoTickets: 30 });
    driver = (await rows<{ id: string }>(sql`select id from profile where email = 'conductor@concesion.demo'`))[0]!.id;
    const d = (days: number) => sql`now() - ${days} * interval '1 day'`;
    // Events: every closed one recent, then one just past and one just short of the period.
    await rows(sql`update ticket set closed_at = now() - interval '1 day' where status_code = 'CLOSED'`);
    await rows(sql`update ticket set full_name = 'Persona Prueba', email = 'persona@correo.demo', rut = '12345678-5' where true`);
    const [a, b] = await rows<{ id: number }>(sql`select id from ticket where status_code = 'CLOSED' order by id limit 2`);
    const [open] = await rows<{ id: number }>(sql`select id from ticket where status_code <> 'CLOSED' order by id limit 1`);
    Object.assign(closed, { past: Number(a!.id), kept: Number(b!.id), open: Number(open!.id) });
    await rows(sql`update ticket set closed_at = ${d(731)} where id = ${closed.past}`);
    await rows(sql`update ticket set closed_at = ${d(729)} where id = ${closed.kept}`);
    await rows(sql`delete from auth_token`);

    const token = (revoked: number | null, expires: number, lastUsed: number) =>
      insertId(sql`insert into auth_token (profile_id, token_hash, expires_at, last_used_at, revoked_at) values (${driver}, ${`h${Math.random()}`}, ${d(expires)}, ${d(lastUsed)}, ${revoked === null ? null : d(revoked)}) returning id`);
    mark('auth_token', 'past', await token(31, -1, 31));
    mark('auth_token', 'kept', await token(29, -1, 29));
    mark('auth_token', 'past', await token(null, 31, 31));
    mark('auth_token', 'kept', await token(null, -1, 0));
    const link = (table: 'password_reset' | 'email_confirmation', used: number | null, expires: number) =>
      table === 'password_reset'
        ? insertId(sql`insert into password_reset (profile_id, token_hash, expires_at, used_at) values (${driver}, ${`r${Math.random()}`}, ${d(expires)}, ${used === null ? null : d(used)}) returning id`)
        : insertId(sql`insert into email_confirmation (profile_id, email, token_hash, expires_at, used_at) values (${driver}, 'x@correo.demo', ${`c${Math.random()}`}, ${d(expires)}, ${used === null ? null : d(used)}) returning id`);
    for (const table of ['password_reset', 'email_confirmation'] as const) {
      await rows(sql`delete from ${sql.identifier(table)}`);
      mark(table, 'past', await link(table, 8, -1));
      mark(table, 'past', await link(table, null, 8));
      mark(table, 'kept', await link(table, null, 6));
      mark(table, 'kept', await link(table, 6, -1));
    }
    await rows(sql`delete from login_failure`);
    mark('login_failure', 'past', await insertId(sql`insert into login_failure (account, address, at) values ('a', '10.0.0.1', ${d(31)}) returning id`));
    mark('login_failure', 'kept', await insertId(sql`insert into login_failure (account, address, at) values ('b', '10.0.0.1', ${d(29)}) returning id`));
    await rows(sql`delete from sign_in_device`);
    mark('sign_in_device', 'past', await insertId(sql`insert into sign_in_device (profile_id, token_hash, last_used_at) values (${driver}, 'd1', ${d(181)}) returning id`));
    mark('sign_in_device', 'kept', await insertId(sql`insert into sign_in_device (profile_id, token_hash, last_used_at) values (${driver}, 'd2', ${d(179)}) returning id`));
    await rows(sql`delete from notification`);
    mark('notification', 'past', await insertId(sql`insert into notification (profile_id, type, message, created_at) values (${driver}, 'X', 'viejo', ${d(366)}) returning id`));
    mark('notification', 'kept', await insertId(sql`insert into notification (profile_id, type, message, created_at) values (${driver}, 'X', 'nuevo', ${d(364)}) returning id`));
    await rows(sql`delete from mail_queue`);
    mark('mail_queue', 'past', await insertId(sql`insert into mail_queue (recipient, subject, body, sent_at) values ('a@correo.demo', 's', 'b', ${d(31)}) returning id`));
    mark('mail_queue', 'kept', await insertId(sql`insert into mail_queue (recipient, subject, body, sent_at) values ('a@correo.demo', 's', 'b', ${d(29)}) returning id`));
    mark('mail_queue', 'kept', await insertId(sql`insert into mail_queue (recipient, subject, body, created_at, next_attempt_at) values ('a@correo.demo', 's', 'b', ${d(400)}, now() + interval '1 year') returning id`));
    mark('personal_data_read', 'past', await insertId(sql`insert into personal_data_read (actor_id, actor_role, what, at) values (${driver}, 'ADMIN', 'ticket', ${d(731)}) returning id`));
    mark('personal_data_read', 'kept', await insertId(sql`insert into personal_data_read (actor_id, actor_role, what, at) values (${driver}, 'ADMIN', 'ticket', ${d(729)}) returning id`));
    const request = (status: string, answered: number | null) =>
      insertId(sql`insert into privacy_request (profile_id, type, status, created_at, due_at, answered_at) values (${driver}, 'ACCESS', ${status}, ${d(2000)}, ${d(1970)}, ${answered === null ? null : d(answered)}) returning id`);
    mark('privacy_request', 'past', await request('GRANTED', 1826));
    mark('privacy_request', 'kept', await request('REJECTED', 1824));
    mark('privacy_request', 'kept', await request('PENDING', null));
    const gone = await insertId(sql`insert into profile (email, password_hash, first_name, last_name, profile_code, deleted_at) values ('ido@x.invalid', '!', 'T', 'a', 'DRIVER', ${d(1826)}) returning id`);
    mark('privacy_consent', 'past', await insertId(sql`insert into privacy_consent (profile_id, policy_version) values (${gone}, '1') returning id`));
    mark('privacy_consent', 'kept', await insertId(sql`insert into privacy_consent (profile_id, policy_version) values (${driver}, '1') returning id`));
  });

  afterAll(async () => {
    await api?.close();
  });

  it('removes exactly the rows past their period, anonymises exactly the events past theirs, once', async () => {
    const before = Object.fromEntries(await Promise.all(Object.keys(marks).map(async (t) => [t, await ids(t)] as const)));
    const ticketsBefore = await rows<{ id: number; full_name: string | null }>(sql`select id, full_name from ticket order by id`);
    const options = { days: api.config.retentionDays, maxIdleMs: Math.max(api.config.tokenIdleMs, api.config.driverTokenIdleMs) };
    const counts = await applyRetention(api.database.db, api.app.storage, options);
    expect(counts).toMatchObject({
      anonymisedEvents: 1,
      endedSessions: 2,
      oneTimeLinks: 4,
      knownDevices: 1,
      notifications: 1,
      sentMail: 1,
      accessRecord: 1,
      privacyRequests: 1,
      consents: 1,
    });
    expect(counts.signInRecords).toBeGreaterThanOrEqual(1);
    for (const [table, { past, kept }] of Object.entries(marks)) {
      const after = await ids(table);
      expect(after, table).toEqual(before[table]!.filter((id) => !past.includes(id)));
      for (const id of kept) expect(after, `${table} ${id}`).toContain(id);
    }
    const ticketsAfter = await rows<{ id: number; full_name: string | null; anonymised_at: Date | null }>(sql`select id, full_name, anonymised_at from ticket order by id`);
    for (const t of ticketsAfter) {
      const was = ticketsBefore.find((b) => b.id === t.id)!;
      if (Number(t.id) === closed.past) expect(t).toMatchObject({ full_name: null, anonymised_at: expect.anything() });
      else expect(t).toMatchObject({ full_name: was.full_name, anonymised_at: null });
    }
    const history = await rows<{ n: number }>(sql`select count(*)::int as n from ticket_history where action = 'ANONYMISED'`);
    expect(history[0]!.n).toBe(1);
    // A second run finds nothing more to do.
    expect(await applyRetention(api.database.db, api.app.storage, options)).toMatchObject({ anonymisedEvents: 0, endedSessions: 0, oneTimeLinks: 0, notifications: 0 });
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from ticket_history where action = 'ANONYMISED'`))[0]!.n).toBe(1);
  });
});
