import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../platform/storage/storage';

/**
 * Test support for the backup suites (api/platform/backup/*.test.ts): the checks are written here
 * apart from the code they check, so a fault in one does not hide in the other.
 */
export type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Every table of the public and drizzle schemas as the manifest describes one: its rows, and the
 * SHA-256 of each row's JSON and a line feed, in primary-key order (read in one go: test data is small).
 */
export async function tablesAsJson(query: Query): Promise<Record<string, { rows: number; sha256: string }>> {
  await query(`set timezone = 'UTC'`);
  await query('set extra_float_digits = 1');
  const tables = await query(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const result: Record<string, { rows: number; sha256: string }> = {};
  for (const { s, t } of tables.rows as { s: string; t: string }[]) {
    const key = await query(
      `select k.column_name as c from information_schema.table_constraints c
       join information_schema.key_column_usage k on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema and k.table_name = c.table_name
       where c.constraint_type = 'PRIMARY KEY' and c.table_schema = '${s}' and c.table_name = '${t}' order by k.ordinal_position`,
    );
    const order = key.rows.length > 0 ? key.rows.map((r) => `"${String(r.c)}"`).join(', ') : 'x::text';
    const rows = await query(`select row_to_json(x)::text as j from "${s}"."${t}" x order by ${order}`);
    const text = rows.rows.map((r) => `${String(r.j)}\n`).join('');
    result[`${s}.${t}`] = { rows: rows.rows.length, sha256: createHash('sha256').update(text).digest('hex') };
  }
  return result;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Each file of a store (complete ones) with its SHA-256. */
export async function storeContents(storage: FileStorage): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const entry of storage.list()) if (!entry.partial) found.set(entry.key, sha256(await readAll(await storage.open(entry.key))));
  return found;
}

export const fileSha256 = async (file: string) => sha256(await readFile(file));

/**
 * Writes in a loop until stopped, the way users do while a backup runs: each `write` one more; `count`
 * how many so far; `whenMore(n)` resolves once `n` more have been made from now.
 */
export function writer(write: (i: number) => Promise<void>) {
  let made = 0;
  let stopped = false;
  let failure: unknown;
  const waiting: { at: number; resolve: () => void }[] = [];
  const loop = (async () => {
    while (!stopped) {
      try {
        await write(made);
      } catch (error) {
        failure = error;
        stopped = true;
      }
      made++;
      for (const w of waiting.filter((w) => made >= w.at)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
    }
    // Stopped (or failed): nobody waits for writes that will not come; stop() says why.
    for (const w of waiting.splice(0)) w.resolve();
  })();
  return {
    count: () => made,
    whenMore: (n: number) => new Promise<void>((resolve) => waiting.push({ at: made + n, resolve })),
    async stop() {
      stopped = true;
      await loop;
      if (failure) throw failure;
    },
  };
}
