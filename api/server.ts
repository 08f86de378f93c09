import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createApiLogger } from './http/logging';
import { openDatabase } from './platform/db/client';
import { seedDatabase } from './platform/db/seed';
import { startJobs } from './platform/jobs/jobs';
import { sealTotpSecrets } from './domain/accounts/two-step';
import { localChannel, postgresChannel } from './platform/cluster/channel';
import { watchChannel } from './http/metrics';
import { listenForBackups } from './platform/backup/socket';

/**
 * Every line this process writes is JSON with `service: "api"` (docs/decisions/145-logs-keep-the-cause-not-the-person.md):
 * one logger, made before anything else, for the database pool, the cluster channel, Fastify
 * (requests, mail, jobs) and the start-up and shutdown messages.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    // No configuration to read the log settings from: a line at the default level.
    const bootLog = createApiLogger({ env: process.env.NODE_ENV === 'development' ? 'development' : 'production', logLevel: 'info' });
    if (error instanceof ConfigError) bootLog.fatal(error.message);
    else bootLog.fatal({ err: error }, 'the configuration could not be read');
    process.exit(1);
  }
  const log = createApiLogger(config);
  // A crash still ends the process (its supervisor restarts it: docs/deploy.md), with a JSON line
  // saying why instead of Node's plain stack on standard error.
  process.on('uncaughtException', (error) => {
    log.fatal({ err: error }, 'uncaught exception');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  await start(config, log).catch((error: unknown) => {
    log.fatal({ err: error }, 'the API could not start');
    process.exit(1);
  });
}

async function start(config: ReturnType<typeof loadConfig>, log: ReturnType<typeof createApiLogger>) {
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  // Processes starting together on an empty database take turns (docs/decisions/112-replicas.md).
  // Both run on the lock's own connection, without the pool's request-sized timeouts (decision 141).
  await database.exclusive(async (db) => {
    await database.migrate(db);
    await seedDatabase(db, {
      demo: config.seedDemo,
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
    });
    // Second-step secrets in the clear or under an old key sealed with the current one (decision 152).
    const sealed = await sealTotpSecrets(db, config.totpKeys);
    if (sealed > 0) log.info({ sealed }, 'second-step secrets encrypted with the current key');
  });
  // Several API processes on one PostgreSQL hear each other through LISTEN/NOTIFY.
  // Its LISTEN connection proves itself alive with a heartbeat (decision 142).
  const listening = database.url
    ? postgresChannel(database.url, log.child({ component: 'cluster-channel' }), { heartbeatMs: config.clusterHeartbeatMs })
    : null;
  const channel = listening ?? localChannel();
  const app = await buildApp({ config, logger: log, db: database.db, channel, poolStats: database.poolStats, queryCount: database.queryCount, copyOut: database.copyOut });
  if (listening) watchChannel(app.metrics, listening);
  // The embedded database has no autovacuum: statistics as of this start (cheap, a few seconds at most).
  if (database.kind === 'embedded') await database.db.execute(sql`analyze`);
  const stopJobs = startJobs(app, { embedded: database.kind === 'embedded' });
  // The embedded database's backups are taken in this process, asked for on a Unix socket in DATA_DIR
  // (docs/decisions/185-backups-that-restore.md): no other process may open its files while it runs.
  const backups = database.copyDataDir ? await listenForBackups(config.dataDir, database.copyDataDir, log.child({ component: 'backup' })) : undefined;
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
    await backups?.close();
    await app.close();
    await channel.close();
    await database.close();
    app.log.info({ signal }, 'stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  // Shared peers are watched from now on: metrics and log lines, never readiness (decision 141).
  app.peers.start();
  app.log.info({ host: config.host, port: config.port, database: database.kind }, `API lista en http://${config.host}:${config.port} (base de datos ${database.kind})`);
}

void main();
