import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import type { Role } from '@contract/roles';
import { profile } from '../../platform/db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, putTicket, signInCallers, type Caller, type Callers } from '../../test/tickets';

/**
 * Staff see a person's RUT whole only where their task needs it (contract/permissions.ts PERSONAL_DATA_PERMISSIONS,
 * decision 147), and nobody sees a blocked person's identifiers in a report file (Ley 21.719 art. 8 ter).
 */
let api: TestApi;
let who: Callers;
const now = new Date();
const month = Number(now.toLocaleString('en-US', { timeZone: 'America/Santiago', month: 'numeric' }));
const year = Number(now.toLocaleString('en-US', { timeZone: 'America/Santiago', year: 'numeric' }));

const WHOLE = '12.345.678-5';
const MASKED = '12.345.***-5';
let folio: string;
let id: number;

beforeAll(async () => {
  api = await createTestApi({ demoTickets: 20 });
  who = await signInCallers(api);
  // An event taken by phone for someone, whose RUT was then corrected (the history keeps both values).
  const created = await createTicket(api, who.operator, { rut: '9.876.543-3', fullName: 'Ramón Lagos Fuentes', description: 'Reclamo de prueba de máscara' });
  expect((await putTicket(api, who.operator, created.id, { rut: WHOLE })).statusCode).toBe(200);
  ({ folio, id } = created);
});
afterAll(() => api.close());

const get = (url: string, caller: Caller) => api.app.inject({ method: 'GET', url, headers: caller.headers });
const STAFF = ['operator', 'supervisor', 'inspector', 'admin'] as const;

describe('event lists', () => {
  it.each(STAFF)('show the %s every RUT masked, and still find the event by its whole RUT', async (key) => {
    for (const url of ['/api/ticket/list/all?size=100', `/api/ticket/list/all?q=${encodeURIComponent(WHOLE)}`]) {
      const page = (await get(url, who[key])).json().payload;
      const item = page.content.find((row: { folio: string }) => row.folio === folio);
      expect(item, url).toBeDefined();
      expect(item.rut).toBe(MASKED);
      for (const row of page.content) if (row.rut !== null) expect(row.rut).toMatch(/\*\*\*-[\dK]$/);
    }
  });

  it('show the operator’s own assigned list masked too', async () => {
    await putTicket(api, who.supervisor, id, { assignedToId: who.operator.id });
    const page = (await get('/api/ticket/list/me?size=100', who.operator)).json().payload;
    expect(page.content.find((row: { folio: string }) => row.folio === folio).rut).toBe(MASKED);
    const theirs = (await get(`/api/ticket/list/operator/${who.operator.id}?size=100`, who.inspector)).json().payload;
    expect(theirs.content.find((row: { folio: string }) => row.folio === folio).rut).toBe(MASKED);
  });

  it('show a driver their own RUT whole', async () => {
    const own = await createTicket(api, who.driver, { rut: '11.111.111-1', channelCode: undefined });
    const page = (await get('/api/ticket/list/me?size=100', who.driver)).json().payload;
    expect(page.content.find((row: { folio: string }) => row.folio === own.folio).rut).toBe('11111111-1');
    expect((await get(`/api/ticket/${own.id}`, who.driver)).json().payload.rut).toBe('11111111-1');
  });
});

describe("an event's page", () => {
  it.each([
    ['operator', '12345678-5'],
    ['supervisor', '12345678-5'],
    ['admin', '12345678-5'],
    ['inspector', MASKED],
  ] as const)('shows the %s the RUT as %s, in the event and in its history', async (key, expected) => {
    for (const url of [`/api/ticket/${id}`, `/api/ticket/${id}?include=conversation`]) {
      const event = (await get(url, who[key])).json().payload;
      expect(event.rut, url).toBe(expected);
      expect(event.fullName).toBe('Ramón Lagos Fuentes');
    }
    const history = (await get(`/api/ticket/${id}/history`, who[key])).json().payload;
    const correction = history.find((entry: { changes: Record<string, unknown> }) => entry.changes.rut);
    const text = JSON.stringify(correction.changes.rut);
    if (key === 'inspector') {
      expect(text).not.toContain('9876543');
      expect(text).not.toContain('12345678');
      expect(correction.changes.rut).toEqual({ from: '9.876.***-3', to: MASKED });
    } else {
      expect(correction.changes.rut).toEqual({ from: '9876543-3', to: '12345678-5' });
    }
  });
});

describe('report files that name people', () => {
  const csvRow = async (caller: Caller, wanted: string) => {
    const response = await get(`/api/report/1?month=${month}&year=${year}&format=csv`, caller);
    expect(response.statusCode).toBe(200);
    const records: string[][] = parse(response.body, { bom: true, delimiter: ';' });
    const header = records[0]!;
    const row = records.find((r) => r[0] === wanted)!;
    return (name: string) => row[header.indexOf(name)];
  };
  const xlsxRow = async (caller: Caller, wanted: string) => {
    const response = await get(`/api/report/1?month=${month}&year=${year}`, caller);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === wanted)!;
    return (name: string) => row.getCell(header.indexOf(name) + 1).value;
  };

  it.each([
    ['operator', WHOLE],
    ['supervisor', WHOLE],
    ['admin', WHOLE],
    ['inspector', MASKED],
  ] as const)('show the %s the RUT as %s, in CSV and in the workbook alike', async (key, expected) => {
    expect((await csvRow(who[key], folio))('RUT')).toBe(expected);
    expect((await xlsxRow(who[key], folio))('RUT')).toBe(expected);
    expect((await csvRow(who[key], folio))('Nombre')).toBe('Ramón Lagos Fuentes');
  });

  it('replace a blocked reporter’s name, RUT, e-mail, phone and address with "Datos bloqueados" for every role', async () => {
    const blocked = await createTicket(api, who.otherDriver, {
      rut: '7.654.321-6',
      fullName: 'Otra Conductora',
      email: 'otra.bloqueada@correo.demo',
      phone: '+56 9 5555 4444',
      realAddress: 'Pasaje Bloqueo 12',
      channelCode: undefined,
    });
    await api.database.db.update(profile).set({ privacyBlockedAt: new Date() }).where(eq(profile.id, who.otherDriver.id));
    const personal = ['Nombre', 'RUT', 'Correo', 'Teléfono', 'Dirección'];
    for (const key of STAFF) {
      const csv = await csvRow(who[key], blocked.folio);
      const xlsx = await xlsxRow(who[key], blocked.folio);
      for (const name of personal) {
        expect(csv(name), `${key} CSV ${name}`).toBe(messages.privacyDataBlocked);
        expect(xlsx(name), `${key} workbook ${name}`).toBe(messages.privacyDataBlocked);
      }
      // The event itself stays in the file for the statistics.
      expect(csv('Descripción')).toBe('Bache de gran tamaño en la pista derecha');
      // Other people's rows are untouched.
      expect((await csvRow(who[key], folio))('Nombre')).toBe('Ramón Lagos Fuentes');
    }
    await api.database.db.update(profile).set({ privacyBlockedAt: null }).where(eq(profile.id, who.otherDriver.id));
    expect((await csvRow(who.operator, blocked.folio))('RUT')).toBe('7.654.321-6');
  });
});

describe('the roles of the table', () => {
  it('leave the admin’s user pages with the whole RUT', async () => {
    const list = (await get('/api/user/list?q=conductor', who.admin)).json().payload;
    expect(list.content.some((user: { rut: string | null }) => user.rut !== null && !user.rut.includes('*'))).toBe(true);
  });

  it('never give a driver another person’s event, masked or not', async () => {
    const response = await get(`/api/ticket/${id}`, who.driver);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('12345678');
  });

  it.each(['DRIVER', 'OPERATOR'] as Role[])('(%s) masks nothing of the event it creates in its answer', async (role) => {
    const caller = role === 'DRIVER' ? who.driver : who.operator;
    const created = await createTicket(api, caller, { rut: '11.111.111-1', ...(role === 'DRIVER' ? { channelCode: undefined } : {}) });
    expect(created.rut).toBe('11111111-1');
  });
});
