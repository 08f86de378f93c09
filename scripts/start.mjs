// Starts the concession API and the web app (production builds) side by side.
// `npm start` builds first; this script only runs them and stops both together.
import { spawn } from 'node:child_process';

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
  console.log('SESSION_SECRET no definido: se generó uno para esta ejecución (las sesiones terminan al reiniciar).');
}

const children = [];
let stopping = false;

function run(name, args, extraEnv = {}) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`${name} terminó (código ${code}); deteniendo todo.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

async function waitFor(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

run('La API', ['build/api/server.mjs']);
if (!(await waitFor(`${apiUrl}/api/health`, 60))) {
  console.error(`La API no respondió en ${apiUrl}/api/health.`);
  stop(1);
} else {
  run('La web', ['server/web.mjs'], { PORT: webPort });
  await waitFor(`http://127.0.0.1:${webPort}/user/login`, 30);
  const demo = env.SEED === 'demo';
  console.log(`\nListo: http://localhost:${webPort}`);
  if (demo) {
    console.log('Cuentas de demostración (clave Demo-2026):');
    for (const who of ['admin', 'supervisor', 'operador', 'inspector', 'conductor']) console.log(`  ${who}@concesion.demo`);
  }
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
