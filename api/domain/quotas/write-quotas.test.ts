import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client';
import { anotherProcess, createTestApi, type TestApi } from '../../test/helper';
import { createTicket, signInCallers, validTicketBody, type Callers, type Caller } from '../../test/tickets';
import { pdfOf, uploadTo } from '../../test/uploads';

/**
 * Per-account write limits (docs/decisions/134-write-quotas-digests-and-stored-previews.md), small
 * here so a test reaches them: on the embedded database by default, on PostgreSQL with
 * TEST_DATABASE_URL, and across two API processes on one database.
 */
const driver = { eventsPerHour: 3, eventsPerDay: 5, commentsPerMinute: 4, attachmentBytesPerDay: 5_000 };
const staff = { eventsPerHour: 30, eventsPerDay: 50, commentsPerMinute: 40, attachmentBytesPerDay: 50_000 };

let api: TestApi;
let two: FastifyInstance;
let who: Callers;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0, cluster: true, config: { quotas: { driver, staff } } });
  two = await anotherProcess(api);
  who = await signInCallers(api);
});
afterAll(async () => {
  await two.close();
  await api.close();
});

const post = (app: FastifyInstance, caller: Caller) =>
  app.inject({ method: 'POST', url: '/api/ticket', headers: caller.headers, payload: validTicketBody() });
const comment = (app: FastifyInstance, caller: Caller, ticketId: number, text = 'Sigue igual') =>
  app.inject({ method: 'POST', url: `/api/ticket/${ticketId}/comment`, headers: caller.headers, payload: { comment: text } });
const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(api.database.db, query))[0]!.n;
const ticketsBy = (caller: Caller) => count(sql`select count(*)::int as n from ticket where created_by_id = ${caller.id}`);
/** Opens a new window of `kind` for the account, as if its time had passed. */
const windowPassed = (kind: string, caller: Caller) =>
  queryRows(api.database.db, sql`update write_quota set resets_at = now() where key = ${`${kind}|${caller.id}`}`);
const storedFiles = () => {
  const root = path.join(api.config.dataDir, 'attachments');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
};

describe('events per account', () => {
  it('refuses the fourth event in the hour with 429, a Spanish message naming the limit and Retry-After, across both processes', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(i % 2 ? two : api.app, who.driver)).statusCode);
    expect(statuses).toEqual([201, 201, 201]);
    const refused = await post(two, who.driver);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ errors: { message: 'Alcanzó el máximo de 3 eventos por hora. Podrá crear otro en 60 minutos.' } });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(await ticketsBy(who.driver)).toBe(3);
    // Another account is not affected, and staff (who handle many tickets) have higher limits.
    expect((await post(api.app, who.otherDriver)).statusCode).toBe(201);
    for (let i = 0; i < 4; i++) await createTicket(api, who.operator);
    expect(await ticketsBy(who.operator)).toBe(4);
  });

  it('refuses past the day limit once the hour opens again', async () => {
    await windowPassed('eventsPerHour', who.driver);
    expect((await post(api.app, who.driver)).statusCode).toBe(201);
    expect((await post(two, who.driver)).statusCode).toBe(201);
    const refused = await post(api.app, who.driver);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors.message).toBe('Alcanzó el máximo de 5 eventos por día. Podrá crear otro en 24 horas.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await ticketsBy(who.driver)).toBe(5);
    // A refused day does not use up the hour: the hour's count stayed at 2.
    const [hour] = await queryRows<{ used: number }>(api.database.db, sql`select used::int as used from write_quota where key = ${`eventsPerHour|${who.driver.id}`}`);
    expect(hour!.used).toBe(2);
  });

  it('stores at most the limit from a burst of 30 parallel requests over two processes', async () => {
    const before = await ticketsBy(who.otherDriver);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i % 2 ? two : api.app, who.otherDriver)));
    const created = answers.filter((a) => a.statusCode === 201).length;
    expect(created).toBe(driver.eventsPerHour - before);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(30 - created);
    expect(await ticketsBy(who.otherDriver)).toBe(driver.eventsPerHour);
  });
});

describe('comments per account', () => {
  it('refuses the fifth comment in a minute with Retry-After; staff may write more; a burst stores at most the limit', async () => {
    const ticket = await createTicket(api, who.operator);
    // The driver comments on their own event (they may not see the operator's).
    await windowPassed('eventsPerHour', who.driver);
    await windowPassed('eventsPerDay', who.driver);
    const mine = (await post(api.app, who.driver)).json().payload.id as number;
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await comment(i % 2 ? two : api.app, who.driver, mine)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const refused = await comment(api.app, who.driver, mine);
    expect(refused.json().errors.message).toMatch(/^Alcanzó el máximo de 4 comentarios por minuto\. Podrá comentar de nuevo en (\d+ segundos?|1 minuto)\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await count(sql`select count(*)::int as n from comment where ticket_id = ${mine}`)).toBe(4);

    // Staff: ten comments (notes too) pass where a driver gets four.
    for (let i = 0; i < 10; i++) expect((await comment(two, who.supervisor, ticket.id, `Nota ${i}`)).statusCode).toBe(201);

    // A burst from an account with a fresh window: exactly the limit is stored.
    await windowPassed('commentsPerMinute', who.driver);
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => comment(i % 2 ? two : api.app, who.driver, mine, `Ráfaga ${i}`)));
    expect(burst.filter((a) => a.statusCode === 201)).toHaveLength(4);
    expect(await count(sql`select count(*)::int as n from comment where ticket_id = ${mine} and body like 'Ráfaga%'`)).toBe(4);
  });
});

describe('attachment bytes per account', () => {
  it('refuses an upload that would pass the day limit, leaving no file and no row; parallel uploads store at most the limit', async () => {
    const ticket = await createTicket(api, who.operator);
    const rows = () => count(sql`select count(*)::int as n from attachment where uploader_id = ${who.operator.id}`);
    // The operator's limit is 50 000 bytes: three of 15 000 fit, the fourth would pass it.
    for (let i = 0; i < 3; i++) expect((await uploadTo(api.app, who.operator, ticket.id, [{ name: `a${i}.pdf`, content: pdfOf(15_000) }])).statusCode).toBe(201);
    const filesBefore = storedFiles();
    const refused = await uploadTo(two, who.operator, ticket.id, [{ name: 'grande.pdf', content: pdfOf(15_000) }]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors).toEqual({
      message: 'Alcanzó el máximo de 0,05 MB de adjuntos por día. Podrá adjuntar más en 24 horas.',
      fields: { files: 'Alcanzó el máximo de 0,05 MB de adjuntos por día. Podrá adjuntar más en 24 horas.' },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(await rows()).toBe(3);
    expect(storedFiles()).toBe(filesBefore);

    // Five at once of 2 000 bytes against the other driver's 5 000: two are kept, the others leave nothing.
    await windowPassed('eventsPerHour', who.otherDriver);
    const own = (await post(api.app, who.otherDriver)).json().payload.id as number;
    const files = storedFiles();
    const burst = await Promise.all(Array.from({ length: 5 }, (_, i) => uploadTo(i % 2 ? two : api.app, who.otherDriver, own, [{ name: `p${i}.pdf`, content: pdfOf(2_000) }])));
    expect(burst.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(burst.filter((a) => a.statusCode === 429)).toHaveLength(3);
    const [stored] = await queryRows<{ bytes: number; n: number }>(
      api.database.db,
      sql`select coalesce(sum(size_bytes), 0)::int as bytes, count(*)::int as n from attachment where uploader_id = ${who.otherDriver.id}`,
    );
    expect(stored!.bytes).toBeLessThanOrEqual(driver.attachmentBytesPerDay);
    expect(stored!.n).toBe(2);
    expect(storedFiles()).toBe(files + 2);

    // With nothing left for the day, even a tiny file is refused before it is read.
    await queryRows(api.database.db, sql`update write_quota set used = ${driver.attachmentBytesPerDay} where key = ${`attachmentBytesPerDay|${who.otherDriver.id}`}`);
    const none = await uploadTo(two, who.otherDriver, own, [{ name: 'mini.pdf', content: pdfOf(200) }]);
    expect(none.statusCode).toBe(429);
    expect(Number(none.headers['retry-after'])).toBeGreaterThan(0);
    expect(storedFiles()).toBe(files + 2);
    // The process is still answering after refusing an unread body.
    expect((await two.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
