import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A product of its own for a suite that must stop it or configure it differently (its own free
 * ports, its own embedded database): api-down.spec.ts, two-step.spec.ts.
 */
const root = process.cwd();
export const buildDir = process.env.BUILD_DIR ?? 'build';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url: string, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${seconds}s`);
}

/** Where every process a test suite starts appends what it writes, for scripts/check-logs.mjs (decision 145). */
export const LOGS_DIR = path.join(root, '.test-reports', 'logs');

/**
 * Appends a child's standard output and error to `.test-reports/logs/<name>.log` (one file per
 * process: `<suite>-<role>-<port>`), where the suite-wide check reads every line
 * (docs/decisions/145-logs-keep-the-cause-not-the-person.md).
 */
export function keepOutput(child: ChildProcess, name: string) {
  mkdirSync(LOGS_DIR, { recursive: true });
  const file = createWriteStream(path.join(LOGS_DIR, `${name.replace(/[^\w.-]+/g, '_')}.log`), { flags: 'a' });
  let open = 2;
  const done = () => {
    if (--open === 0) file.end();
  };
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) {
      done();
      continue;
    }
    stream.on('data', (chunk: Buffer) => file.write(chunk));
    stream.once('close', done);
  }
}

/** api or web, by the script a process runs. */
const roleOf = (script: string) => (script.includes('api') ? 'api' : 'web');

/**
 * Starts a process of the build; `onOutput` receives what it writes (its log lines). Either way
 * its output goes to `.test-reports/logs/<logName>-<role>-<port>.log` (`keepOutput`).
 */
export function start(script: string, env: Record<string, string>, onOutput?: (text: string) => void, logName = 'e2e'): ChildProcess {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    // TOTP_ENCRYPTION_KEYS: a test-only key (production requires one; decision 152).
    env: { ...process.env, NODE_ENV: 'production', SEED: 'demo', LOG_LEVEL: 'warn', TWO_STEP_ROLES: '', TOTP_ENCRYPTION_KEYS: 'e2e:BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  keepOutput(child, `${logName}-${roleOf(script)}-${env.API_PORT ?? env.PORT ?? child.pid}`);
  child.stdout?.on('data', (chunk: Buffer) => onOutput?.(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => onOutput?.(chunk.toString()));
  return child;
}

export async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}


export type OwnProduct = {
  webURL: string;
  apiURL: string;
  /** The embedded database's folder, with the mail outbox. */
  dataDir: string;
  /** The web process's SESSION_SECRET, to read its session cookies (fixtures.ts sessionToken). */
  sessionSecret: string;
  /** Every line both processes wrote so far (with `logs: true`). */
  logs(): string[];
  /** The web process, to see it still runs. */
  web: () => ChildProcess;
  stopApi(): Promise<void>;
  startApi(): Promise<void>;
  stop(): Promise<void>;
};

/** An API and a web process of the production build, on free ports and an embedded database of their own. */
export async function startOwnProduct(
  name: string,
  apiSettings: Record<string, string> = {},
  options: { webSettings?: Record<string, string>; logs?: boolean } = {},
): Promise<OwnProduct> {
  let output = '';
  const collect = options.logs ? (text: string) => (output += text) : undefined;
  const [apiPort, webPort] = [await freePort(), await freePort()];
  // Outside test-results/, which any Playwright run starting meanwhile empties.
  const dataDir = await mkdtemp(path.join(tmpdir(), `${name}-`));
  const apiEnv = { API_PORT: String(apiPort), DATA_DIR: dataDir, ...apiSettings };
  const apiURL = `http://127.0.0.1:${apiPort}`;
  const webURL = `http://127.0.0.1:${webPort}`;
  // Its logs go to .test-reports/logs/ under its name: e2e-<name>-api-<port>.log (robustness-… for that suite).
  const logName = name.startsWith('robustness') ? name : `e2e-${name}`;
  let api = start(`${buildDir}/api/server.mjs`, apiEnv, collect, logName);
  const sessionSecret = options.webSettings?.SESSION_SECRET ?? `${name}-only-secret-0123456789abcdef`;
  const web = start('server/web.mjs', {
    PORT: String(webPort),
    HOST: '127.0.0.1',
    BUILD_DIR: buildDir,
    SESSION_SECRET: sessionSecret,
    CONCESSION_API_URL: apiURL,
    ...options.webSettings,
  }, collect, logName);
  await Promise.all([waitFor(`${apiURL}/api/health`, 120), waitFor(`${webURL}/healthz`, 60)]);
  return {
    webURL,
    apiURL,
    dataDir,
    sessionSecret,
    logs: () => output.split('\n').filter(Boolean),
    web: () => web,
    stopApi: () => stop(api),
    async startApi() {
      api = start(`${buildDir}/api/server.mjs`, apiEnv, collect, logName);
      await waitFor(`${apiURL}/api/health`, 120);
    },
    async stop() {
      await Promise.all([stop(api), stop(web)]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
