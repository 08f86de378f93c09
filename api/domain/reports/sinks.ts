import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CsvDialect } from '@contract/report';

export type Cell = string | number | Date | null;

/**
 * A table's column: its title and how a workbook shows it. Dates and decimals get a Chilean
 * format; a width is in characters (Excel's unit), else it fits the column's first rows.
 */
export type Column = { name: string; width?: number; kind?: 'text' | 'date' | 'decimal' };

/** One value per column of a report's tuple of columns, in its order: a column added and not filled does not compile. */
export type OnePer<Columns extends readonly unknown[], T> = { -readonly [K in keyof Columns]: T };

/** The columns several reports share, so that one title has one width in every file. */
export const SHARED_COLUMNS = {
  folio: { name: 'Folio', width: 16 },
  type: { name: 'Tipo', width: 12 },
  classification: { name: 'Clasificación', width: 30 },
  assignee: { name: 'Responsable', width: 24 },
} as const satisfies Record<string, Column>;

/**
 * Where a report's rows go. Each call resolves only when the consumer can take more, so a
 * slow reader slows the producer instead of growing memory. `rows` takes a whole batch
 * with one wait: the detail report's hot path.
 */
export type TableSink = {
  heading(title: string): Promise<void>;
  header(columns: readonly Column[]): Promise<void>;
  row(values: Cell[]): Promise<void>;
  rows(batch: Cell[][]): Promise<void>;
  blank(): Promise<void>;
  end(): Promise<void>;
  /** A CSV table's raw writer, for a report whose cells come formatted (detail-report.ts). */
  csv?: CsvOut;
};

/**
 * Waits until `out` wants more, or fails when it is gone (the reader hung up): a producer
 * must never wait forever for a reader that left.
 */
export function drained(out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('report reader went away'));
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
    };
    const onDrain = () => (cleanup(), resolve());
    const onClose = () => (cleanup(), reject(new Error('report reader went away')));
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}


/**
 * The CSV dialects (contract/report.ts CSV_DIALECTS): what separates cells and decimals.
 * `excel` is what Excel opens with Chilean settings; `rfc4180` is the comma dialect.
 */
export const CSV_FORMATS: Record<CsvDialect, { separator: string; decimal: string }> = {
  excel: { separator: ';', decimal: ',' },
  rfc4180: { separator: ',', decimal: '.' },
};

/** A spreadsheet runs a cell beginning with one of these as a formula (= + - @, tab, carriage return). */
export const FORMULA_START_CHARACTERS = ['=', '+', '-', '@', '\t', '\r'];

/** Text a spreadsheet would run as a formula, with an apostrophe in front so none does. */
export function safeText(value: string): string {
  return FORMULA_START_CHARACTERS.includes(value.charAt(0)) ? `'${value}` : value;
}

/**
 * One text cell: quoted, its quotes doubled; nothing at all for a missing value. Quoted, a
 * separator, a tab or a line break inside a cell never splits it, whatever separator the reader
 * guesses. The detail report's lines are quoted the same way in SQL (detail-report.ts).
 */
export function csvQuoted(value: string | null): string {
  return value === null ? '' : `"${value.replace(/"/g, '""')}"`;
}

/** One cell of a CSV table in `dialect`: text made safe and quoted, numbers with the dialect's decimal mark. */
export function csvCell(value: Cell, dialect: CsvDialect): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', CSV_FORMATS[dialect].decimal);
  if (value instanceof Date) return csvQuoted(value.toISOString());
  return csvQuoted(safeText(value));
}

export const csvLine = (values: Cell[], dialect: CsvDialect): string =>
  `${values.map((value) => csvCell(value, dialect)).join(CSV_FORMATS[dialect].separator)}\r\n`;

/** A CSV table's writer: each call resolves when the reader can take more. */
export type CsvOut = {
  dialect: CsvDialect;
  header(columns: readonly Column[]): Promise<void>;
  text(chunk: string | Buffer): Promise<void>;
  /** Everything `source` gives, at the reader's pace; `source` is destroyed if the reader goes away. */
  copied(source: Readable): Promise<void>;
};

/**
 * CSV with a BOM so spreadsheet programs read UTF-8, lines ending in CRLF. A batch is
 * written as one string: the cost per row is the formatting alone.
 */
export function csvSink(out: Writable, dialect: CsvDialect): TableSink & { csv: CsvOut } {
  out.write('\uFEFF');
  const write = async (text: string | Buffer) => {
    out.write(text);
    await drained(out);
  };
  const header = (columns: readonly Column[]) => write(csvLine(columns.map((c) => c.name), dialect));
  return {
    heading: (title) => write(csvLine([title], dialect)),
    header,
    row: (values) => write(csvLine(values, dialect)),
    rows: (batch) => write(batch.map((values) => csvLine(values, dialect)).join('')),
    blank: () => write('\r\n'),
    csv: {
      dialect,
      header,
      text: write,
      // Piped, not iterated: stream.pipe moves each chunk with the writable's own backpressure,
      // the cheapest way across for a copy at the database's speed.
      copied: (source) =>
        new Promise<void>((resolve, reject) => {
          if (out.destroyed) {
            source.destroy();
            return reject(new Error('report reader went away'));
          }
          const fail = (error: Error) => {
            source.unpipe(out);
            source.destroy();
            reject(error);
          };
          const gone = () => fail(new Error('report reader went away'));
          source.once('error', fail);
          out.once('close', gone);
          source.once('end', () => {
            out.off('close', gone);
            resolve();
          });
          source.pipe(out, { end: false });
        }),
    },
    end: async () => {
      if (out.destroyed) throw new Error('report reader went away');
      out.end();
      await once(out, 'finish');
    },
  };
}

/** How many rows are committed between checks of the consumer (exceljs does not wait by itself). */
const XLSX_BATCH = 2000;
/** How much compressed-to-be sheet XML may wait inside the zip before rows stop being added. */
const XLSX_ZIP_BACKLOG = 2 * 1024 * 1024;

/**
 * exceljs hands the sheet's XML to the zip (archiver) in 64 KB pieces without waiting for it:
 * when rows come faster than zlib compresses them, the pieces pile up in the zip's input.
 * This waits until that input has room again.
 */
async function zipCaughtUp(sheet: unknown, out: Writable): Promise<void> {
  type ZipInput = { writableLength?: number; _writableState?: { length: number } };
  const pipes = (sheet as { stream?: { pipes?: ZipInput[] } }).stream?.pipes ?? [];
  // archiver's input is a readable-stream v2 PassThrough: no writableLength getter, the state has it.
  const backlog = (target: ZipInput) => target.writableLength ?? target._writableState?.length ?? 0;
  for (const target of pipes) {
    while (backlog(target) > XLSX_ZIP_BACKLOG) {
      if (out.destroyed) throw new Error('report reader went away');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
}

/** Excel's limit on a sheet's name, and the characters it refuses in one. */
const SHEET_NAME_MAX = 31;

/** A title as a sheet name: whole words up to Excel's 31 characters, without the characters it refuses. */
export function sheetNameOf(title: string): string {
  const words = title.replace(/[\\/?*[\]:]/g, ' ').split(/\s+/).filter(Boolean);
  let name = '';
  for (const word of words) {
    const longer = name ? `${name} ${word}` : word;
    if (longer.length > SHEET_NAME_MAX) break;
    name = longer;
  }
  // A first word longer than the limit is the only case where a word is cut.
  return name || (words[0] ?? 'Hoja').slice(0, SHEET_NAME_MAX);
}

/** Chilean formats (Excel shows them with the reader's own decimal mark). */
const DATE_FORMAT = 'dd-mm-yyyy hh:mm';
const DECIMAL_FORMAT = '0.0##';
const WIDTH_MIN = 8;
const WIDTH_MAX = 60;

/** How wide a cell's text is, in characters. */
function textWidth(value: Cell): number {
  if (value === null) return 0;
  if (value instanceof Date) return DATE_FORMAT.length;
  return String(value).length;
}

/**
 * An Excel workbook written as a stream: rows are committed and flushed as they come. Its first
 * rows wait until a batch (or the end) arrives so the columns can be sized to fit them; the first
 * row is frozen (and repeated on each printed page), and filtered when it is a table's header.
 */
export function xlsxSink(out: Writable, sheetName: string): TableSink {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  // The first row stays in view: a table's header, or a summary's title. exceljs writes the
  // views as the sheet opens, so they are given here.
  // Printed, the sheet is landscape A4 with every column on the page's width, as many pages
  // down as its rows need (fitToHeight 0: no limit), decision 177.
  const sheet = workbook.addWorksheet(sheetNameOf(sheetName), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' },
  });
  type Pending = { values: Cell[]; bold: boolean; heading: boolean };
  let pendingRows: Pending[] | null = [];
  let columns: readonly Column[] = [];
  /**
   * One style object per column, shared by all its cells: exceljs recognises a style object it
   * has seen (a WeakMap) and otherwise works each cell's style out again, which was most of a
   * large workbook's cost.
   */
  let cellStyles: Partial<ExcelJS.Style>[] = [];
  const PLAIN: Partial<ExcelJS.Style> = {};
  let filterRow = 0;
  let rowCount = 0;
  let sinceCheck = 0;

  const commit = async (values: Cell[], bold: boolean) => {
    const row = sheet.addRow(values);
    rowCount = row.number;
    if (bold) row.font = { bold: true };
    else for (let i = 0; i < values.length; i++) if (values[i] !== null) row.getCell(i + 1).style = cellStyles[i] ?? PLAIN;
    row.commit();
    if (++sinceCheck >= XLSX_BATCH) {
      sinceCheck = 0;
      // Let the zip stream push what it has, then wait for the reader.
      await new Promise((resolve) => setImmediate(resolve));
      await zipCaughtUp(sheet, out);
      await drained(out);
    }
  };
  /** Sizes the columns from what has come so far, then writes it. */
  const start = async (more: Cell[][] = []) => {
    const held = pendingRows!;
    pendingRows = null;
    const sample = [...held.filter((r) => !r.heading).map((r) => r.values), ...more];
    const count = Math.max(columns.length, ...sample.map((r) => r.length));
    sheet.columns = Array.from({ length: count }, (_, i) => {
      const fitted = Math.max(WIDTH_MIN, ...sample.map((r) => textWidth(r[i] ?? null) + 2));
      return { width: Math.min(WIDTH_MAX, columns[i]?.width ?? fitted) };
    });
    cellStyles = columns.map((c) => (c.kind === 'date' ? { numFmt: DATE_FORMAT } : c.kind === 'decimal' ? { numFmt: DECIMAL_FORMAT } : PLAIN));
    for (const row of held) await commit(row.values, row.bold);
  };
  const add = async (values: Cell[], bold = false, heading = false) => {
    if (pendingRows) pendingRows.push({ values, bold, heading });
    else await commit(values, bold);
  };
  return {
    heading: (text) => add([text], true, true),
    async header(given) {
      if (!filterRow) {
        columns = given;
        filterRow = (pendingRows?.length ?? rowCount) + 1;
      }
      await add(
        given.map((c) => c.name),
        true,
      );
    },
    row: (values) => add(values),
    async rows(batch) {
      if (pendingRows) await start(batch);
      for (const values of batch) await commit(values, false);
    },
    blank: () => add([]),
    end: async () => {
      if (pendingRows) await start();
      // A table that starts the sheet is filtered; a summary's sections under a title are not.
      if (filterRow === 1) {
        const last = columns.length || 1;
        sheet.autoFilter = { from: { row: filterRow, column: 1 }, to: { row: Math.max(filterRow, rowCount), column: last } };
      }
      sheet.commit();
      await workbook.commit();
    },
  };
}
