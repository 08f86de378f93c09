import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './platform/db/client';
import { seedDatabase } from './platform/db/seed';
import { startJobs } from './platform/jobs/jobs';
import { localChannel, postgresChannel } from './platform/cluster/channel';
import { watchChannel } from './http/metrics';

async function main() {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Processes starting together on an empty database take turns (docs/decisions/112-replicas.md).
  await database.exclusive(async () => {
    await database.migrate();
    await seedDatabase(database.db, {
      demo: config.seedDemo,
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
    });
  });
  // Several API processes on one PostgreSQL hear each other through LISTEN/NOTIFY.
  // Its LISTEN connection proves itself alive with a heartbeat (decision 142); its lines are
  // JSON from the start, then the app's own logger's once the app exists.
  const listening = database.url
    ? postgresChannel(database.url, pino({ level: config.logLevel }), { heartbeatMs: config.clusterHeartbeatMs })
    : null;
  const channel = listening ?? localChannel();
  const app = await buildApp({ config, db: database.db, channel, poolStats: database.poolStats, queryCount: database.queryCount, copyOut: database.copyOut });
  if (listening) {
    listening.useLogger(app.log.child({ component: 'cluster-channel' }));
    watchChannel(app.metrics, listening);
  }
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
    await app.close();
    await channel.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
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
