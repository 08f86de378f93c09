import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './client';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, signInCallers } from '../../test/tickets';
import { PRIVACY_POLICY_VERSION } from '@contract/privacy-policy';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** A migration's statements, run again on a database that already has data. */
async function runMigration(name: string) {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', name);
  for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) await queryRows(api.database.db, sql.raw(statement));
}

describe('0012_road_places', () => {
  it('writes free-text places that name a profile place in its spelling, and keeps the others', async () => {
    const who = await signInCallers(api);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createTicket(api, who.operator)).id);
    const set = (id: number, sector: string, commune: string) => queryRows(api.database.db, sql`update ticket set sector = ${sector}, commune = ${commune} where id = ${id}`);
    await set(ids[0]!, ' placilla ', 'VALPARAISO');
    await set(ids[1]!, 'TUNEL lo prado', 'pudahuel');
    await set(ids[2]!, 'Sector X', 'Comuna X');
    await runMigration('0012_road_places.sql');
    const rows = await queryRows<{ id: number; sector: string; commune: string }>(
      api.database.db,
      sql`select id, sector, commune from ticket where id in (${sql.join(ids, sql`, `)}) order by id`,
    );
    expect(rows.map((r) => [r.sector, r.commune])).toEqual([
      ['Placilla', 'Valparaíso'],
      ['Túnel Lo Prado', 'Pudahuel'],
      ['Sector X', 'Comuna X'],
    ]);
  });
});

describe('0014_write_quotas', () => {
  it('runs again on a database that has data, keeping counts, held digests and previews', async () => {
    await queryRows(api.database.db, sql`insert into write_quota (key, used, resets_at) values ('eventsPerHour|x', 3, now() + interval '1 hour')`);
    await runMigration('0014_write_quotas.sql');
    const [row] = await queryRows<{ used: number }>(api.database.db, sql`select used::int as used from write_quota where key = 'eventsPerHour|x'`);
    expect(row!.used).toBe(3);
    const columns = await queryRows<{ column_name: string }>(
      api.database.db,
      sql`select column_name from information_schema.columns where table_name = 'attachment' and column_name in ('preview_key', 'preview_none') order by 1`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['preview_key', 'preview_none']);
  });
});

describe('0015_email_confirmation', () => {
  it('counts every profile already there as confirmed, and leaves later sign-ups unconfirmed', async () => {
    // Back to the schema before it, with the demo people in it, then forward again.
    await queryRows(api.database.db, sql`drop table email_confirmation`);
    await queryRows(api.database.db, sql`alter table profile drop column email_confirmed_at`);
    await runMigration('0015_email_confirmation.sql');
    const [before] = await queryRows<{ n: number; unconfirmed: number }>(
      api.database.db,
      sql`select count(*)::int as n, (count(*) filter (where email_confirmed_at is null))::int as unconfirmed from profile`,
    );
    expect(before!.n).toBeGreaterThan(0);
    expect(before!.unconfirmed).toBe(0);
    const signUp = await api.app.inject({
      method: 'POST',
      url: '/api/profile/new',
      payload: { email: 'despues.de.migrar@correo.cl', password: 'secreto-1', firstName: 'Ana', lastName: 'Soto', phone: '+56 9 8765 4321', rut: '12.345.678-5', privacyPolicyVersion: PRIVACY_POLICY_VERSION },
    });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json().payload.emailConfirmed).toBe(false);
  });
});

describe('0023_search_words', () => {
  it('runs again on a database that has tickets, copying each classification name back and keeping the triggers', async () => {
    const [made] = await queryRows<{ id: number; name: string }>(
      api.database.db,
      sql`select t.id, c.name from ticket t join classification c on c.id = t.classification_id order by t.id limit 1`,
    );
    // As before the migration: no triggers, no copy.
    await queryRows(api.database.db, sql`drop trigger ticket_search_classification on ticket`);
    await queryRows(api.database.db, sql`update ticket set search_classification = '' where id = ${made!.id}`);
    await runMigration('0023_search_words.sql');
    const name = async () =>
      (await queryRows<{ name: string }>(api.database.db, sql`select search_classification as name from ticket where id = ${made!.id}`))[0]!.name;
    expect(await name()).toBe(made!.name);
    // A direct write cannot make the copy lie: the trigger sets it from the classification.
    await queryRows(api.database.db, sql`update ticket set search_classification = 'otra cosa' where id = ${made!.id}`);
    expect(await name()).toBe(made!.name);
    // The stored document is folded and holds the name: neither can a direct write change it.
    await queryRows(api.database.db, sql`update ticket set search_text = 'otra cosa' where id = ${made!.id}`);
    const [doc] = await queryRows<{ text: string; folded: string }>(
      api.database.db,
      sql`select search_text as text, lower(ticket_search_fold(${made!.name})) as folded from ticket where id = ${made!.id}`,
    );
    expect(doc!.text).toContain(doc!.folded);
    expect(doc!.text).toBe(doc!.text.toLowerCase());
  });
});
