import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/** A value as a PostgreSQL literal (standard_conforming_strings, the default since 9.1). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a finite number: ${value}`);
    return String(value);
  }
  if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('A NUL character cannot be a literal');
    return `'${value.replace(/'/g, "''")}'`;
  }
  throw new Error(`No literal for ${typeof value}`);
}

/**
 * A drizzle query as one SQL text with its parameters written in as literals. `COPY (…) TO
 * STDOUT` takes no parameters; the queries given here are written by this API and carry only its
 * own values (dates, labels), never a statement's text from a request. A `$n` inside a string
 * literal of the query itself would be mistaken for a parameter: such queries must not have one.
 */
export function inlineSql(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}
