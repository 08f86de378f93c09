import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@contract/messages';
import type { CalendarsResponse } from '@contract/calendar';
import { createTestApi, type TestApi } from '../../test/helper';
import { signInCallers, type Caller, type Callers } from '../../test/tickets';
import { readCalendar } from '../../domain/calendar/store';
import { isBusinessDay } from '../../domain/calendar/business-time';

let api: TestApi;
let who: Callers;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  who = await signInCallers(api);
});
afterAll(() => api.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, caller?: Caller, payload?: unknown, headers: Record<string, string> = {}) =>
  api.app.inject({ method, url, payload: payload as object, headers: { ...(caller?.headers ?? {}), ...headers } });

const read = async (): Promise<CalendarsResponse> => (await call('GET', '/api/calendar', who.admin)).json().payload;
const businessHours = { name: 'Horario hábil', aroundTheClock: false, days: [1, 2, 3, 4, 5], opens: '08:30', closes: '18:00' };

describe('GET /api/calendar', () => {
  it('gives the admin both calendars, the holidays to come and every classification’s targets', async () => {
    const response = await call('GET', '/api/calendar', who.admin);
    expect(response.statusCode).toBe(200);
    const body: CalendarsResponse = response.json().payload;
    expect(body.calendars).toEqual([
      { id: 1, name: 'Continuo (24/7)', aroundTheClock: true, days: [1, 2, 3, 4, 5], opens: '08:30', closes: '18:00', changedDays: [] },
      { id: 2, name: 'Horario hábil', aroundTheClock: false, days: [1, 2, 3, 4, 5], opens: '08:30', closes: '18:00', changedDays: [] },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const nextYear = String(new Date().getUTCFullYear() + 1);
    expect(body.holidays.every((h) => h.day >= today.slice(0, 8) + '00')).toBe(true);
    expect(body.holidays).toContainEqual(expect.objectContaining({ day: `${nextYear}-09-18` }));
    expect(body.holidays).toContainEqual(expect.objectContaining({ day: `${nextYear}-12-08` }));
    expect(body.holidays.some((h) => h.day.endsWith('-12-31'))).toBe(false);
    expect(body.classifications.length).toBeGreaterThan(0);
    expect(body.classifications[0]).toEqual(
      // The demo's targets (decision 179): every classification has a first answer due, in whole hours.
      expect.objectContaining({ calendarId: expect.any(Number), resolutionHours: expect.any(Number), firstAnswerHours: expect.any(Number) }),
    );
    expect(body.notice).toBe('Los cambios se aplican a los eventos creados desde ahora');
  });

  it('refuses every other role, and anyone signed out', async () => {
    expect((await call('GET', '/api/calendar')).statusCode).toBe(401);
    for (const caller of [who.driver, who.operator, who.supervisor, who.inspector]) {
      expect((await call('GET', '/api/calendar', caller)).statusCode).toBe(403);
      expect((await call('PUT', '/api/calendar/2', caller, businessHours)).statusCode).toBe(403);
      expect((await call('PUT', '/api/calendar/2/day/2026-12-24', caller, { open: false })).statusCode).toBe(403);
      expect((await call('DELETE', '/api/calendar/2/day/2026-12-24', caller)).statusCode).toBe(403);
      expect((await call('POST', '/api/calendar', caller, { ...businessHours, name: 'Otro' })).statusCode).toBe(403);
      expect((await call('PUT', '/api/classification/1/deadline', caller, { calendarId: 2, firstAnswerHours: 4, resolutionHours: 48 })).statusCode).toBe(403);
    }
    expect((await read()).calendars.find((c) => c.id === 2)?.changedDays).toEqual([]);
  });
});

describe('PUT /api/calendar/{id}', () => {
  it('changes the hours the clock runs on, at once for the next reader, and says it applies from now on', async () => {
    const saved = await call('PUT', '/api/calendar/2', who.admin, { ...businessHours, days: [6, 1, 2, 3, 4, 5], opens: '09:00', closes: '14:00' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payload.notice).toBe(messages.calendarSaved);
    expect((await read()).calendars[1]).toMatchObject({ days: [1, 2, 3, 4, 5, 6], opens: '09:00', closes: '14:00' });
    const calendar = await readCalendar(api.app.db, 2);
    expect(calendar.hours).toEqual({ days: [1, 2, 3, 4, 5, 6], opens: 540, closes: 840 });
    expect(isBusinessDay(calendar, '2026-11-28')).toBe(true); // a Saturday, now worked
    expect((await call('PUT', '/api/calendar/2', who.admin, businessHours)).statusCode).toBe(200);
  });

  it('refuses hours the clock cannot run on, in Spanish beside each field, and keeps what was saved', async () => {
    const noDays = await call('PUT', '/api/calendar/2', who.admin, { ...businessHours, days: [] });
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().errors.fields).toEqual({ days: 'Marque al menos un día de la semana' });
    const backwards = await call('PUT', '/api/calendar/2', who.admin, { ...businessHours, opens: '18:00', closes: '08:30' });
    expect(backwards.json().errors.fields).toEqual({ closes: 'El cierre debe ser posterior a la apertura' });
    const nonsense = await call('PUT', '/api/calendar/2', who.admin, { ...businessHours, opens: '25:00', name: '  ' });
    expect(nonsense.json().errors.fields).toMatchObject({ opens: messages.calendarTimeInvalid, name: 'El nombre del calendario es requerido' });
    const taken = await call('PUT', '/api/calendar/2', who.admin, { ...businessHours, name: 'Continuo (24/7)' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.fields).toEqual({ name: 'Ya existe un calendario con ese nombre' });
    expect((await call('PUT', '/api/calendar/99', who.admin, businessHours)).statusCode).toBe(404);
    expect((await read()).calendars[1]).toMatchObject(businessHours);
  });

  it('a 24/7 calendar needs no days, and keeps the hours typed for when it goes back', async () => {
    const saved = await call('PUT', '/api/calendar/1', who.admin, { name: 'Continuo (24/7)', aroundTheClock: true, days: [], opens: '08:30', closes: '18:00' });
    expect(saved.statusCode).toBe(200);
    expect((await readCalendar(api.app.db, 1)).hours).toBeNull();
  });

  it('a repeated write with the same Idempotency-Key answers the same and writes once', async () => {
    const headers = { 'idempotency-key': 'calendar-add-0000000001' };
    const body = { ...businessHours, name: 'Turno de emergencia', days: [1, 2, 3, 4, 5, 6, 7], opens: '00:00', closes: '24:00' };
    const first = await call('POST', '/api/calendar', who.admin, body, headers);
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/calendar', who.admin, body, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().payload.id).toBe(first.json().payload.id);
    expect((await read()).calendars.filter((c) => c.name === 'Turno de emergencia')).toHaveLength(1);
    expect((await call('POST', '/api/calendar', who.admin, body)).statusCode).toBe(409);
  });
});

describe('changed days', () => {
  it('closes a business day and works a holiday; the clock sees both; removing gives the day back', async () => {
    const closed = await call('PUT', '/api/calendar/2/day/2026-12-24', who.admin, { open: false, note: 'Cierre regional' });
    expect(closed.statusCode).toBe(200);
    expect((await call('PUT', '/api/calendar/2/day/2026-12-08', who.admin, { open: true })).statusCode).toBe(200);
    expect((await read()).calendars[1]!.changedDays).toEqual([
      { day: '2026-12-08', open: true, note: '' },
      { day: '2026-12-24', open: false, note: 'Cierre regional' },
    ]);
    let calendar = await readCalendar(api.app.db, 2);
    expect(isBusinessDay(calendar, '2026-12-24')).toBe(false);
    expect(isBusinessDay(calendar, '2026-12-08')).toBe(true);
    // Set again: the note changes, no second row.
    await call('PUT', '/api/calendar/2/day/2026-12-24', who.admin, { open: false, note: 'Emergencia' });
    expect((await read()).calendars[1]!.changedDays.filter((d) => d.day === '2026-12-24')).toEqual([{ day: '2026-12-24', open: false, note: 'Emergencia' }]);

    expect((await call('DELETE', '/api/calendar/2/day/2026-12-24', who.admin)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/calendar/2/day/2026-12-08', who.admin)).statusCode).toBe(200);
    calendar = await readCalendar(api.app.db, 2);
    expect(isBusinessDay(calendar, '2026-12-24')).toBe(true);
    expect(isBusinessDay(calendar, '2026-12-08')).toBe(false);
    const gone = await call('DELETE', '/api/calendar/2/day/2026-12-24', who.admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors.message).toBe(messages.calendarDayNotFound);
  });

  it('refuses a date that does not exist and a note too long, in Spanish', async () => {
    const date = await call('PUT', '/api/calendar/2/day/2026-02-31', who.admin, { open: false });
    expect(date.statusCode).toBe(400);
    expect(Object.values(date.json().errors.fields)).toContain('Ingrese una fecha válida (AAAA-MM-DD)');
    const note = await call('PUT', '/api/calendar/2/day/2026-12-24', who.admin, { open: false, note: 'x'.repeat(121) });
    expect(note.json().errors.fields.note).toBe(formatMessage(messages.calendarDayNoteTooLong, { max: 120 }));
    expect((await call('PUT', '/api/calendar/77/day/2026-12-24', who.admin, { open: false })).statusCode).toBe(404);
  });
});

describe('PUT /api/classification/{id}/deadline', () => {
  it('gives a classification a calendar and both targets; null means no first-answer target', async () => {
    const [first] = (await read()).classifications;
    const saved = await call('PUT', `/api/classification/${first!.id}/deadline`, who.admin, { calendarId: 2, firstAnswerHours: 4, resolutionHours: 72 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payload.notice).toBe(messages.calendarSaved);
    expect((await read()).classifications[0]).toMatchObject({ id: first!.id, calendarId: 2, firstAnswerHours: 4, resolutionHours: 72 });
    const categories = (await call('GET', '/api/ticket/category', who.operator)).json().payload as { id: number; slaHours: number }[];
    expect(categories.find((c) => c.id === first!.id)?.slaHours).toBe(72);
    await call('PUT', `/api/classification/${first!.id}/deadline`, who.admin, { calendarId: first!.calendarId, firstAnswerHours: null, resolutionHours: first!.resolutionHours });
    expect((await read()).classifications[0]).toEqual({ ...first, firstAnswerHours: null });
    await call('PUT', `/api/classification/${first!.id}/deadline`, who.admin, { calendarId: first!.calendarId, firstAnswerHours: first!.firstAnswerHours, resolutionHours: first!.resolutionHours });
    expect((await read()).classifications[0]).toEqual(first);
  });

  it('refuses hours that are not whole and positive, and a calendar that does not exist, in Spanish', async () => {
    const [first] = (await read()).classifications;
    const hours = formatMessage(messages.deadlineHoursInvalid, { max: 8760 });
    const bad = await call('PUT', `/api/classification/${first!.id}/deadline`, who.admin, { calendarId: 1, firstAnswerHours: 0, resolutionHours: 1.5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.fields).toEqual({ firstAnswerHours: hours, resolutionHours: hours });
    const calendar = await call('PUT', `/api/classification/${first!.id}/deadline`, who.admin, { calendarId: 99, firstAnswerHours: null, resolutionHours: 24 });
    expect(calendar.statusCode).toBe(400);
    expect(calendar.json().errors.fields).toEqual({ calendarId: 'El calendario no existe' });
    expect((await call('PUT', '/api/classification/9999/deadline', who.admin, { calendarId: 1, firstAnswerHours: null, resolutionHours: 24 })).statusCode).toBe(404);
    expect((await read()).classifications[0]).toEqual(first);
  });
});
