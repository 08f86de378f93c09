import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from './client';
import { inlineSql } from './inline-sql';

let handle: DatabaseHandle;
beforeAll(() => {
  handle = openDatabase({ dataDir: 'memory://' });
});
afterAll(() => handle.close());

describe('inlineSql', () => {
  it('gives the same answer as the query with its parameters', async () => {
    const text = "O'Higgins; \\ \"x\" $1 ñ";
    const when = new Date('2026-03-01T12:34:56.789Z');
    const query = sql`select ${text}::text as "text", ${when}::timestamptz as "when", ${12.5}::numeric as "n", ${true}::boolean as "yes", ${null}::text as "none"`;
    const inlined = inlineSql(query);
    // One pass: the "$1" inside the value is not taken for a parameter.
    expect(inlined).toContain("'O''Higgins; \\ \"x\" $1 ñ'");
    const [withParameters] = await queryRows(handle.db, query);
    const [written] = await queryRows(handle.db, sql.raw(inlined));
    expect(written).toEqual(withParameters);
    expect((written as { text: string }).text).toBe(text);
  });

  it('refuses values it cannot write safely', () => {
    expect(() => inlineSql(sql`select ${'a\0b'}`)).toThrow(/NUL/);
    expect(() => inlineSql(sql`select ${Number.NaN}`)).toThrow(/finite/);
  });
});
