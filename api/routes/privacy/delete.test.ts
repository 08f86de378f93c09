import { existsSync, readdirSync } from 'node:fs';
import { PRIVACY_POLICY_VERSION } from '@contract/privacy-policy';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { ANONYMISED_SUBJECT } from '@contract/privacy';
import { rutCheckDigit } from '@contract/rut';
import { queryRows } from '../../platform/db/client';
import { applyRetention } from '../../domain/privacy/retention';
import { authBody, bearer, createTestApi, type TestApi } from '../../test/helper';
import { createTicket, signInCallers, validTicketBody, type Callers } from '../../test/tickets';
import { PNG, uploadTo } from '../../test/uploads';

/**
 * "Eliminar mi cuenta y mis datos" (Ley 19.628 art. 7 as amended; decision 149): after it, no identifier of the person is
 * left in any text column of any table nor in the attachments store (the open event's contact data excepted until it
 * closes), while the statistics and the monthly reports count the same.
 */
let api: TestApi;
let who: Callers;

const BODY = 15_432_987;
const person = {
  firstName: 'Ximena',
  lastName: 'Valdebenito',
  email: 'ximena.valdebenito@correo.demo',
  phone: '+56 9 8765 4321',
  rut: `${BODY}-${rutCheckDigit(BODY)}`,
  realAddress: 'Pasaje Los Aromos 4321, Lampa',
  password: 'Clave-Segura-2026',
};
/** How each identifier may be written somewhere: the search every text column is checked against. */
const needles = ['Ximena Valdebenito', 'Valdebenito', 'ximena.valdebenito', '87654321', '8765 4321', '15432987', '15.432.987', 'Los Aromos 4321'];

const send = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown, headers: Record<string, string> = {}) =>
  api.app.inject({ method, url, payload: payload as object, headers: { ...(token ? bearer(token) : {}), ...headers } });

let driverToken: string;
let otherSession: string;
let driverId: string;
const events: { closed: number[]; open: number } = { closed: [], open: 0 };

beforeAll(async () => {
  api = await createTestApi({ demoTickets: 20 });
  who = await signInCallers(api);
  // A new driver signs up (a confirmation link is mailed to them) and signs in on two devices.
  const signUp = await send('POST', '/api/profile/new', undefined, { ...person, rut: person.rut, privacyPolicyVersion: PRIVACY_POLICY_VERSION });
  expect(signUp.statusCode, signUp.body).toBe(201);
  driverId = signUp.json().payload.uuid;
  const signIn = async () => String((await send('POST', '/api/auth', undefined, authBody(person.email, person.password))).headers.authorization).replace(/^Bearer /, '');
  driverToken = await signIn();
  otherSession = await signIn();
  const driver = { headers: bearer(driverToken) };
  for (let i = 0; i < 3; i++) {
    const created = await send('POST', '/api/ticket', driverToken, validTicketBody({
      channelCode: undefined,
      fullName: `${person.firstName} ${person.lastName}`,
      email: person.email,
      phone: person.phone,
      rut: person.rut,
      realAddress: person.realAddress,
      description: `Soy Ximena Valdebenito, llámenme al 9 8765 4321 por el bache ${i}`,
    }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().payload.id as number;
    const comment = await send('POST', `/api/ticket/${id}/comment`, driverToken, { comment: `Escribe Ximena Valdebenito, RUT ${person.rut.replace(/^(\d{2})(\d{3})(\d{3})/, '$1.$2.$3')}` });
    expect(comment.statusCode, comment.body).toBe(201);
    await send('POST', `/api/ticket/${id}/comment`, who.operator.token, { comment: 'Hablamos con la señora Valdebenito' });
    const uploaded = await uploadTo(api.app, driver, id, [{ name: `foto-ximena-valdebenito-${i}.png`, content: PNG, type: 'image/png' }]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    // Staff's own file stays (the concession's work), its name scrubbed.
    await uploadTo(api.app, who.operator, id, [{ name: `acta-valdebenito-${i}.png`, content: PNG, type: 'image/png' }]);
    if (i < 2) {
      const closed = await send('PUT', `/api/ticket/${id}`, who.operator.token, { statusCode: 'CLOSED', closureReason: 'RESOLVED' });
      expect(closed.statusCode, closed.body).toBe(200);
      events.closed.push(id);
    } else {
      events.open = id;
    }
  }
  // A reset link (and its mail) the person asked for.
  expect((await send('GET', `/api/profile/forgotten/${person.email}`)).statusCode).toBe(200);
  await api.app.mailer.idle();
});

afterAll(async () => {
  await api?.close();
});

/** Every text, varchar and jsonb column of every table, and which of them hold one of the person's identifiers. */
async function identifierHits(exceptOpenContact: boolean): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    api.database.db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'character')
        order by table_name, column_name`,
  );
  expect(columns.length).toBeGreaterThan(40);
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    // search_text: the ticket's folded search document (migration 0023), which holds its contact data too.
    const contact = table === 'ticket' && ['full_name', 'email', 'phone', 'rut', 'real_address', 'search_text'].includes(column);
    const skipOpen = exceptOpenContact && contact ? sql` and id <> ${events.open}` : sql``;
    for (const needle of needles) {
      const [row] = await queryRows<{ n: number }>(
        api.database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}${skipOpen}`,
      );
      if (row!.n > 0) hits.push(`${table}.${column} ~ ${needle}`);
    }
  }
  return hits;
}

const storedFiles = () => {
  const root = path.join(api.config.dataDir, 'attachments');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
};

/** What the dashboards and the monthly reports show this month, to compare before and after. */
async function figures() {
  api.app.statisticsCache.invalidate();
  const now = new Date();
  const [year, month] = [Number(now.toLocaleString('en', { year: 'numeric', timeZone: 'America/Santiago' })), Number(now.toLocaleString('en', { month: 'numeric', timeZone: 'America/Santiago' }))];
  const stats = (await send('GET', '/api/report/reportStatistic', who.supervisor.token)).json().payload;
  const monthStats = (await send('GET', `/api/report/reportStatistic?month=${month}&year=${year}`, who.supervisor.token)).json().payload;
  const summary = (await send('GET', `/api/report/2?month=${month}&year=${year}&format=csv`, who.supervisor.token)).body;
  const compliance = (await send('GET', `/api/report/3?month=${month}&year=${year}&format=csv`, who.supervisor.token)).body;
  return { stats: { ...stats, generatedAt: undefined }, monthStats: { ...monthStats, generatedAt: undefined }, summary, compliance };
}

const historyOf = async (id: number) => (await send('GET', `/api/ticket/${id}/history`, who.supervisor.token)).json().payload as { action: string; actorName: string }[];

describe('POST /api/privacy/me/delete', () => {
  it('refuses a wrong password in Spanish and changes nothing', async () => {
    const before = await identifierHits(false);
    const response = await send('POST', '/api/privacy/me/delete', driverToken, { password: 'no-es-la-clave' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.message).toBe(messages.deletePasswordWrong);
    expect((await send('GET', '/api/user/me', driverToken)).statusCode).toBe(200);
    expect(await identifierHits(false)).toEqual(before);
  });

  it('is for drivers: a staff account is closed by an admin; nobody without a token', async () => {
    for (const role of ['operator', 'supervisor', 'inspector', 'admin'] as const) {
      const response = await send('POST', '/api/privacy/me/delete', who[role].token, { password: 'Demo-2026' });
      expect(response.statusCode, role).toBe(403);
      expect((await send('GET', '/api/user/me', who[role].token)).statusCode, role).toBe(200);
    }
    expect((await send('POST', '/api/privacy/me/delete', undefined, { password: 'Demo-2026' })).statusCode).toBe(401);
  });

  it('closes the account at once and leaves no identifier anywhere but the open event contact data, the figures unchanged', async () => {
    // They follow another driver's event (decision 161): that goes with the account too.
    const followedEvent = await createTicket(api, who.driver);
    expect((await send('PUT', `/api/ticket/follow/${followedEvent.folio}`, driverToken)).statusCode).toBe(200);
    expect(await queryRows(api.database.db, sql`select 1 from ticket_follower where profile_id = ${driverId}`)).toHaveLength(1);
    const mine = await queryRows<{ storage_key: string }>(api.database.db, sql`select storage_key from attachment where uploader_id = ${driverId}`);
    expect(mine).toHaveLength(3);
    const staffFiles = await queryRows<{ storage_key: string }>(api.database.db, sql`select storage_key from attachment where uploader_id = ${who.operator.id}`);
    expect(storedFiles()).toEqual(expect.arrayContaining(mine.map((r) => path.basename(r.storage_key))));
    // Everything holds the person's identifiers before: the search finds them (the test would notice them left behind).
    const before = await identifierHits(false);
    for (const where of ['profile.email', 'ticket.description', 'comment.body', 'comment.author_name', 'ticket_history.changes', 'attachment.file_name', 'mail_queue.recipient']) {
      expect(before.some((hit) => hit.startsWith(where)), where).toBe(true);
    }
    const figuresBefore = await figures();

    const response = await send('POST', '/api/privacy/me/delete', driverToken, { password: person.password }, { 'idempotency-key': 'borrar-cuenta-000000000001' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload.message).toBe(messages.accountDeleted);

    // Both sessions ended; the account cannot be signed in to again.
    expect((await send('GET', '/api/user/me', driverToken)).statusCode).toBe(401);
    expect((await send('GET', '/api/user/me', otherSession)).statusCode).toBe(401);

    expect(await identifierHits(true)).toEqual([]);
    // The open event still has the contact data the concession needs to answer it.
    const open = (await send('GET', `/api/ticket/${events.open}`, who.operator.token)).json().payload;
    expect(open).toMatchObject({ fullName: 'Ximena Valdebenito', anonymised: false });
    for (const id of events.closed) {
      const closed = (await send('GET', `/api/ticket/${id}`, who.supervisor.token)).json().payload;
      expect(closed).toMatchObject({ fullName: null, email: null, phone: null, rut: null, realAddress: null, anonymised: true, statusCode: 'CLOSED' });
      expect(closed.description).toContain('[dato eliminado]');
      const history = await historyOf(id);
      expect(history.filter((h) => h.action === 'ANONYMISED')).toHaveLength(1);
      expect(history.filter((h) => h.action === 'COMMENTED').map((h) => h.actorName)).toContain(ANONYMISED_SUBJECT);
    }
    // Their photos are gone from the store and the tables; the staff's stay.
    const files = storedFiles();
    for (const r of mine) expect(files).not.toContain(path.basename(r.storage_key));
    for (const r of staffFiles) expect(files).toContain(path.basename(r.storage_key));
    expect(await queryRows(api.database.db, sql`select 1 from attachment where uploader_id = ${driverId}`)).toHaveLength(0);
    expect(await queryRows(api.database.db, sql`select 1 from ticket_follower where profile_id = ${driverId}`)).toHaveLength(0);
    // Recorded as a suppression request, granted and answered at once.
    const requests = await queryRows<{ type: string; status: string; answered_at: Date | null }>(
      api.database.db,
      sql`select type, status, answered_at from privacy_request where profile_id = ${driverId}`,
    );
    expect(requests).toEqual([expect.objectContaining({ type: 'SUPPRESSION', status: 'GRANTED', answered_at: expect.anything() })]);

    expect(await figures()).toEqual(figuresBefore);
    // Last, as a failed sign-in records the address typed (deleted by the retention job with the other failures).
    expect((await send('POST', '/api/auth', undefined, authBody(person.email, person.password))).statusCode).not.toBe(200);
  });

  it('anonymises the open event once it closes, by the retention job, exactly once', async () => {
    const closed = await send('PUT', `/api/ticket/${events.open}`, who.operator.token, { statusCode: 'CLOSED', closureReason: 'RESOLVED' });
    expect(closed.statusCode, closed.body).toBe(200);
    const options = { days: api.config.retentionDays, maxIdleMs: api.config.driverTokenIdleMs };
    expect((await applyRetention(api.database.db, api.app.storage, options)).anonymisedEvents).toBe(1);
    expect((await applyRetention(api.database.db, api.app.storage, options)).anonymisedEvents).toBe(0);
    // Only the failed sign-in with the address typed, after the account was gone (retention: signInRecords).
    expect(await identifierHits(false)).toEqual(['login_failure.account ~ Valdebenito', 'login_failure.account ~ ximena.valdebenito']);
    const history = await historyOf(events.open);
    expect(history.filter((h) => h.action === 'ANONYMISED')).toHaveLength(1);
    const event = (await send('GET', `/api/ticket/${events.open}`, who.operator.token)).json().payload;
    expect(event).toMatchObject({ fullName: null, anonymised: true });
  });

  it('a form sent twice with its submission key deletes once and answers both', async () => {
    const email = 'doble.envio@correo.demo';
    expect((await send('POST', '/api/profile/new', undefined, { email, password: person.password, firstName: 'Doble', lastName: 'Envío', phone: '+56 9 5555 4444', rut: '11.111.111-1', privacyPolicyVersion: PRIVACY_POLICY_VERSION })).statusCode).toBe(201);
    const token = String((await send('POST', '/api/auth', undefined, authBody(email, person.password))).headers.authorization).replace(/^Bearer /, '');
    const key = { 'idempotency-key': 'borrar-cuenta-doble-0000000001' };
    const [first, second] = await Promise.all([
      send('POST', '/api/privacy/me/delete', token, { password: person.password }, key),
      send('POST', '/api/privacy/me/delete', token, { password: person.password }, key),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']]).toContain('true');
    const rows = await queryRows<{ n: number }>(
      api.database.db,
      sql`select count(*)::int as n from privacy_request r join profile p on p.id = r.profile_id where r.type = 'SUPPRESSION' and p.email like 'anonimo-%' and r.profile_id <> ${driverId}`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
