// Starts the concession API and the web app (production builds) side by side.
// `npm start` builds first; this script only runs them, restarts one that dies, and stops both together.
import { spawn } from 'node:child_process';
import { createLogger } from '../server/log.mjs';

// Its own lines are JSON like the services' (`service: "start"`), the text in Spanish as before
// (docs/decisions/145-logs-keep-the-cause-not-the-person.md); only a person at a terminal is shown the demo accounts.
const log = createLogger(process.env, undefined, 'start');

const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '4000';
const apiUrl = process.env.CONCESSION_API_URL ?? `http://127.0.0.1:${apiPort}`;
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', API_PORT: apiPort, CONCESSION_API_URL: apiUrl };
// The README's "start the product with demo data" on the embedded database asks for the demo
// explicitly: a production API never creates demo accounts by itself.
if (!env.DATABASE_URL && !env.SEED) env.SEED = 'demo';
// Out of the box there is no secret to sign sessions with: make one for this run
// (sessions end on restart) and say how to keep them.
if (!env.SESSION_SECRET) {
  const { randomBytes } = await import('node:crypto');
  env.SESSION_SECRET = randomBytes(32).toString('hex');
  log.warn('SESSION_SECRET no definido: se generó uno para esta ejecución (las sesiones terminan al reiniciar).');
}
// The second-step secrets are encrypted with TOTP_ENCRYPTION_KEYS (decision 152); out of the box one key is made
// once and kept beside the data it protects, so secrets enrolled in one run open in the next.
if (!env.TOTP_ENCRYPTION_KEYS && env.NODE_ENV === 'production') {
  const { randomBytes } = await import('node:crypto');
  const { existsSync, mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
  const path = await import('node:path');
  const dataDir = env.DATA_DIR ?? './data';
  const keyFile = path.join(dataDir, 'totp-encryption-key');
  if (!existsSync(keyFile)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(keyFile, `local:${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  }
  env.TOTP_ENCRYPTION_KEYS = readFileSync(keyFile, 'utf8').trim();
  log.warn(`TOTP_ENCRYPTION_KEYS no definido: se usa la clave guardada en ${keyFile}.`);
}

/**
 * Each service runs under a supervisor of its own (docs/decisions/131-no-request-stops-a-process.md):
 * a process that dies after it came up is started again, 1 s later, then 2, 4... up to 30 s while
 * it keeps dying, back to 1 s once it stayed up a minute; each restart is logged. The other
 * service keeps running meanwhile. SIGINT or SIGTERM stop both (each drains within its
 * SHUTDOWN_TIMEOUT_MS; after that and a second more, they are killed).
 * START_API_SCRIPT and START_WEB_SCRIPT name other scripts to run (scripts/start.test.ts).
 */
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;
const STABLE_MS = 60_000;
const apiScript = process.env.START_API_SCRIPT ?? 'build/api/server.mjs';
const webScript = process.env.START_WEB_SCRIPT ?? 'server/web.mjs';
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
const services = [];
let stopping = false;

function supervise(name, args, extraEnv = {}) {
  const service = { name, child: null, delay: RESTART_FIRST_MS, timer: null, restarts: 0 };
  const launch = () => {
    service.timer = null;
    const startedAt = Date.now();
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
    service.child = child;
    child.on('error', (error) => log.error({ err: error }, `${name}: no se pudo iniciar (${error.message}).`));
    child.on('exit', (code, signal) => {
      if (stopping) return;
      // Up a minute or more: it was not dying in a loop, the next restart is quick again.
      if (Date.now() - startedAt >= STABLE_MS) service.delay = RESTART_FIRST_MS;
      const wait = service.delay;
      service.delay = Math.min(service.delay * 2, RESTART_MAX_MS);
      service.restarts += 1;
      const how = signal ? `señal ${signal}` : `código ${code}`;
      log.error({ code, signal, restarts: service.restarts, waitMs: wait }, `${name} terminó (${how}); se reinicia en ${wait / 1000} s (reinicio ${service.restarts}).`);
      service.timer = setTimeout(launch, wait);
    });
  };
  launch();
  services.push(service);
  return service;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const running = [];
  for (const service of services) {
    if (service.timer) clearTimeout(service.timer);
    const child = service.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      running.push(new Promise((resolve) => child.once('exit', resolve)));
      child.kill('SIGTERM');
    }
  }
  // Each service drains within its own deadline; past it (and a second more) it is killed.
  const deadline = setTimeout(() => {
    for (const { child } of services) if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, shutdownTimeoutMs + 1_000);
  deadline.unref();
  void Promise.all(running).then(() => process.exit(code));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

supervise('La API', [apiScript]);
if (!(await waitFor(`${apiUrl}/api/health`, 60))) {
  // Never up at all (a configuration error, a port taken): restarting would not help.
  log.fatal(`La API no respondió en ${apiUrl}/api/health.`);
  stop(1);
} else if (!stopping) {
  supervise('La web', [webScript], { PORT: webPort });
  await waitFor(`http://127.0.0.1:${webPort}/user/login`, 30);
  const demo = env.SEED === 'demo';
  log.info({ url: `http://localhost:${webPort}` }, `Listo: http://localhost:${webPort}`);
  if (demo && process.stdout.isTTY) {
    console.log('Cuentas de demostración (clave Demo-2026):');
    for (const who of ['admin', 'supervisor', 'operador', 'inspector', 'conductor']) console.log(`  ${who}@concesion.demo`);
  }
}

