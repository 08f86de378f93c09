import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceLevelSchema, type ServiceLevel } from '@contract/service-level';
import { statisticsSchema } from '@contract/statistics';
import { queryRows } from '../platform/db/client';
import { profile, ticket } from '../platform/db/schema';
import { createTestApi, type TestApi } from '../test/helper';
import { signInCallers, type Callers } from '../test/tickets';

/**
 * The service-level report (issue 37, decision 183) over events written straight into the table in March 2021,
 * with their deadlines and business times as H1's lifecycle records them: exact counts, percentages, median and
 * 90th percentile, breaches, the files, and the same numbers as the statistics call and the monthly summary.
 */
let api: TestApi;
let who: Callers;
let operatorName: string;
const H = 3_600_000;
const at = (text: string) => new Date(`2021-03-${text}-03:00`);
const CLAIM = 1; // Cobro de peaje
const INCIDENT = 9; // Accidente de tránsito
const BUSINESS_HOURS = 2; // Horario hábil, Monday to Friday 08:30–18:00 (decision 178)

type Row = Partial<typeof ticket.$inferInsert> & { folio: string; classificationId: number };

async function insert(rows: Row[]) {
  await api.database.db.insert(ticket).values(
    rows.map((r) => ({
      type: r.classificationId === INCIDENT ? 'INCIDENT' : 'CLAIM',
      statusCode: 'CLOSED',
      channelCode: 'WEB',
      description: 'Evento de prueba del nivel de servicio',
      kilometer: 10,
      sector: 'Placilla',
      commune: 'Valparaíso',
      orientation: 'NORTH_SOUTH',
      dateEvent: at('01T09:00'),
      createdAt: at('01T09:00'),
      ...r,
    })) as (typeof ticket.$inferInsert)[],
  );
}

beforeAll(async () => {
  api = await createTestApi({ demoTickets: 20 });
  who = await signInCallers(api);
  const [op] = await api.database.db.select().from(profile).where(eq(profile.id, who.operator.id));
  operatorName = `${op!.firstName} ${op!.lastName}`;
  await insert([
    // On time both ways.
    { folio: 'R-2021-000001', classificationId: CLAIM, calendarId: BUSINESS_HOURS, firstAnswerDueAt: at('02T09:00'), firstResponseAt: at('01T10:00'), firstAnsweredAt: at('01T10:00'),
      firstAnswerBusinessMs: 1 * H, dueAt: at('04T09:00'), closedAt: at('02T09:00'), resolutionBusinessMs: 8 * H, closureReason: 'RESOLVED' },
    // Answered 2 business hours late; closed a business day late (Tue 12:00 to Wed 12:00: 6 h + 3.5 h).
    { folio: 'R-2021-000002', classificationId: CLAIM, calendarId: BUSINESS_HOURS, firstAnswerDueAt: at('01T12:00'), firstResponseAt: at('01T14:00'), firstAnsweredAt: at('01T14:00'),
      firstAnswerBusinessMs: 5 * H, dueAt: at('02T12:00'), closedAt: at('03T12:00'), resolutionBusinessMs: 19 * H, closureReason: 'RESOLVED',
      assignedToId: who.operator.id },
    // No first-answer target, created before calendars: its times are real elapsed time.
    { folio: 'R-2021-000003', classificationId: CLAIM, firstResponseAt: at('01T11:00'), dueAt: at('05T09:00'), closedAt: at('01T15:00'), closureReason: 'RESOLVED' },
    // Still open, never answered, both deadlines past, around the clock.
    { folio: 'R-2021-000004', classificationId: CLAIM, statusCode: 'IN_PROGRESS', calendarId: 1, firstAnswerDueAt: at('01T10:00'), dueAt: at('02T09:00'),
      assignedToId: who.operator.id },
    // An incident answered in 20 minutes and put on hold before its deadline: no breach.
    { folio: 'I-2021-000005', classificationId: INCIDENT, statusCode: 'ON_HOLD', calendarId: 1, firstAnswerDueAt: at('01T09:30'), firstResponseAt: at('01T09:20'), firstAnsweredAt: at('01T09:20'),
      firstAnswerBusinessMs: H / 3, dueAt: at('01T11:00'), pausedAt: at('01T10:00') },
  ]);
  // The embedded database's start and seed on a loaded machine.
}, 180_000);
afterAll(() => api.close());

const get = (url: string, token: string) => api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const march = async (token = who.inspector.token): Promise<ServiceLevel> => {
  const response = await get('/api/report/service-level?year=2021&month=3', token);
  expect(response.statusCode).toBe(200);
  return serviceLevelSchema.parse(response.json().payload);
};

describe('GET /api/report/service-level', () => {
  it('counts answers and resolutions in time, with median and 90th percentile in business hours', async () => {
    const report = await march();
    const claim = report.byClassification.find((c) => c.id === CLAIM)!;
    expect(claim.received).toBe(4);
    expect(claim.firstAnswer).toEqual({
      withTarget: 3, withoutTarget: 1, onTime: 1, late: 1, overdue: 1, rate: 0.5,
      // 1, 2 (real time) and 5 hours: median 2, p90 2 + 0.8 × 3.
      medianHours: 2, p90Hours: 4.4, realTimeMeasured: 1,
    });
    expect(claim.resolution).toEqual({
      closed: 3, onTime: 2, late: 1, overdue: 1, rate: 0.667,
      // 6 (real time), 8 and 19 hours: median 8, p90 8 + 0.8 × 11.
      medianHours: 8, p90Hours: 16.8, realTimeMeasured: 1,
    });
    const incident = report.byClassification.find((c) => c.id === INCIDENT)!;
    expect(incident.received).toBe(1);
    expect(incident.firstAnswer).toMatchObject({ withTarget: 1, onTime: 1, late: 0, overdue: 0, rate: 1, medianHours: 0.3 });
    expect(incident.resolution).toMatchObject({ closed: 0, overdue: 0, rate: null, medianHours: null });
    // A classification with nothing in the month is listed with zeros.
    expect(report.byClassification.find((c) => c.id === 2)).toMatchObject({ received: 0, resolution: { rate: null } });
    expect(report.byType).toEqual([
      { type: 'CLAIM', received: 4, firstAnswer: claim.firstAnswer, resolution: claim.resolution },
      { type: 'INCIDENT', received: 1, firstAnswer: incident.firstAnswer, resolution: incident.resolution },
    ]);
    expect(report.total.received).toBe(5);
    expect(report.total.firstAnswer).toMatchObject({ onTime: 2, late: 1, overdue: 1, rate: 0.667, medianHours: 1.5 });
  });

  it('lists each missed deadline with how late it was in its calendar’s business hours and who had it', async () => {
    const report = await march(who.supervisor.token);
    expect(report.breachCount).toBe(4);
    const by = (folio: string, deadline: string) => report.breaches.find((b) => b.folio === folio && b.deadline === deadline);
    expect(by('R-2021-000002', 'FIRST_ANSWER')).toMatchObject({ lateHours: 2, assignee: operatorName, classification: 'Cobro de peaje' });
    expect(by('R-2021-000002', 'RESOLUTION')).toMatchObject({ lateHours: 9.5, metAt: at('03T12:00').toISOString() });
    const open = by('R-2021-000004', 'RESOLUTION')!;
    expect(open.metAt).toBeNull();
    expect(open.lateHours).toBeGreaterThan(((Date.now() - at('02T09:00').getTime()) / H) - 1);
    expect(by('R-2021-000004', 'FIRST_ANSWER')).toBeDefined();
    expect(report.breaches.some((b) => b.folio === 'R-2021-000001' || b.folio === 'I-2021-000005')).toBe(false);
  });

  it('gives the same numbers as the statistics call and the monthly summary for the month', async () => {
    // Two events of the demo data in the month as well, with no deadline data of the new clock.
    const report = await march(who.admin.token);
    const stats = statisticsSchema.parse((await get('/api/report/reportStatistic?year=2021&month=3', who.admin.token)).json().payload);
    expect(report.total.received).toBe(stats.counters.total);
    expect(report.total.resolution.closed).toBe(stats.counters.closed);
    expect(report.total.resolution.overdue).toBe(stats.counters.late);
    for (const c of report.byClassification) {
      expect(c.received).toBe(stats.byClassification.find((s) => s.id === c.id)?.count ?? 0);
      const compliance = stats.slaCompliance.find((s) => s.classificationId === c.id)!;
      expect({ closed: c.resolution.closed, onTime: c.resolution.onTime, rate: c.resolution.rate, late: c.resolution.overdue }).toEqual({
        closed: compliance.closed, onTime: compliance.onTime, rate: compliance.rate, late: compliance.lateActive,
      });
    }
    for (const t of report.byType) expect(t.received).toBe(stats.byType.find((s) => s.key === t.type)!.count);
    // The monthly summary's file (report 2) says the same.
    const summary = parse((await get('/api/report/2?year=2021&month=3&format=csv&dialect=rfc4180', who.admin.token)).body.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
    }) as string[][];
    expect(summary.find((r) => r[0] === 'Eventos ingresados')?.[1]).toBe(String(report.total.received));
    expect(summary.find((r) => r[0] === 'Cobro de peaje')?.[1]).toBe('4');
  });

  it('refuses operators, drivers and strangers, and a bad month in Spanish', async () => {
    expect((await get('/api/report/service-level?year=2021&month=3', who.operator.token)).statusCode).toBe(403);
    expect((await get('/api/report/service-level?year=2021&month=3', who.driver.token)).statusCode).toBe(403);
    expect((await api.app.inject({ method: 'GET', url: '/api/report/service-level?year=2021&month=3' })).statusCode).toBe(401);
    const bad = await get('/api/report/service-level?year=2021&month=13', who.admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.fields.month).toBe('Indique un mes entre 1 y 12');
    expect((await get('/api/report/4?year=2021&month=3&format=csv', who.operator.token)).statusCode).toBe(403);
  });
});

describe('GET /api/report/4 (the service-level report as a file)', () => {
  it('writes the numbers and every breach as CSV in Excel’s Chilean dialect', async () => {
    const response = await get('/api/report/4?year=2021&month=3&format=csv', who.inspector.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="reporte-nivel-servicio-2021-03.csv"');
    const rows = parse(response.body.replace(/^\uFEFF/, ''), { delimiter: ';', relax_column_count: true }) as string[][];
    expect(rows[0]![0]).toBe('Niveles de servicio: marzo de 2021');
    const claim = rows.find((r) => r[0] === 'Clasificación' && r[1] === 'Cobro de peaje')!;
    // Received 4, with target 3, 1 on time, 1 late, 1 overdue, 50 %, median 2, p90 4,4; closed 3, 2 in time, 1 late, 1 overdue, 66,7 %.
    expect(claim.slice(2)).toEqual(['4', '3', '1', '1', '1', '50', '2', '4,4', '3', '2', '1', '1', '66,7', '8', '16,8']);
    const classification2 = rows.find((r) => r[0] === 'Clasificación' && r[1] === 'Estado del pavimento')!;
    expect(classification2[7]).toBe('sin meta');
    const breaches = rows.slice(rows.findIndex((r) => r[0] === 'Incumplimientos') + 2);
    expect(breaches.map((r) => [r[0], r[3]])).toEqual([
      ['R-2021-000002', 'Primera respuesta'],
      ['R-2021-000002', 'Resolución'],
      ['R-2021-000004', 'Primera respuesta'],
      ['R-2021-000004', 'Resolución'],
    ]);
    expect(breaches[1]).toEqual(['R-2021-000002', 'Cobro de peaje', 'Reclamo', 'Resolución', '02-03-2021 12:00', '03-03-2021 12:00', '9,5', operatorName]);
  });

  it('writes the same as an XLSX workbook, printable on A4 landscape', async () => {
    const response = await get('/api/report/4?year=2021&month=3&format=xlsx', who.admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Niveles de servicio');
    expect(sheet.pageSetup.orientation).toBe('landscape');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const claim = rows.find((r) => r[0] === 'Clasificación' && r[1] === 'Cobro de peaje')!;
    expect(claim.slice(2)).toEqual([4, 3, 1, 1, 1, 50, 2, 4.4, 3, 2, 1, 1, 66.7, 8, 16.8]);
    expect(rows.filter((r) => r[0] === 'R-2021-000002' || r[0] === 'R-2021-000004')).toHaveLength(4);
  });

  it('counts nothing in a month without events', async () => {
    const [n] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from ticket where created_at < '2021-03-01'`);
    expect(n!.n).toBe(0);
    const empty = serviceLevelSchema.parse((await get('/api/report/service-level?year=2021&month=2', who.admin.token)).json().payload);
    expect(empty.total.received).toBe(0);
    expect(empty.breachCount).toBe(0);
  });
});
