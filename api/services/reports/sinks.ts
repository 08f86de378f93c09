import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';

export type Cell = string | number | null;

/**
 * Where a report's rows go, one at a time. `row` resolves only when the consumer can
 * take more, so a slow reader slows the producer instead of growing memory.
 */
export type TableSink = {
  heading(title: string): Promise<void>;
  header(columns: string[]): Promise<void>;
  row(values: Cell[]): Promise<void>;
  blank(): Promise<void>;
  end(): Promise<void>;
};

/**
 * Waits until `stream` wants more, or fails when `out` is gone (the reader hung up):
 * a producer must never wait forever for a reader that left.
 */
function drain(stream: Writable, out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('report reader went away'));
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('drain', onDrain);
      out.off('close', onClose);
    };
    const onDrain = () => (cleanup(), resolve());
    const onClose = () => (cleanup(), reject(new Error('report reader went away')));
    stream.on('drain', onDrain);
    out.on('close', onClose);
  });
}

const drained = (out: Writable) => drain(out, out);

/**
 * CSV (RFC 4180) with a BOM so spreadsheet programs read UTF-8. Cells beginning with
 * = + - @ (and tab or carriage return) are prefixed with a quote so no spreadsheet runs
 * them as formulas.
 */
export function csvSink(out: Writable): TableSink {
  // Any line break forces quotes: stringify only checks for the record delimiter (CRLF) itself.
  const csv = stringify({ bom: true, escape_formulas: true, record_delimiter: '\r\n', quoted_match: /[\r\n]/ });
  csv.pipe(out);
  const write = async (values: Cell[]) => {
    csv.write(values.map((v) => (v === null ? '' : v)));
    await drain(csv, out);
    await drained(out);
  };
  return {
    heading: (title) => write([title]),
    header: (columns) => write(columns),
    row: write,
    blank: () => write([]),
    end: async () => {
      csv.end();
      await once(out, 'finish');
    },
  };
}

/** How many rows are committed between checks of the consumer (exceljs does not wait by itself). */
const XLSX_BATCH = 500;

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
      await drained(out);
    }
  };
  return {
    heading: (title) => add([title], true),
    header: async (columns) => {
      await add(columns, true);
    },
    row: (values) => add(values),
    blank: () => add([]),
    end: async () => {
      sheet.commit();
      await workbook.commit();
    },
  };
}
