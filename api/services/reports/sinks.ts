import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export type Cell = string | number | null;

/**
 * Where a report's rows go. Each call resolves only when the consumer can take more, so a
 * slow reader slows the producer instead of growing memory. `rows` takes a whole batch
 * with one wait: the detail report's hot path.
 */
export type TableSink = {
  heading(title: string): Promise<void>;
  header(columns: string[]): Promise<void>;
  row(values: Cell[]): Promise<void>;
  rows(batch: Cell[][]): Promise<void>;
  blank(): Promise<void>;
  end(): Promise<void>;
};

/**
 * Waits until `out` wants more, or fails when it is gone (the reader hung up): a producer
 * must never wait forever for a reader that left.
 */
function drained(out: Writable): Promise<void> {
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


/** A spreadsheet would run a cell beginning with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * Quoted when it holds any character a spreadsheet may split on: the comma of RFC 4180, and the
 * semicolon and tab that Excel uses as separator in Chile's settings (issue 16, item 10):
 * unquoted, "x;=1+1" would open as a second cell holding a formula.
 */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a separator, a quote or a line break; text that
 * begins like a formula (= + - @, tab or carriage return) is prefixed with an apostrophe so
 * no spreadsheet runs it. Numbers are numbers: -3 stays -3.
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: Cell[]): string => `${values.map(csvCell).join(',')}\r\n`;

/**
 * CSV with a BOM so spreadsheet programs read UTF-8, lines ending in CRLF. A batch is
 * written as one string: the cost per row is the formatting alone.
 */
export function csvSink(out: Writable): TableSink {
  out.write('\uFEFF');
  const write = async (text: string) => {
    out.write(text);
    await drained(out);
  };
  return {
    heading: (title) => write(csvLine([title])),
    header: (columns) => write(csvLine(columns)),
    row: (values) => write(csvLine(values)),
    rows: (batch) => write(batch.map(csvLine).join('')),
    blank: () => write('\r\n'),
    end: async () => {
      if (out.destroyed) throw new Error('report reader went away');
      out.end();
      await once(out, 'finish');
    },
  };
}

/** How many rows are committed between checks of the consumer (exceljs does not wait by itself). */
const XLSX_BATCH = 500;
/** How much compressed-to-be sheet XML may wait inside the zip before rows stop being added. */
const XLSX_ZIP_BACKLOG = 1024 * 1024;

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

/** An Excel workbook written as a stream: rows are committed and flushed as they come. */
export function xlsxSink(out: Writable, sheetName: string): TableSink {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  let pending = 0;
  const add = async (values: Cell[], bold = false) => {
    const row = sheet.addRow(values);
    if (bold) row.font = { bold: true };
    row.commit();
    if (++pending >= XLSX_BATCH) {
      pending = 0;
      // Let the zip stream push what it has, then wait for the reader.
      await new Promise((resolve) => setImmediate(resolve));
      await zipCaughtUp(sheet, out);
      await drained(out);
    }
  };
  return {
    heading: (title) => add([title], true),
    header: async (columns) => {
      await add(columns, true);
    },
    row: (values) => add(values),
    rows: async (batch) => {
      for (const values of batch) await add(values);
    },
    blank: () => add([]),
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}
