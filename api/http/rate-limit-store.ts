import { lt, sql } from 'drizzle-orm';
import { queryRows, type Database } from '../platform/db/client';
import { rateLimitHit } from '../platform/db/schema';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

const PRUNE_EVERY_MS = 60_000;

/**
 * @fastify/rate-limit's store in the database, so a limit holds for the whole deployment and
 * not per API process (docs/decisions/112-replicas.md): one upsert per request counts the hit and opens a new window
 * when the last one is over. Fixed windows, as the plugin's own stores.
 */
export function databaseRateLimitStore(db: Database) {
  let lastPrune = 0;
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    /** The plugin passes its merged options, the route among them (`routeInfo`). */
    constructor(options: unknown = {}) {
      const route = (options as RouteParams).routeInfo;
      const method = route?.method;
      this.prefix = `${Array.isArray(method) ? method.join(',') : (method ?? '')} ${route?.url ?? ''}`;
    }

    incr(address: string, callback: Callback, timeWindow: number): void {
      const key = `${this.prefix}|${address}`;
      queryRows<{ hits: number; ttl: number }>(
        db,
        sql`insert into ${rateLimitHit} as r (key, hits, resets_at)
            values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
            on conflict (key) do update set
              hits = case when r.resets_at <= now() then 1 else r.hits + 1 end,
              resets_at = case when r.resets_at <= now() then now() + ${timeWindow} * interval '1 millisecond' else r.resets_at end
            returning hits, greatest(0, extract(epoch from (resets_at - now())) * 1000)::int as ttl`,
      ).then(
        ([row]) => {
          callback(null, { current: row!.hits, ttl: row!.ttl });
          const now = Date.now();
          if (now - lastPrune > PRUNE_EVERY_MS) {
            lastPrune = now;
            void db.delete(rateLimitHit).where(lt(rateLimitHit.resetsAt, sql`now()`)).catch(() => {});
          }
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(options: unknown) {
      return new DatabaseRateLimitStore(options);
    }
  };
}
