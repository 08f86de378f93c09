import { constants, mkdirSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { inlineSql } from './inline-sql';
import { poolTransactions } from './pool-transactions';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * `COPY (query) TO STDOUT WITH (options)` as a byte stream, on a connection of its own that ends
 * with the stream; destroying the stream stops the copy. PostgreSQL only: PGlite has no COPY to a
 * client (decision 122).
 */
export type CopyOut = (query: SQL, options: string) => Promise<CopyStream>;

/**
 * A COPY's bytes, and when its connection is gone: an export keeps its place among
 * EXPORT_CONNECTIONS until then (decision 144).
 */
export type CopyStream = Readable & { connectionClosed: Promise<void> };

/** How the export connections name themselves to PostgreSQL (`pg_stat_activity.application_name`). */
export const EXPORT_APPLICATION_NAME = 'concesion-export';

/** Past this after the copy ended, a connection that has not closed (a stalled network path) is cut. */
const COPY_CLOSE_TIMEOUT_MS = 5_000;

export type DatabaseHandle = {
  db: Database;
  /** "embedded" (PGlite) or "postgres". */
  kind: 'embedded' | 'postgres';
  /** The PostgreSQL server's address (not for the embedded database). */
  url?: string;
  /** Runs the migrations; on `db` when given (the start-up lock's connection, `exclusive`). */
  migrate(db?: Database): Promise<void>;
  /**
   * Runs `work` while holding the deployment-wide start-up lock (a PostgreSQL advisory lock), so
   * any number of processes starting together migrate and seed one after another, never at once.
   * The lock is taken, and `work` is given a database to run on, over a dedicated connection
   * without the pool's 4 s query and statement timeouts: the wait for the lock (another process
   * migrating on a loaded machine) and the migrations themselves may take as long as they need
   * (docs/decisions/141-readiness-and-degraded-peers.md).
   */
  exclusive<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /** The connection pool's use (PostgreSQL only), for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Statements sent through the query builder since the start, for /metrics. */
  queryCount: () => number;
  copyOut?: CopyOut;
  /** The embedded database's data directory as one tarball (PGlite's own format; `loadDataDir` reads it back). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Copies the embedded database's data directory to `target` while no statement or transaction runs
   * (docs/decisions/185-backups-that-restore.md). Embedded only.
   */
  copyDataDir?: (target: string) => Promise<void>;
  close(): Promise<void>;
};

/** What the pool logs through (pino's signature). */
export type PoolLogger = { error(fields: object, message: string): void };

/** Without the API's logger (maintenance scripts): the cause only, on standard error. */
const consoleLog: PoolLogger = {
  error: (fields) => console.error(`PostgreSQL: ${(fields as { err?: { code?: string } }).err?.code ?? 'connection error'}`),
};

/** The advisory lock key of migrations and seeding: any fixed number, the same in every process. */
const START_UP_LOCK = 4_110_017;

/** Next to this module in the source tree, and copied next to the bundle by the build. */
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL when a URL is given, else the embedded PGlite in `dataDir`
 * (or in memory for "memory://"). Both run the same migrations.
 */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Maintenance scripts (bulk seeding): statements may run as long as they need. */
  longStatements?: boolean;
  /**
   * Where the pool's connection errors are logged: the API's logger (JSON, errors without
   * personal data: docs/decisions/145-logs-keep-the-cause-not-the-person.md); standard error by default.
   */
  log?: PoolLogger;
  /**
   * The embedded database only: start from this data directory (PGlite's `dumpDataDir` tarball) instead of an
   * empty one. The API's tests start each file from one migrated and seeded copy (api/test/template-database.ts).
   */
  loadDataDir?: Blob;
}): DatabaseHandle {
  const log = options.log ?? consoleLog;
  // drizzle's logger sees every statement the query builder sends (db.select, db.execute...).
  let queries = 0;
  const logger = { logQuery: () => void queries++ };
  const queryCount = () => queries;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A database that does not answer (a paused network path) must not hold requests forever:
      // a connection comes within 3 s and a query ends within 4 s (every query of this API takes
      // milliseconds; reports read in batches), or the call fails with 503 within 5 s
      // (http/error-handler.ts). Broken connections are replaced: it recovers by itself.
      connectionTimeoutMillis: 3_000,
      ...(options.longStatements ? {} : { query_timeout: 4_000, statement_timeout: 4_000 }),
      keepAlive: true,
    });
    // An idle connection the server closes (a restart, an administrator) must not crash the
    // API: the pool replaces it on the next query.
    pool.on('error', (error) => log.error({ err: error }, 'database connection lost (idle)'));
    // A connection that dies while a request holds it between two statements (a transaction
    // waiting on its next one) emits `error` on its client, which the pool does not listen to
    // while the client is lent out: unheard, it would end the process. The statement under way
    // fails by itself, and the pool drops the broken client when it comes back.
    pool.on('connect', (client) => client.on('error', (error) => log.error({ err: error }, 'database connection lost (in use)')));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
    poolTransactions(db, pool);
    return {
      db,
      kind: 'postgres',
      url: options.databaseUrl,
      migrate: (on) => migratePg((on ?? db) as never, { migrationsFolder }),
      async exclusive(work) {
        // Not one of the pool's connections: those end any statement after 4 s, and a process
        // waiting for another's migrations failed to start with "Query read timeout" (issue 33).
        const client = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 10_000, keepAlive: true });
        client.on('error', (error) => console.error(`PostgreSQL (start-up lock): ${error.message}`));
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [START_UP_LOCK]);
          // The lock is the session's: the connection ending releases it too.
          return await work(drizzlePg(client, { schema, logger }) as unknown as Database);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [START_UP_LOCK]).catch(() => {});
          await client.end().catch(() => {});
        }
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      queryCount,
      copyOut: (query, copyOptions) => copyOutOf(options.databaseUrl!, query, copyOptions),
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir === 'memory://';
  const pgliteDir = inMemory ? undefined : path.join(options.dataDir, 'pglite');
  if (pgliteDir) mkdirSync(pgliteDir, { recursive: true });
  const client = openPglite(pgliteDir, options.loadDataDir);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Database;
  return {
    db,
    kind: 'embedded',
    migrate: (on) => migratePglite((on ?? db) as never, { migrationsFolder }),
    // One process owns an embedded database: nothing to wait for.
    exclusive: (work) => work(db),
    queryCount,
    dumpDataDir: () => client.dumpDataDir('none'),
    copyDataDir: (target) => copyDataDir(client, pgliteDir!, target),
    close: () => client.close(),
  };
}

/**
 * A PGlite with the extensions the migrations use: pg_trgm and unaccent back the ticket search index
 * (migrations 0001 and 0005); PostgreSQL ships them in contrib.
 */
export function openPglite(dataDir: string | undefined, loadDataDir?: Blob): PGlite {
  return new PGlite({ dataDir, extensions: { pg_trgm, unaccent }, loadDataDir });
}

/**
 * Copies PGlite's data directory while it is idle (decision 185). PGlite writes straight to these files
 * (Node's file system, no cache of its own), and every commit's WAL is written before the commit returns; holding
 * its transaction lock (a transaction under way ends first, the next waits) and its statement lock, the copy
 * is the database between two transactions, as a crash would leave it: opened, it recovers to exactly
 * the commits made. Writes wait meanwhile (docs/operations.md has the measure). `dumpDataDir`, PGlite's own,
 * would hold the whole directory in memory, several times over.
 */
export async function copyDataDir(client: PGlite, source: string, target: string): Promise<void> {
  // Its start-up runs statements under the same locks: held before it is ready, neither would go on.
  await client.waitReady;
  await client._runExclusiveTransaction(() => client._runExclusiveQuery(() => cp(source, target, { recursive: true, mode: constants.COPYFILE_FICLONE })));
}

/**
 * A copy runs as long as its reader takes (a phone on a weak network downloading a month), so it
 * has its own connection without the pool's 4 s limits: a copy never holds one of the pool's
 * connections, and ends it when the stream ends, fails or is destroyed.
 */
async function copyOutOf(databaseUrl: string, query: SQL, options: string): Promise<CopyStream> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 3_000,
    keepAlive: true,
    // Counted apart from the pool's in pg_stat_activity (docs/operations.md).
    application_name: EXPORT_APPLICATION_NAME,
  });
  await client.connect();
  client.on('error', () => undefined);
  try {
    const stream = client.query(copyTo(`copy (${inlineSql(query)}) to stdout with (${options})`)) as unknown as CopyStream;
    let ended = false;
    let closed: () => void = () => undefined;
    stream.connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    const end = () => {
      if (ended) return;
      ended = true;
      const socket = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
      const cut = setTimeout(() => {
        socket?.destroy();
        closed();
      }, COPY_CLOSE_TIMEOUT_MS);
      void client
        .end()
        .catch(() => undefined)
        .finally(() => {
          clearTimeout(cut);
          closed();
        });
    };
    stream.on('end', end);
    stream.on('error', end);
    stream.on('close', () => {
      // Destroyed before the end (the reader went away): the server is still sending, so the
      // connection is closed rather than left to drain.
      if (!stream.readableEnded) (stream as unknown as { connection?: { stream: { destroy(): void } } }).connection?.stream.destroy();
      end();
    });
    return stream;
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/** Runs raw SQL and returns its rows; both drivers answer with a `rows` array. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * One statement that hashes or sorts a whole month or more (the statistics, the service levels), with 64 MB of work
 * memory for it alone: with PostgreSQL's default 4 MB its sorts spill to disk, or the planner sorts where it would
 * hash (decisions 183 and 189). The setting ends with the statement's own transaction.
 */
export function queryRowsWithWorkMemory<T>(db: Database, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return queryRows<T>(tx as unknown as Database, query);
  });
}
