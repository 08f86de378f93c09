import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMISED_SUBJECT } from '@contract/privacy';
import { messages } from '@contract/messages';
import { formatRut, rutCheckDigit } from '@contract/rut';
import type { AccessRecordEntry } from '@contract/privacy-access-record';
import { personalDataRead, profile } from '../../platform/db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, signInCallers, type Callers } from '../../test/tickets';

/** The record of staff reads of personal data (decision 151), on the embedded database or TEST_DATABASE_URL. */
let api: TestApi;
let who: Callers;
let driversEvent: { id: number; folio: string };
let walkIn: { id: number; folio: string };

beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  who = await signInCallers(api);
  driversEvent = await createTicket(api, who.driver);
  walkIn = await createTicket(api, who.operator);
  await api.app.accessRecord.flush();
  await api.database.db.delete(personalDataRead);
});
afterAll(() => api.close());

const get = (url: string, headers: { authorization: string }) => api.app.inject({ method: 'GET', url, headers });
async function search(query: string, headers = who.admin.headers): Promise<{ content: AccessRecordEntry[]; total: number }> {
  await api.app.accessRecord.flush();
  const response = await get(`/api/privacy/access-record?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payload;
}

describe('what is recorded', () => {
  it('records an operator opening an event with contact data: who, whose, which folio, after the flush', async () => {
    expect((await get(`/api/ticket/${driversEvent.id}?include=conversation`, who.operator.headers)).statusCode).toBe(200);
    // Noted in memory: the answer did not wait for the write.
    expect(api.app.accessRecord.waiting).toBeGreaterThan(0);
    const { content } = await search(`ticketId=${driversEvent.id}`);
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({
      actorId: who.operator.id,
      actorRole: 'OPERATOR',
      subjectId: who.driver.id,
      ticketId: driversEvent.id,
      folio: driversEvent.folio,
      what: 'event',
    });
    expect(content[0]!.actorName).not.toBe('');
    expect(content[0]!.subjectName).not.toBeNull();
  });

  it('records a walk-in event with the name typed on it and no account', async () => {
    await get(`/api/ticket/${walkIn.id}`, who.supervisor.headers);
    const { content } = await search(`folio=${walkIn.folio}`);
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({ actorRole: 'SUPERVISOR', subjectId: null, subjectName: 'Camila Rojas', what: 'event' });
  });

  it('does not record drivers reading their own event', async () => {
    expect((await get(`/api/ticket/${driversEvent.id}`, who.driver.headers)).statusCode).toBe(200);
    const { content } = await search(`subjectId=${who.driver.id}`);
    expect(content.every((entry) => entry.actorId !== who.driver.id)).toBe(true);
  });

  it('records an export that names people, once per download, and not one that names nobody', async () => {
    const before = (await search('what=export')).total;
    expect((await get('/api/report/1?month=1&year=2026&format=csv', who.inspector.headers)).statusCode).toBe(200);
    expect((await get('/api/report/2?month=1&year=2026&format=csv', who.inspector.headers)).statusCode).toBe(200);
    const after = await search('what=export');
    expect(after.total).toBe(before + 1);
    expect(after.content[0]).toMatchObject({ actorId: who.inspector.id, actorRole: 'INSPECTOR', subjectId: null });
  });

  it("records the admin opening a user's account and the users list", async () => {
    expect((await get(`/api/profile/${who.otherDriver.id}`, who.admin.headers)).statusCode).toBe(200);
    expect((await get('/api/user/list', who.admin.headers)).statusCode).toBe(200);
    expect((await search(`what=user&subjectId=${who.otherDriver.id}`)).content[0]).toMatchObject({ actorId: who.admin.id, subjectName: 'Otra Conductora' });
    expect((await search(`what=user-list&actorId=${who.admin.id}`)).total).toBe(1);
  });

  it('names an anonymised person "Titular anonimizado"', async () => {
    await get(`/api/profile/${who.otherDriver.id}`, who.admin.headers);
    await api.database.db.update(profile).set({ anonymisedAt: new Date() }).where(eq(profile.id, who.otherDriver.id));
    try {
      const { content } = await search(`subjectId=${who.otherDriver.id}`);
      expect(content.length).toBeGreaterThan(0);
      expect(content.every((entry) => entry.subjectName === ANONYMISED_SUBJECT)).toBe(true);
    } finally {
      await api.database.db.update(profile).set({ anonymisedAt: null }).where(eq(profile.id, who.otherDriver.id));
    }
  });
});

describe('searching the record', () => {
  it('finds a person by e-mail or RUT, newest first, and pages', async () => {
    const rut = `23456789-${rutCheckDigit(23456789)}`;
    await api.database.db.update(profile).set({ rut }).where(eq(profile.id, who.driver.id));
    for (let i = 0; i < 3; i++) await get(`/api/ticket/${driversEvent.id}`, who.admin.headers);
    const byEmail = await search('subject=conductor@concesion.demo&size=2');
    const byRut = await search(`subject=${formatRut(rut)}&size=2`);
    expect(byEmail.total).toBeGreaterThanOrEqual(4);
    expect(byRut.total).toBe(byEmail.total);
    expect(byEmail.content).toHaveLength(2);
    expect(byEmail.content.every((e) => e.subjectId === who.driver.id)).toBe(true);
    const times = byEmail.content.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await search('subject=conductor@concesion.demo&size=2&page=1');
    expect(second.content.map((e) => e.id)).not.toContain(byEmail.content[0]!.id);
    const byActor = await search(`actor=operador@concesion.demo&what=event`);
    expect(byActor.content.every((e) => e.actorId === who.operator.id && e.what === 'event')).toBe(true);
    expect(byActor.total).toBeGreaterThan(0);
  });

  it('filters by day: today has the reads, yesterday none', async () => {
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
    const yesterday = new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Santiago' });
    expect((await search(`from=${today}&to=${today}`)).total).toBeGreaterThan(0);
    expect((await search(`from=${yesterday}&to=${yesterday}`)).total).toBe(0);
  });

  it('says in Spanish when the person or folio is unknown, or the dates are reversed', async () => {
    const unknown = await get('/api/privacy/access-record?subject=nadie@concesion.demo', who.admin.headers);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.fields).toEqual({ subject: messages.accessRecordPersonUnknown });
    const folio = await get('/api/privacy/access-record?folio=R-2000-999999', who.admin.headers);
    expect(folio.json().errors.fields).toEqual({ folio: messages.accessRecordFolioUnknown });
    const range = await get('/api/privacy/access-record?from=2026-02-01&to=2026-01-01', who.admin.headers);
    expect(range.json().errors.fields).toEqual({ to: messages.accessRecordRangeInvalid });
  });
});

describe('who may read the record', () => {
  it('lets the admin and the inspector in; operators, supervisors, drivers get 403; no token 401', async () => {
    const status = async (headers?: { authorization: string }) =>
      (await api.app.inject({ method: 'GET', url: '/api/privacy/access-record', headers })).statusCode;
    expect({
      admin: await status(who.admin.headers),
      inspector: await status(who.inspector.headers),
      supervisor: await status(who.supervisor.headers),
      operator: await status(who.operator.headers),
      driver: await status(who.driver.headers),
      otherDriver: await status(who.otherDriver.headers),
      none: await status(),
    }).toEqual({ admin: 200, inspector: 200, supervisor: 403, operator: 403, driver: 403, otherDriver: 403, none: 401 });
  });
});

describe('shutdown', () => {
  it('writes on close every read noted just before: nothing is lost', async () => {
    const other = await createTestApi({ demoTickets: 0 });
    const callers = await signInCallers(other);
    const event = await createTicket(other, callers.driver);
    for (let i = 0; i < 5; i++) await other.app.inject({ method: 'GET', url: `/api/ticket/${event.id}`, headers: callers.operator.headers });
    expect(other.app.accessRecord.waiting).toBeGreaterThanOrEqual(5);
    await other.app.close();
    const rows = await other.database.db.select().from(personalDataRead).where(eq(personalDataRead.ticketId, event.id));
    expect(rows).toHaveLength(5);
    await other.close();
  });
});
