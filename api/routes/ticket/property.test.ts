import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRut, rutCheckDigit } from '@contract/rut';
import type { Ticket } from '@contract/ticket-dto';
import { CHANNELS, CLOSURE_REASONS, ORIENTATIONS, TICKET_STATUSES } from '@contract/ticket-codes';
import { roadSegments } from '../../platform/db/seed/reference-data';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, putTicket, signInCallers, storedCounts, validTicketBody, withoutRunningClock, type Callers } from '../../test/tickets';

let api: TestApi;
let who: Callers;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  who = await signInCallers(api);
});
afterAll(() => api.close());

const RUNS = { numRuns: 50 };

/** Values a careless or hostile client might send for any field. */
const junk = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant(''),
  // PostgreSQL refuses NUL in text: it must be a 400, never reach the database.
  fc.constant('texto\u0000nulo'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 3000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);
const fieldNames = Object.keys(validTicketBody());
/** A valid body with some fields replaced by junk, or junk altogether. */
const anyBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), junk).map((overrides) => validTicketBody(overrides)),
  fc.record({
    statusCode: fc.oneof(fc.constantFrom(...TICKET_STATUSES), junk),
    assignedToId: fc.oneof(fc.constant(null), fc.uuid(), junk),
    closureReason: fc.oneof(fc.constantFrom(...CLOSURE_REASONS), junk),
  }, { requiredKeys: [] }),
  fc.anything(),
);

describe('random bodies', () => {
  it('POST never answers 5xx and stores nothing when it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        const before = await storedCounts(api);
        const response = await api.app.inject({
          method: 'POST',
          url: '/api/ticket',
          headers: { ...who.operator.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body ?? null),
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        const after = await storedCounts(api);
        if (response.statusCode === 201) expect(after).toEqual({ tickets: before.tickets + 1, history: before.history + 1 });
        else expect(after).toEqual(before);
      }),
      RUNS,
    );
  });

  it('PUT never answers 5xx and changes nothing when it refuses', async () => {
    const target = await createTicket(api, who.operator);
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        const before = await api.app.inject({ method: 'GET', url: `/api/ticket/${target.id}`, headers: who.operator.headers });
        const counts = await storedCounts(api);
        const response = await api.app.inject({
          method: 'PUT',
          url: `/api/ticket/${target.id}`,
          headers: { ...who.supervisor.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body ?? null),
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode !== 200) {
          const after = await api.app.inject({ method: 'GET', url: `/api/ticket/${target.id}`, headers: who.operator.headers });
          expect(withoutRunningClock(after.json())).toEqual(withoutRunningClock(before.json()));
          expect(await storedCounts(api)).toEqual(counts);
        }
      }),
      RUNS,
    );
  });

  it('list queries never answer 5xx', async () => {
    const params = ['page', 'size', 'tab', 'status', 'classificationId', 'type', 'sector', 'commune', 'orientation', 'kmFrom', 'kmTo', 'dateFrom', 'dateTo', 'assignedToId', 'late', 'q', 'sort'];
    const value = fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constant('a\u0000bc'), fc.integer().map(String), fc.constant(''));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...params), value), async (query) => {
        const qs = new URLSearchParams(query).toString();
        const response = await api.app.inject({ method: 'GET', url: `/api/ticket/list/all?${qs}`, headers: who.inspector.headers });
        expect(response.statusCode, `${qs} ${response.body}`).toBeLessThan(500);
      }),
      RUNS,
    );
  });
});

/** Valid input in the many shapes people type it, and what the API must store. */
const text = (max: number) =>
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0 && !s.includes('\u0000'));
const rutArb = fc
  .tuple(fc.integer({ min: 1_000_000, max: 99_999_999 }), fc.boolean())
  .map(([body, dots]) => {
    const stored = `${body}-${rutCheckDigit(body)}`;
    return { typed: dots ? formatRut(stored) : stored.replace('-', ''), stored };
  });
const phoneArb = fc
  .tuple(fc.integer({ min: 200_000_000, max: 999_999_999 }), fc.constantFrom('+56 ', '56', '', '+56'))
  .map(([digits, prefix]) => {
    const d = String(digits);
    return { typed: `${prefix}${d.slice(0, 1)} ${d.slice(1, 5)} ${d.slice(5)}`, stored: `+56${d}` };
  });
const kmArb = fc
  .tuple(fc.integer({ min: 0, max: 116_000 }), fc.boolean())
  .map(([thousandths, asText]) => {
    const km = thousandths / 1000;
    return { typed: asText ? String(km).replace('.', ',') : km, stored: km };
  });
const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,8})?$/), fc.constantFrom('correo.cl', 'gmail.com', 'concesion.demo'))
  .map(([local, domain]) => `${local}@${domain}`);
/** A place of the road profile, as typed with stray spaces around it (sector and commune are chosen from it). */
const place = (names: string[]) => fc.tuple(fc.constantFrom(...new Set(names)), fc.constantFrom('', ' ', '  ')).map(([name, pad]) => `${pad}${name}${pad}`);
const validBody = fc.record({
  description: text(2000),
  kilometer: kmArb,
  sector: place(roadSegments.map((s) => s.sector)),
  commune: place(roadSegments.map((s) => s.commune)),
  orientation: fc.constantFrom(...ORIENTATIONS),
  dateEvent: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date(Date.now() - 60_000), noInvalidDate: true }),
  classificationId: fc.integer({ min: 1, max: 13 }),
  realAddress: fc.option(text(200), { nil: null }),
  email: fc.option(emailArb, { nil: null }),
  fullName: text(120),
  phone: phoneArb,
  rut: rutArb,
  channelCode: fc.constantFrom(...CHANNELS),
});

describe('valid bodies', () => {
  it('round-trip: GET after POST returns the same values, RUT and phone normalised', async () => {
    await fc.assert(
      fc.asyncProperty(validBody, async (b) => {
        const response = await api.app.inject({
          method: 'POST',
          url: '/api/ticket',
          headers: who.supervisor.headers,
          payload: { ...b, kilometer: b.kilometer.typed, phone: b.phone.typed, rut: b.rut.typed, dateEvent: b.dateEvent.toISOString() },
        });
        expect(response.statusCode, response.body).toBe(201);
        const id = response.json().payload.id;
        const stored: Ticket = (await api.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: who.supervisor.headers })).json().payload;
        expect(stored).toMatchObject({
          description: b.description.trim(),
          kilometer: b.kilometer.stored,
          sector: b.sector.trim(),
          commune: b.commune.trim(),
          orientation: b.orientation,
          dateEvent: b.dateEvent.toISOString(),
          classificationId: b.classificationId,
          realAddress: b.realAddress?.trim() ?? null,
          email: b.email,
          fullName: b.fullName.trim(),
          phone: b.phone.stored,
          rut: b.rut.stored,
          channelCode: b.channelCode,
        });
      }),
      RUNS,
    );
  });

  it('round-trip through PUT: an edit of every field reads back as sent', async () => {
    const target = await createTicket(api, who.operator);
    await fc.assert(
      fc.asyncProperty(validBody.filter((b) => b.classificationId <= 5), async (b) => {
        const { channelCode: _ignored, ...fields } = b;
        const response = await putTicket(api, who.operator, target.id, {
          ...fields,
          kilometer: b.kilometer.typed,
          phone: b.phone.typed,
          rut: b.rut.typed,
          dateEvent: b.dateEvent.toISOString(),
        });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json().payload).toMatchObject({
          description: b.description.trim(),
          kilometer: b.kilometer.stored,
          rut: b.rut.stored,
          phone: b.phone.stored,
          email: b.email,
          realAddress: b.realAddress?.trim() ?? null,
          dateEvent: b.dateEvent.toISOString(),
        });
      }),
      { numRuns: 40 },
    );
  });
});
