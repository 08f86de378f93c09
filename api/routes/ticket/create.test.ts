import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import { ticketSchema } from '@contract/ticket-dto';
import { queryRows } from '../../platform/db/client';
import { businessTimeBetween } from '../../domain/calendar/business-time';
import { readCalendar } from '../../domain/calendar/store';
import { createTestApi, type TestApi } from '../../test/helper';
import { counterDrift, createTicket, signInCallers, storedCounts, validTicketBody, type Callers } from '../../test/tickets';

let api: TestApi;
let who: Callers;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 10 });
  who = await signInCallers(api);
});
afterAll(() => api.close());

const post = (headers: Record<string, string>, payload: unknown) =>
  api.app.inject({ method: 'POST', url: '/api/ticket', headers, payload: payload as object });

describe('POST /api/ticket', () => {
  it('creates a ticket for staff with the chosen channel, normalised RUT and phone, and answers 201 with it', async () => {
    const response = await post(who.operator.headers, validTicketBody());
    expect(response.statusCode).toBe(201);
    const created = ticketSchema.parse(response.json().payload);
    expect(created).toMatchObject({
      statusCode: 'NEW',
      channelCode: 'PHONE',
      type: 'CLAIM',
      kilometer: 23.5,
      rut: '12345678-5',
      phone: '+56912345678',
      reporterId: null,
      createdById: who.operator.id,
      assignedToId: null,
      late: false,
      realAddress: null,
    });
    const sla = await queryRows<{ sla_hours: number }>(api.database.db, sql`select sla_hours from classification where id = 2`);
    // The claim's target in the business hours of its calendar (decision 179).
    const calendar = await readCalendar(api.database.db, 2);
    expect(businessTimeBetween(calendar, new Date(created.createdAt), new Date(created.dueAt))).toBe(sla[0]!.sla_hours * 3_600_000);
  });

  it('makes the driver the reporter and forces the WEB channel', async () => {
    const created = await createTicket(api, who.driver, { channelCode: 'SOCIAL' });
    expect(created).toMatchObject({ channelCode: 'WEB', reporterId: who.driver.id, createdById: who.driver.id });
  });

  it('needs the channel from staff', async () => {
    const response = await post(who.supervisor.headers, validTicketBody({ channelCode: undefined }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({ channelCode: messages.channelRequired });
  });

  it('gives folios R-/S-/I-YYYY-NNNNNN by type, from the id, never reused', async () => {
    const incident = await createTicket(api, who.admin, { classificationId: 9 });
    const suggestion = await createTicket(api, who.admin, { classificationId: 6 });
    const claim = await createTicket(api, who.admin);
    const year = new Date().getFullYear();
    expect(incident.folio).toBe(`I-${year}-${String(incident.id).padStart(6, '0')}`);
    expect(suggestion.folio).toMatch(new RegExp(`^S-${year}-\\d{6}$`));
    expect(claim.folio).toMatch(new RegExp(`^R-${year}-\\d{6}$`));
    expect(claim.id).toBeGreaterThan(suggestion.id);
    const [dupes] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int - count(distinct folio)::int as n from ticket`);
    expect(dupes!.n).toBe(0);
  });

  it('keeps numbering folios after a refused creation, never reusing one', async () => {
    const before = await createTicket(api, who.admin);
    const failed = await post(who.admin.headers, validTicketBody({ kilometer: '999' }));
    expect(failed.statusCode).toBe(400);
    const after = await createTicket(api, who.admin);
    expect(after.id).toBeGreaterThan(before.id);
    expect(after.folio).not.toBe(before.folio);
  });

  it('writes the CREATED history entry with it', async () => {
    const created = await createTicket(api, who.operator);
    const history = await api.app.inject({ method: 'GET', url: `/api/ticket/${created.id}/history`, headers: who.operator.headers });
    expect(history.json().payload).toEqual([
      expect.objectContaining({
        action: 'CREATED',
        actorId: who.operator.id,
        actorName: 'Carolina Reyes',
        changes: {
          statusCode: { from: null, to: 'NEW' },
          channelCode: { from: null, to: 'PHONE' },
          // The deadlines the event was given (decision 179).
          dueAt: { from: null, to: created.dueAt },
          firstAnswerDueAt: { from: null, to: expect.any(String) },
        },
      }),
    ]);
  });

  it('keeps the counters exact', async () => {
    expect(await counterDrift(api)).toEqual([]);
  });
});

describe('POST /api/ticket validation: 400 with a Spanish message per field, nothing stored', () => {
  async function fieldsFor(payload: unknown, headers = who.operator.headers) {
    const before = await storedCounts(api);
    const response = await post(headers, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.message).toBe(messages.validationFailed);
    expect(await storedCounts(api)).toEqual(before);
    return response.json().errors.fields as Record<string, string>;
  }

  it('names every required field', async () => {
    expect(await fieldsFor({})).toEqual({
      description: messages.descriptionRequired,
      kilometer: messages.kilometerRequired,
      sector: messages.sectorRequired,
      commune: messages.communeRequired,
      orientation: messages.orientationRequired,
      dateEvent: messages.dateEventRequired,
      classificationId: messages.classificationRequired,
      fullName: messages.fullNameRequired,
      phone: messages.phoneRequired,
      rut: messages.rutRequired,
      channelCode: messages.channelRequired,
    });
  });

  it.each([
    ['rut', '12.345.678-9', messages.rutInvalid],
    ['phone', '+54 11 1234 5678', messages.phoneInvalid],
    ['email', 'no-es-correo', messages.emailInvalid],
    ['kilometer', '23,4567', messages.kilometerInvalid],
    ['kilometer', '-3', messages.kilometerInvalid],
    ['orientation', 'EAST_WEST', messages.orientationInvalid],
    ['channelCode', 'FAX', messages.channelInvalid],
    ['dateEvent', new Date(Date.now() + 86_400_000).toISOString(), messages.dateEventFuture],
    ['dateEvent', 'mañana', messages.dateEventInvalid],
    ['description', 'x'.repeat(2001), formatMessage(messages.tooLong, { max: 2000 })],
    ['fullName', 'x'.repeat(121), formatMessage(messages.tooLong, { max: 120 })],
    ['realAddress', 'x'.repeat(201), formatMessage(messages.tooLong, { max: 200 })],
    ['description', 'texto\u0000nulo', messages.invalidCharacters],
    ['sector', 'a\u0000', messages.invalidCharacters],
  ])('%s = %j', async (field, value, message) => {
    expect(await fieldsFor(validTicketBody({ [field]: value }))).toEqual({ [field]: message });
  });

  it('accepts K as check digit and a kilometre with a point', async () => {
    const created = await createTicket(api, who.operator, { rut: '10.000.013-k', kilometer: 23.125 });
    expect(created).toMatchObject({ rut: '10000013-K', kilometer: 23.125 });
  });

  it('checks the kilometre against the road profile', async () => {
    expect(await fieldsFor(validTicketBody({ kilometer: '116,5' }))).toEqual({
      kilometer: formatMessage(messages.kilometerOutOfRange, { min: 0, max: 116 }),
    });
    expect((await createTicket(api, who.operator, { kilometer: '116' })).kilometer).toBe(116);
  });

  it('takes sector and commune only from the road profile, in its spelling', async () => {
    expect(await fieldsFor(validTicketBody({ sector: 'Sector X', commune: 'Comuna X' }))).toEqual({
      sector: 'Elija un sector del perfil de la ruta',
      commune: 'Elija una comuna del perfil de la ruta',
    });
    expect(await fieldsFor(validTicketBody({ sector: 'placilla' }))).toEqual({ sector: messages.sectorNotOnRoad });
    expect(await createTicket(api, who.operator, { sector: 'Placilla', commune: 'Valparaíso' })).toMatchObject({ sector: 'Placilla', commune: 'Valparaíso' });
    // Nothing was stored for the refused ones: the summaries have no such rows.
    const [odd] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from ticket where sector = 'Sector X' or sector = 'placilla'`);
    expect(odd!.n).toBe(0);
  });

  it('checks that the classification exists', async () => {
    expect(await fieldsFor(validTicketBody({ classificationId: 9999 }))).toEqual({ classificationId: messages.classificationNotFound });
  });

  it('answers malformed JSON and a non-object body with 400', async () => {
    const bad = await api.app.inject({ method: 'POST', url: '/api/ticket', headers: { ...who.operator.headers, 'content-type': 'application/json' }, payload: '{"a":' });
    expect(bad.statusCode).toBe(400);
    expect((await post(who.operator.headers, [1, 2])).statusCode).toBe(400);
  });
});
