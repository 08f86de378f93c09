import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * `npm start` (scripts/start.mjs) restarts a service that dies, with back-off, and never stops the
 * other one (docs/decisions/131-no-request-stops-a-process.md). Two tiny stand-ins for the API and
 * the web app answer their own pid, so a test can kill one and see it come back.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'start-test-'));
const server = (portVariable: string) =>
  `import http from 'node:http';\n` +
  `http.createServer((req, res) => res.end(String(process.pid))).listen(Number(process.env.${portVariable}), '127.0.0.1');\n` +
  `process.on('SIGTERM', () => process.exit(0));\n`;
writeFileSync(path.join(dir, 'api.mjs'), server('API_PORT'));
writeFileSync(path.join(dir, 'web.mjs'), server('PORT'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let start: ChildProcess;
let output = '';
let apiPort: number;
let webPort: number;

async function pidOn(port: number): Promise<number | null> {
  try {
    return Number(await (await fetch(`http://127.0.0.1:${port}/`)).text());
  } catch {
    return null;
  }
}

/** Waits until the service on `port` answers from a process other than `old`. */
const restartedFrom = (port: number, old: number) =>
  vi.waitFor(
    async () => {
      const pid = await pidOn(port);
      if (pid === null || pid === old) throw new Error('not back yet');
      return pid;
    },
    { timeout: 15_000, interval: 100 },
  );

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  [apiPort, webPort] = [await freePort(), await freePort()];
  start = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      START_API_SCRIPT: path.join(dir, 'api.mjs'),
      START_WEB_SCRIPT: path.join(dir, 'web.mjs'),
      API_PORT: String(apiPort),
      PORT: String(webPort),
      CONCESSION_API_URL: `http://127.0.0.1:${apiPort}`,
      SESSION_SECRET: 'start-test-secret-0123456789abcdef',
      SHUTDOWN_TIMEOUT_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  start.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await vi.waitFor(() => expect(output).toContain('Listo'), { timeout: 30_000, interval: 100 });
});

afterAll(() => {
  if (start.exitCode === null) start.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('restarts a service killed with -9, backing off, while the other keeps running', async () => {
    const web = (await pidOn(webPort))!;
    let api = (await pidOn(apiPort))!;
    expect(web).toBeGreaterThan(0);

    process.kill(api, 'SIGKILL');
    api = await restartedFrom(apiPort, api);
    expect(output).toContain('La API terminó (señal SIGKILL); se reinicia en 1 s (reinicio 1).');
    // Dying again at once: the next wait doubles.
    process.kill(api, 'SIGKILL');
    api = await restartedFrom(apiPort, api);
    expect(output).toContain('La API terminó (señal SIGKILL); se reinicia en 2 s (reinicio 2).');
    expect(await pidOn(webPort)).toBe(web);

    process.kill(web, 'SIGKILL');
    const newWeb = await restartedFrom(webPort, web);
    expect(output).toContain('La web terminó (señal SIGKILL); se reinicia en 1 s (reinicio 1).');
    expect(await pidOn(apiPort)).toBe(api);
    expect(start.exitCode).toBeNull();

    // SIGTERM still stops both, within the deadline.
    const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
    start.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(alive(api)).toBe(false);
    expect(alive(newWeb)).toBe(false);
  }, 60_000);
});
