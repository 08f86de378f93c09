import { sql, type TablesRelationalConfig } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';

type AnySession = NodePgSession<Record<string, unknown>, TablesRelationalConfig>;
type AnyTransaction = NodePgTransaction<Record<string, unknown>, TablesRelationalConfig>;
type SessionParts = {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgTransaction>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};
type Work = (tx: AnyTransaction) => Promise<unknown>;
/** The SQL after BEGIN for a config (drizzle's own, protected on the transaction class). */
const configSql = (tx: AnyTransaction, config: PgTransactionConfig) =>
  (tx as unknown as { getTransactionConfigSQL(config: PgTransactionConfig): ReturnType<typeof sql> }).getTransactionConfigSQL(config);

/**
 * Transactions on the pool that always give their connection back. drizzle-orm 0.45 sends BEGIN
 * before its `try`: a BEGIN that fails (a database that does not answer within the pool's
 * query_timeout, docs/decisions/114-graceful-shutdown-and-readiness.md) keeps its connection lent
 * out for good, and after ten such requests the pool is dry and the API never recovers. Here the
 * connection always returns, and is dropped (released with the error) when BEGIN, COMMIT or
 * ROLLBACK failed, since what state it is in is then unknown. A transaction its own work refuses
 * (a 429 thrown inside it) rolls back and keeps its healthy connection.
 */
export function poolTransactions(db: object, pool: pg.Pool): void {
  const session = (db as { session: AnySession }).session;
  const { dialect, schema, options } = session as unknown as SessionParts;
  session.transaction = (async (work: Work, config?: PgTransactionConfig) => {
    const client = await pool.connect();
    const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, schema, options), schema);
    let broken: Error | undefined;
    const control = (statement: ReturnType<typeof sql>) =>
      tx.execute(statement).catch((error: unknown) => {
        broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      });
    try {
      await control(sql`begin${config ? sql` ${configSql(tx, config)}` : undefined}`);
      let result: unknown;
      try {
        result = await work(tx);
      } catch (error) {
        await control(sql`rollback`).catch(() => undefined);
        throw error;
      }
      await control(sql`commit`);
      return result;
    } finally {
      client.release(broken);
    }
  }) as AnySession['transaction'];
}
