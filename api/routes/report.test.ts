import { PassThrough, Readable, Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { and, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROAD_VIEW_LIMIT, statisticsSchema } from '@contract/statistics';
import { ticketTypeLabels } from '@contract/messages';
import { queryRows } from '../platform/db/client';
import { ticket } from '../platform/db/schema';
import { monthRange, writeMonthlyReport } from '../domain/reports/monthly';
import { ROWS_PER_READ } from '../domain/reports/detail-report';
import { csvSink, sheetNameOf, xlsxSink, type TableSink } from '../domain/reports/sinks';
import { REPORTS } from '@contract/report';
import { createTestApi, type TestApi } from '../test/helper';
import { createTicket, signInCallers, type Callers } from '../test/tickets';
import { isLate } from '../domain/tickets/sla';

let api: TestApi;
let who: Callers;
const now = new Date();
const thisMonth = { year: Number(now.toLocaleString('en-US', { timeZone: 'America/Santiago', year: 'numeric' })), month: Number(now.toLocaleString('en-US', { timeZone: 'America/Santiago', month: 'numeric' })) };
const lastMonth = thisMonth.month === 1 ? { year: thisMonth.year - 1, month: 12 } : { year: thisMonth.year, month: thisMonth.month - 1 };

beforeAll(async () => {
  api = await createTestApi({ demoTickets: 120 });
  who = await signInCallers(api);
});
afterAll(() => api.close());

const get = (url: string, token: string) => api.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

async function foliosCreatedIn(year: number, month: number): Promise<string[]> {
  const range = monthRange(year, month);
  const rows = await api.database.db
    .select({ folio: ticket.folio })
    .from(ticket)
    .where(and(gte(ticket.createdAt, range.from), lt(ticket.createdAt, range.to)));
  return rows.map((r) => r.folio).sort();
}

async function readWorkbook(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('GET /api/report/reportStatistic', () => {
  it('gives staff the whole concession, consistent with the ticket list counters', async () => {
    const stats = statisticsSchema.parse((await get('/api/report/reportStatistic', who.operator.token)).json().payload);
    const list = (await get('/api/ticket/list/all?size=1', who.operator.token)).json().payload;
    expect(stats.scope).toBe('all');
    expect(stats.counters.total).toBe(list.total);
    expect({ new: stats.counters.new, late: stats.counters.late, closed: stats.counters.closed }).toEqual(list.counters);
    expect(stats.counters.active + stats.counters.closed).toBe(stats.counters.total);
    const sum = (rows: { count: number }[]) => rows.reduce((a, r) => a + r.count, 0);
    for (const breakdown of [stats.byType, stats.byClassification, stats.byStatus, stats.byChannel, stats.bySector, stats.byCommune]) {
      expect(sum(breakdown)).toBe(stats.counters.total);
    }
    expect(stats.kilometerStrip.reduce((a, r) => a + r.total, 0)).toBe(stats.counters.total);
    expect(stats.kilometerStrip.reduce((a, r) => a + r.active, 0)).toBe(stats.counters.active);
    expect(stats.trend).toHaveLength(30);
    expect(stats.roadTickets.length).toBe(Math.min(stats.counters.active, ROAD_VIEW_LIMIT));
    expect(stats.roadTickets.filter((t) => t.late).length).toBe(Math.min(stats.counters.late, stats.roadTickets.length));
    const [dbCount] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from ticket`);
    expect(stats.counters.total).toBe(dbCount!.n);
  });

  it('says what a count of the events themselves says: each breakdown, the deadlines kept, the averages', async () => {
    const stats = statisticsSchema.parse((await get('/api/report/reportStatistic', who.admin.token)).json().payload);
    const rows = await api.database.db.select().from(ticket);
    const at = new Date();
    const tally = <K extends string | number>(key: (r: (typeof rows)[number]) => K) =>
      rows.reduce((m, r) => m.set(key(r), (m.get(key(r)) ?? 0) + 1), new Map<K, number>());
    expect(new Map(stats.byStatus.map((b) => [b.key, b.count]))).toEqual(tally((r) => r.statusCode));
    expect(new Map(stats.bySector.map((b) => [b.key, b.count]))).toEqual(tally((r) => r.sector));
    expect(new Map(stats.byChannel.map((b) => [b.key, b.count]))).toEqual(tally((r) => r.channelCode));
    expect(new Map(stats.kilometerStrip.map((k) => [`${k.km} ${k.orientation}`, k.active]))).toEqual(
      new Map([...tally((r) => `${Math.floor(r.kilometer)} ${r.orientation}`).keys()].map((k) => [k, rows.filter((r) => `${Math.floor(r.kilometer)} ${r.orientation}` === k && r.statusCode !== 'CLOSED').length])),
    );
    for (const c of stats.slaCompliance) {
      const mine = rows.filter((r) => r.classificationId === c.classificationId);
      const closed = mine.filter((r) => r.statusCode === 'CLOSED');
      expect(c.closed, c.name).toBe(closed.length);
      expect(c.onTime, c.name).toBe(closed.filter((r) => r.closedAt! <= r.dueAt!).length);
      expect(c.lateActive, c.name).toBe(mine.filter((r) => isLate({ statusCode: r.statusCode as never, dueAt: r.dueAt, pausedAt: r.pausedAt }, at)).length);
    }
    const meanHours = (seconds: number[]) => (seconds.length === 0 ? null : Math.round((seconds.reduce((a, b) => a + b, 0) / seconds.length / 3600) * 10) / 10);
    const answered = rows.filter((r) => r.firstResponseAt !== null);
    const closed = rows.filter((r) => r.statusCode === 'CLOSED' && r.closedAt !== null);
    expect(answered.length).toBeGreaterThan(0);
    expect(stats.averages.firstResponseHours).toBe(meanHours(answered.map((r) => (r.firstResponseAt!.getTime() - r.createdAt.getTime()) / 1000)));
    expect(stats.averages.resolutionHours).toBe(meanHours(closed.map((r) => (r.closedAt!.getTime() - r.createdAt.getTime()) / 1000)));
  });

  it('gives the inspector the same whole view', async () => {
    const stats = (await get('/api/report/reportStatistic', who.inspector.token)).json().payload;
    expect(stats.scope).toBe('all');
  });

  it('gives a driver only their own tickets', async () => {
    const created = await createTicket(api, who.otherDriver);
    const stats = (await get('/api/report/reportStatistic', who.otherDriver.token)).json().payload;
    expect(stats.scope).toBe('own');
    expect(stats.counters.total).toBe(1);
    expect(stats.roadTickets.map((t: { folio: string }) => t.folio)).toEqual([created.folio]);
    const mine = (await get('/api/report/reportStatistic', who.driver.token)).json().payload;
    const [own] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from ticket where reporter_id = ${who.driver.id}`);
    expect(mine.counters.total).toBe(own!.n);
  });

  it('counts a new ticket and its closing at once', async () => {
    const before = (await get('/api/report/reportStatistic', who.admin.token)).json().payload;
    await createTicket(api, who.operator);
    const after = (await get('/api/report/reportStatistic', who.admin.token)).json().payload;
    expect(after.counters.total).toBe(before.counters.total + 1);
    expect(after.counters.new).toBe(before.counters.new + 1);
    expect(after.trend.at(-1).created).toBe(before.trend.at(-1).created + 1);
  });

  it('refuses a half-given month', async () => {
    expect((await get('/api/report/reportStatistic?month=3', who.admin.token)).statusCode).toBe(400);
  });
});

describe('GET /api/report/{id}', () => {
  it('refuses drivers, unknown reports and bad months', async () => {
    expect((await get(`/api/report/1?month=1&year=2026`, who.driver.token)).statusCode).toBe(403);
    expect((await get(`/api/report/9?month=1&year=2026`, who.admin.token)).statusCode).toBe(404);
    expect((await get(`/api/report/abc?month=1&year=2026`, who.admin.token)).statusCode).toBe(404);
    const bad = await get(`/api/report/1?month=13&year=2026`, who.admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.fields.month).toBe('Indique un mes entre 1 y 12');
    expect((await get(`/api/report/1?month=2&year=1999`, who.admin.token)).statusCode).toBe(400);
    expect((await get(`/api/report/1`, who.admin.token)).statusCode).toBe(400);
    expect((await api.app.inject({ method: 'GET', url: '/api/report/1?month=1&year=2026' })).statusCode).toBe(401);
  });

  it('serves the month in detail as a workbook with exactly that month’s tickets', async () => {
    for (const { year, month } of [thisMonth, lastMonth]) {
      const response = await get(`/api/report/1?month=${month}&year=${year}`, who.inspector.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="reporte-eventos-${year}-${String(month).padStart(2, '0')}.xlsx"`,
      );
      const rows = await readWorkbook(response.rawPayload);
      expect(rows[0]).toContain('Folio');
      expect(rows[0]).toContain('Clasificación');
      const folios = rows.slice(1).map((r) => String(r[0])).sort();
      expect(folios).toEqual(await foliosCreatedIn(year, month));
    }
  });

  it('serves the monthly summary with the numbers of the statistics call', async () => {
    const { year, month } = lastMonth;
    const stats = (await get(`/api/report/reportStatistic?month=${month}&year=${year}`, who.supervisor.token)).json().payload;
    const response = await get(`/api/report/2?month=${month}&year=${year}`, who.supervisor.token);
    const rows = await readWorkbook(response.rawPayload);
    const value = (label: unknown) => rows.find((r) => r[0] === label)?.[1];
    expect(value('Eventos ingresados')).toBe(stats.counters.total);
    expect(value('Cerrados')).toBe(stats.counters.closed);
    expect(value('Atrasados')).toBe(stats.counters.late);
    expect(stats.counters.total).toBe((await foliosCreatedIn(year, month)).length);
    for (const t of stats.byType) expect(value(ticketTypeLabels[t.key as keyof typeof ticketTypeLabels])).toBe(t.count);
    for (const s of stats.bySector) expect(value(s.key)).toBe(s.count);
  });

  it('serves deadline compliance per classification', async () => {
    const { year, month } = lastMonth;
    const stats = (await get(`/api/report/reportStatistic?month=${month}&year=${year}`, who.admin.token)).json().payload;
    const rows = await readWorkbook((await get(`/api/report/3?month=${month}&year=${year}&format=xlsx`, who.admin.token)).rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['Clasificación', 'Plazo (horas)', 'Cumplimiento (%)']));
    for (const c of stats.slaCompliance) {
      const row = rows.find((r) => r[0] === c.name)!;
      expect(row[4]).toBe(c.closed);
      expect(row[5]).toBe(c.onTime);
    }
  });

  it('serves CSV as Excel opens it in Chile: ";" between cells, decimal comma, quoted cells, formulas neutralised', async () => {
    const nasty = {
      description: 'Dijo "hola", luego\nse fue; =HYPERLINK("http://x") ;=1+1;',
      fullName: '=cmd|calc',
      realAddress: '-2+3',
      phone: '+56 9 1234 5678',
      rut: '12345678-5',
      kilometer: 12.5,
    };
    const created = await createTicket(api, who.operator, nasty);
    const url = `/api/report/1?month=${thisMonth.month}&year=${thisMonth.year}&format=csv`;
    const response = await get(url, who.operator.token);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('.csv"');
    expect(response.body.charCodeAt(0)).toBe(0xfeff);
    expect(response.body).toMatch(/\r\n$/);
    expect(response.body.split('\r\n')[0]).toBe('\uFEFF"Folio";"Tipo";"Clasificación";"Estado";"Atrasado";"Canal";"Fecha del evento";"Fecha de ingreso";"Kilómetro";"Orientación";"Sector";"Comuna";"Descripción";"Nombre";"RUT";"Correo";"Teléfono";"Dirección";"Responsable";"Vence";"Fecha de cierre";"Motivo de cierre"');
    const records: string[][] = parse(response.body, { bom: true, delimiter: ';' });
    const header = records[0]!;
    const row = records.find((r) => r[0] === created.folio)!;
    const cell = (name: string) => row[header.indexOf(name)];
    expect(row).toHaveLength(header.length);
    expect(cell('Descripción')).toBe(nasty.description);
    // Dates in Chilean time, as a person there reads them.
    const santiago = new Intl.DateTimeFormat('es-CL', {
      timeZone: 'America/Santiago', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    });
    expect(cell('Fecha de ingreso')).toBe(santiago.format(new Date(created.createdAt)).replace(',', ''));
    expect(cell('Vence')).toBe(santiago.format(new Date(created.dueAt)).replace(',', ''));
    expect(cell('Kilómetro')).toBe('12,5');
    expect(cell('Atrasado')).toBe('No');
    expect(cell('Tipo')).toBe('Reclamo');
    // The specification's label with the road profile's destination beside it (decision 157).
    expect(cell('Orientación')).toBe('Norte a Sur (hacia Valparaíso)');
    expect(cell('Nombre')).toBe(`'${nasty.fullName}`);
    expect(cell('Dirección')).toBe(`'${nasty.realAddress}`);
    expect(cell('RUT')).toBe('12.345.678-5');
    // As the screens show it, without an apostrophe: its "+" comes from the stored digits, never from a person (decision 177).
    expect(cell('Teléfono')).toBe('+56 9 1234 5678');
    expect(records.length - 1).toBe((await foliosCreatedIn(thisMonth.year, thisMonth.month)).length);

    // Read as Excel in Chile reads it: ";" splits cells outside quotes; the description stays one
    // text cell and no cell of the row begins like a formula.
    // (The description's own line break is a bare LF inside quotes: the record is one CRLF line.)
    const line = response.body.split('\r\n').find((l) => l.startsWith(`"${created.folio}"`))!;
    const cells = excelCells(line, ';');
    expect(cells).toHaveLength(header.length);
    // Only the phone begins with "+", and it holds nothing but its digits in the screens' shape.
    expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual(['+56 9 1234 5678']);

    // The RFC 4180 dialect gives the same cells with "," and a decimal point.
    const rfc = await get(`${url}&dialect=rfc4180`, who.operator.token);
    expect(rfc.body.charCodeAt(0)).toBe(0xfeff);
    const rfcRecords: string[][] = parse(rfc.body, { bom: true });
    const decimalPoint = (r: string[]) => r.map((c, i) => (i === header.indexOf('Kilómetro') ? c.replace(',', '.') : c));
    expect(rfcRecords.map(decimalPoint)).toEqual(records.map(decimalPoint));
    expect(rfcRecords.find((r) => r[0] === created.folio)![header.indexOf('Kilómetro')]).toBe('12.5');
    expect((await get(`${url}&dialect=tsv`, who.operator.token)).statusCode).toBe(400);
  });

  it('serves workbooks made for Excel: date cells in Chilean time, numbers, fitted columns, a frozen and filtered header', async () => {
    const created = await createTicket(api, who.operator, { rut: '12345678-5', kilometer: 23.25, phone: '+56 9 8765 4321' });
    const response = await get(`/api/report/1?month=${thisMonth.month}&year=${thisMonth.year}`, who.inspector.token);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Detalle de eventos');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:V${sheet.rowCount}`);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const row = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === created.folio)!;
    const cell = (name: string) => row.getCell(header.indexOf(name) + 1);
    // A date cell holds the Santiago wall clock (a spreadsheet's dates have no zone), shown dd-mm-yyyy hh:mm.
    const created_ = cell('Fecha de ingreso');
    expect(created_.value).toBeInstanceOf(Date);
    expect(created_.numFmt).toBe('dd-mm-yyyy hh:mm');
    const wall = new Date(created.createdAt).toLocaleString('sv-SE', { timeZone: 'America/Santiago' }).slice(0, 16);
    expect((created_.value as Date).toISOString().replace('T', ' ').slice(0, 16)).toBe(wall);
    expect(cell('Vence').value).toBeInstanceOf(Date);
    expect(cell('Kilómetro').value).toBe(23.25);
    expect(cell('Orientación').value).toBe('Norte a Sur (hacia Valparaíso)');
    // The inspector sees the RUT masked (decision 147; api/routes/privacy/masking.test.ts has every role).
    expect(cell('RUT').value).toBe('12.345.***-5');
    expect(cell('Teléfono').value).toBe('+56 9 8765 4321');
    for (let c = 1; c <= 22; c++) expect(sheet.getColumn(c).width, `column ${header[c - 1]}`).toBeGreaterThanOrEqual(String(header[c - 1]).length);
    expect(sheet.getColumn(header.indexOf('Descripción') + 1).width).toBeGreaterThan(sheet.getColumn(header.indexOf('Atrasado') + 1).width!);

    // Each report's sheet has a whole name within Excel's 31 characters.
    const names = [];
    for (const id of [1, 2, 3]) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await get(`/api/report/${id}?month=${lastMonth.month}&year=${lastMonth.year}`, who.inspector.token)).rawPayload as unknown as ArrayBuffer);
      names.push(book.worksheets[0]!.name);
    }
    expect(names).toEqual(['Detalle de eventos', 'Resumen Inspección Fiscal', 'Cumplimiento de plazos']);
  });

  it('writes a phone the same in the workbook and the CSV, as the screens show it, and prints every workbook landscape on the page’s width', async () => {
    const created = await createTicket(api, who.operator, { phone: '912345678' });
    const month = `month=${thisMonth.month}&year=${thisMonth.year}`;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await get(`/api/report/1?${month}`, who.operator.token)).rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const inBook = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(1).value === created.folio)!.getCell(header.indexOf('Teléfono') + 1).value;
    for (const dialect of ['excel', 'rfc4180']) {
      const csv = await get(`/api/report/1?${month}&format=csv&dialect=${dialect}`, who.operator.token);
      const records: string[][] = parse(csv.body, { bom: true, delimiter: dialect === 'excel' ? ';' : ',' });
      const inCsv = records.find((r) => r[0] === created.folio)![records[0]!.indexOf('Teléfono')];
      expect(inCsv, dialect).toBe(inBook);
    }
    expect(inBook).toBe('+56 9 1234 5678');

    // Each report, printed from Excel: landscape A4, all columns on one page's width, as many pages down as needed, header frozen.
    for (const id of [1, 2, 3]) {
      const report = new ExcelJS.Workbook();
      await report.xlsx.load((await get(`/api/report/${id}?${month}`, who.inspector.token)).rawPayload as unknown as ArrayBuffer);
      const { pageSetup, views } = report.worksheets[0]!;
      expect(pageSetup, `report ${id}`).toMatchObject({ orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
      expect(views[0], `report ${id}`).toMatchObject({ state: 'frozen', ySplit: 1 });
    }
  });
});

/** A line split as a spreadsheet does: on `separator` outside double quotes, quotes then dropped. */
function excelCells(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((c) => (c.startsWith('"') ? c.replace(/^"|"$/g, '') : c));
}

describe('csvSink', () => {
  async function written(dialect: 'excel' | 'rfc4180', values: (string | number | null)[]) {
    const out = new PassThrough();
    const sink = csvSink(out, dialect);
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await sink.row(values);
    await sink.end();
    return Buffer.concat(chunks).toString('utf8');
  }

  it('neutralises every formula prefix and quotes every text cell, in both dialects', async () => {
    const values = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'a,b', 'dijo "sí"', 'línea\notra', 'normal', 42, -3.5, null];
    const expected = ["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", 'a,b', 'dijo "sí"', 'línea\notra', 'normal', '42'];
    const excel = await written('excel', values);
    expect(parse(excel, { bom: true, delimiter: ';' })[0]).toEqual([...expected, '-3,5', '']);
    expect(excel).toContain('"a,b";"dijo ""sí""";');
    const rfc = await written('rfc4180', values);
    expect(parse(rfc, { bom: true })[0]).toEqual([...expected, '-3.5', '']);
    for (const text of [excel, rfc]) {
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.endsWith('\r\n')).toBe(true);
    }
  });

  it('keeps what Excel with ";" (or tab) as separator would split into a formula cell in one cell', async () => {
    const text = await written('excel', ['x;=1+1;', 'y\t=2+2', 'z']);
    // Read as Excel in Chile reads it: ";" separates cells. No cell may begin like a formula.
    for (const separator of [';', '\t']) {
      const cells = excelCells(text.replace(/^\uFEFF/, '').split('\r\n')[0]!, separator);
      expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    }
    expect(parse(text, { bom: true, delimiter: ';' })[0]).toEqual(['x;=1+1;', 'y\t=2+2', 'z']);
  });
});

describe('sheetNameOf', () => {
  it('keeps whole words within Excel’s 31 characters and drops the characters it refuses', () => {
    expect(sheetNameOf('Resumen mensual para la Inspección Fiscal')).toBe('Resumen mensual para la');
    expect(sheetNameOf('Eventos: marzo/abril [2026]?')).toBe('Eventos marzo abril 2026');
    expect(sheetNameOf('x'.repeat(40))).toBe('x'.repeat(31));
    for (const report of Object.values(REPORTS)) expect(sheetNameOf(report.sheet)).toBe(report.sheet);
  });
});

describe('streaming', () => {
  /**
   * Counts the rows a report has handed to its sink so far: typed rows, or the CSV lines after
   * the header that the database formatted (read in batches, or copied by PostgreSQL).
   */
  function counting(sink: TableSink) {
    const state = { rows: 0 };
    const lines = (chunk: string | Buffer) => String(chunk).split('\r\n').length - 1;
    const csv = sink.csv;
    return {
      state,
      sink: {
        ...sink,
        row: (v: Parameters<TableSink['row']>[0]) => ((state.rows += 1), sink.row(v)),
        rows: (b: Parameters<TableSink['rows']>[0]) => ((state.rows += b.length), sink.rows(b)),
        csv: csv && {
          ...csv,
          text: (chunk: string | Buffer) => ((state.rows += lines(chunk)), csv.text(chunk)),
          copied: (source: Readable) =>
            csv.copied(
              source.pipe(
                new Transform({
                  transform(chunk: Buffer, _encoding, done) {
                    state.rows += lines(chunk);
                    done(null, chunk);
                  },
                }),
              ),
            ),
        },
      },
    };
  }

  it('waits for a slow reader instead of piling rows up in memory', async () => {
    // 20,000 tickets in one month of 2020, straight into the table, 2,000 per statement: each row also feeds
    // the search words' trigram index (decision 170), and one statement must end inside the pool's 4 s limit.
    for (let from = 1; from <= 20000; from += 2000) {
      await queryRows(
        api.database.db,
        sql`insert into ticket (folio, type, classification_id, status_code, channel_code, description, kilometer, sector, commune,
              orientation, date_event, due_at, created_at, full_name)
            select 'R-2020-' || lpad(g::text, 7, '0'), 'CLAIM', 1, 'CLOSED', 'WEB', repeat('Descripción larga del evento ', 8) || g,
              (g % 110)::numeric, 'Placilla', 'Valparaíso', 'NORTH_SOUTH', timestamptz '2020-03-02 12:00-03' + (g || ' seconds')::interval,
              timestamptz '2020-03-05 12:00-03', timestamptz '2020-03-02 12:00-03' + (g || ' seconds')::interval, 'Persona ' || g
            from generate_series(${from}::int, ${from + 1999}::int) g`,
      );
    }
    for (const format of ['csv', 'xlsx'] as const) {
      const out = new PassThrough({ highWaterMark: 16 * 1024 });
      const { state, sink } = counting(format === 'csv' ? csvSink(out, 'excel') : xlsxSink(out, 'Eventos'));
      const done = writeMonthlyReport(api.database.db, 1, 2020, 3, sink, { copyOut: api.database.copyOut });
      await new Promise((resolve) => setTimeout(resolve, 400));
      // Nobody has read yet: the producer is parked after its first read of ROWS_PER_READ rows
      // (CSV), or its second (a workbook: up to 2 MB of sheet XML wait in the zip's input).
      expect(state.rows).toBeGreaterThan(0);
      expect(state.rows).toBeLessThanOrEqual(format === 'csv' ? ROWS_PER_READ : 2 * ROWS_PER_READ);
      let bytes = 0;
      for await (const chunk of Readable.from(out)) bytes += (chunk as Buffer).length;
      await done;
      expect(state.rows).toBe(20000);
      expect(bytes).toBeGreaterThan(0);
    }
  });

  it('stops producing when the reader goes away', async () => {
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const done = writeMonthlyReport(api.database.db, 1, 2020, 3, csvSink(out, 'excel'), { copyOut: api.database.copyOut });
    await new Promise((resolve) => setTimeout(resolve, 100));
    out.destroy();
    await expect(done).rejects.toThrow(/went away/);
  });
});

