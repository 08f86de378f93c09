import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './platform/db/client';
import { seedDatabase } from './platform/db/seed';
import { startJobs } from './platform/jobs/jobs';
import { localChannel, postgresChannel } from './platform/cluster/channel';

async function main() {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Processes starting together on an empty database take turns (docs/decisions/112-replicas.md).
  // Both run on the lock's own connection, without the pool's request-sized timeouts (decision 141).
  await database.exclusive(async (db) => {
    await database.migrate(db);
    await seedDatabase(db, {
      demo: config.seedDemo,
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
    });
  });
  // Several API processes on one PostgreSQL hear each other through LISTEN/NOTIFY.
  const channel = database.url ? postgresChannel(database.url, console) : localChannel();
  const app = await buildApp({ config, db: database.db, channel, poolStats: database.poolStats, queryCount: database.queryCount, copyOut: database.copyOut });
  // The embedded database has no autovacuum: statistics as of this start (cheap, a few seconds at most).
  if (database.kind === 'embedded') await database.db.execute(sql`analyze`);
  const stopJobs = startJobs(app, { embedded: database.kind === 'embedded' });
  /**
   * SIGTERM (a deploy) or SIGINT: readiness fails at once so the load balancer stops sending
   * requests, jobs stop, live streams end (browsers reconnect elsewhere), idle connections close,
   * requests under way finish; by the deadline the process exits whatever a client holds.
   */
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    app.draining = true;
    const deadline = setTimeout(() => {
      app.log.warn({ ms: config.shutdownTimeoutMs }, 'shutdown deadline reached; closing every connection');
      app.server.closeAllConnections();
      process.exit(0);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    stopJobs();
    app.peers.stop();
    await app.close();
    await channel.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // Shared peers are watched from now on: metrics and log lines, never readiness (decision 141).
  app.peers.start();
  app.log.info(`API lista en http://${config.host}:${config.port} (base de datos ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
