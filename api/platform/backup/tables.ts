import { createHash } from 'node:crypto';
import type { Manifest, TableDigest } from './manifest';

/**
 * A connection inside one transaction: `pg.Client` (PostgreSQL) and PGlite's transaction both answer
 * `query(text, params)` with `{ rows }`. Every read of a backup or of a restore's check goes through one,
 * so what it reads is one snapshot (docs/decisions/185-backups-that-restore.md).
 */
export type SnapshotReader = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };

/** The schemas a backup covers: the product's tables, and drizzle's journal of applied migrations. */
const SCHEMAS = ['public', 'drizzle'];
const BATCH = 2_000;

/**
 * Same text for the same rows whoever reads: time stamps in UTC, floating-point numbers as
 * PostgreSQL's shortest exact form. `set local` ends with the transaction.
 */
export async function fixSessionFormat(reader: SnapshotReader): Promise<void> {
  await reader.query(`set local timezone = 'UTC'`);
  await reader.query('set local extra_float_digits = 1');
}

type Table = { schema: string; name: string; key: string[] };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualifiedName = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;

/** Every ordinary table of the covered schemas, with its primary key's columns (none: the whole row orders it). */
export async function listTables(reader: SnapshotReader): Promise<Table[]> {
  const { rows } = await reader.query<{ schema: string; name: string; key: string[] | null }>(
    `select n.nspname::text as schema, c.relname::text as name,
       (select array_agg(a.attname::text order by k.ord)
          from pg_index i cross join unnest(i.indkey) with ordinality as k(attnum, ord)
          join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
         where i.indrelid = c.oid and i.indisprimary) as key
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname = any($1::text[])
     order by 1, 2`,
    [SCHEMAS],
  );
  return rows.map((r) => ({ schema: r.schema, name: r.name, key: r.key ?? [] }));
}

/**
 * A table's rows and their digest: the SHA-256 of each row's `row_to_json` text and a line feed, in
 * primary-key order, read through a cursor (a million rows never sit in memory at once). Equal
 * digests mean equal rows, column by column.
 */
export async function digestTable(reader: SnapshotReader, table: Table): Promise<TableDigest> {
  const order = table.key.length > 0 ? table.key.map(quote).join(', ') : 't::text';
  const cursor = `backup_${table.schema}_${table.name}`.replace(/[^a-z0-9_]/g, '_');
  await reader.query(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from ${quote(table.schema)}.${quote(table.name)} t order by ${order}`);
  const hash = createHash('sha256');
  let rows = 0;
  for (;;) {
    const batch = await reader.query<{ j: string }>(`fetch ${BATCH} from ${cursor}`);
    for (const row of batch.rows) hash.update(`${row.j}\n`);
    rows += batch.rows.length;
    if (batch.rows.length < BATCH) break;
  }
  await reader.query(`close ${cursor}`);
  return { rows, sha256: hash.digest('hex') };
}

/** Every covered table's digest, by `schema.table`. */
export async function digestTables(reader: SnapshotReader): Promise<Record<string, TableDigest>> {
  const digests: Record<string, TableDigest> = {};
  for (const table of await listTables(reader)) digests[qualifiedName(table)] = await digestTable(reader, table);
  return digests;
}

/** The migrations the snapshot has applied (drizzle's journal; none on a database never migrated). */
export async function migrationLevel(reader: SnapshotReader): Promise<Manifest['migrations']> {
  const { rows } = await reader.query<{ exists: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!rows[0]?.exists) return { applied: 0, lastCreatedAt: null };
  const level = await reader.query<{ applied: number; last: string | null }>('select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations');
  const last = level.rows[0]?.last;
  return { applied: level.rows[0]?.applied ?? 0, lastCreatedAt: last ? Number(last) : null };
}

/**
 * The stored files the snapshot's rows name: each attachment's bytes and, once made, its preview
 * (api/platform/db/schema.ts `attachment`). Unfinished resumable uploads are not attachments yet.
 */
export async function attachmentKeys(reader: SnapshotReader): Promise<string[]> {
  const { rows } = await reader.query<{ key: string }>(
    `select storage_key as key from attachment union select preview_key from attachment where preview_key is not null order by 1`,
  );
  return rows.map((r) => r.key);
}

/** The first difference between what a restore loaded and what the manifest says, or undefined when none. */
export function tableMismatch(expected: Record<string, TableDigest>, actual: Record<string, TableDigest>): string | undefined {
  for (const [name, digest] of Object.entries(expected)) {
    const found = actual[name];
    if (!found) return `table ${name} is missing`;
    if (found.rows !== digest.rows) return `table ${name} has ${found.rows} rows, the backup ${digest.rows}`;
    if (found.sha256 !== digest.sha256) return `table ${name} differs from the backup (same ${digest.rows} rows, other content)`;
  }
  const extra = Object.keys(actual).find((name) => !(name in expected));
  return extra ? `table ${extra} is not in the backup` : undefined;
}

/** What a backup reads inside its snapshot: every table's digest, the migration level and the attachments named. */
export async function readSnapshot(reader: SnapshotReader): Promise<Pick<Manifest, 'tables' | 'migrations'> & { keys: string[] }> {
  return { tables: await digestTables(reader), migrations: await migrationLevel(reader), keys: await attachmentKeys(reader) };
}
