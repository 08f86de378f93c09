import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { ticketBody } from '../shared/ticket-body';
import { createTicket, freePort, stopProcess, tokenOf, TOTP_ENCRYPTION_KEYS, waitFor, type Proc } from './cluster';

/**
 * A full disk on the embedded setup (docs/decisions/141-readiness-and-degraded-peers.md): one API
 * process of the production build whose DATA_DIR (the embedded database and the attachments) is
 * a 48 MB tmpfs of its own (a private mount namespace: `unshare -m`, so nothing of this machine's
 * disk is filled and nothing outlives the process). About 42 MB go to the database with its demo
 * data; uploads fill the rest.
 */
const METRICS_TOKEN = 'faults-disk-metrics-token-01234';
const buildDir = process.env.BUILD_DIR ?? 'build';
let api: Proc;
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'faults-disk-'));
  const port = await freePort();
  const child = spawn('unshare', ['-m', 'sh', '-c', 'mount -t tmpfs -o size=48m tmpfs "$DATA_DIR" && exec "$NODE" "$SCRIPT"'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      NODE: process.execPath,
      SCRIPT: `${buildDir}/api/server.mjs`,
      NODE_ENV: 'production',
      TOTP_ENCRYPTION_KEYS,
      LOG_LEVEL: 'warn',
      API_PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'demo',
      TWO_STEP_ROLES: '',
      METRICS_TOKEN,
      // Files of 1 MB; the storage probe fails once less than 2 MB (one more file of the largest size) is free.
      ATTACHMENT_MAX_MB: '2',
      HEALTH_CHECK_INTERVAL_MS: '1000',
      HEALTH_CHECK_TIMEOUT_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5_000)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-5_000)));
  api = { child, url: `http://127.0.0.1:${port}`, output: () => output };
  await waitFor(`${api.url}/api/ready`, 120).catch((error: Error) => Promise.reject(new Error(`${error.message}\n${output}`)));
  token = await tokenOf(api.url, 'conductor@concesion.demo');
}, 180_000);

afterAll(async () => {
  await stopProcess(api);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A 1 MB PDF (the type is read from its first bytes). */
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024, 0x20)]);

const upload = (ticketId: number) => {
  const data = new FormData();
  data.append('files', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'informe.pdf');
  return fetch(`${api.url}/api/ticket/${ticketId}/attachment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: data,
  });
};

const metrics = () => fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());

describe('the data folder’s disk full (embedded database and local attachments)', () => {
  it('uploads answer 507 in Spanish once it is full, every acknowledged file stays whole, the storage probe fails, disk_free_bytes shows it, a database write gets 507 not 500, and all works again once space is freed', async () => {
    // What an operator may delete later: an old file in the data folder (through the process's own
    // mount, /proc/<pid>/root), sized from the room the database left, so 3.95 MB stay free: three
    // files of 1 MB fit and the fourth meets the full disk in its file write, as this test means.
    // With less room left the database's own write is the one refused (the last step covers that),
    // and the embedded database then stalls for about a minute (measured; noted for issue 38).
    // The event is created first: its own writes (history, deadlines, search words) must not eat the room left.
    const ticket = await createTicket(api.url, token);
    const inMount = (name: string) => `/proc/${api.child.pid}/root${dataDir}/${name}`;
    const disk = await statfs(inMount('.'));
    await writeFile(inMount('old-backup'), Buffer.alloc(Math.max(0, disk.bavail * disk.bsize - Math.round(3.95 * 1024 * 1024))));
    const acknowledged: string[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 20 && !refused; i++) {
      const answer = await upload(ticket.id);
      if (answer.status === 201) acknowledged.push(...((await answer.json()).payload as Array<{ id: string }>).map((a) => a.id));
      else refused = answer;
    }
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(refused?.status, api.output()).toBe(507);
    expect(refused!.headers.get('retry-after')).toBeTruthy();
    expect((await refused!.json()).errors.message).toBe(messages.storageFull);

    await expect.poll(async () => /^peer_up\{peer="storage"\} (\d)$/m.exec(await metrics())?.[1], { timeout: 10_000, interval: 500 }).toBe('0');
    const free = Number(/^disk_free_bytes\{path="[^"]+"\} (\d+)$/m.exec(await metrics())?.[1]);
    expect(free).toBeLessThan(PDF.length);

    // Nothing acknowledged is lost: each file comes back whole.
    for (const id of acknowledged) {
      const file = await fetch(`${api.url}/api/ticket/${ticket.id}/attachment/${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(file.status).toBe(200);
      expect((await file.arrayBuffer()).byteLength).toBe(PDF.length);
    }

    // Every last byte taken (a file written into the process's own mount): a
    // database write on a disk with no space at all is stored or refused clearly, never a 500.
    const filler = inMount('filler');
    await writeFile(filler, Buffer.alloc(64 * 1024 * 1024)).catch((error: NodeJS.ErrnoException) => expect(error.code).toBe('ENOSPC'));
    const created = await fetch(`${api.url}/api/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(ticketBody()),
    });
    const createdBody = await created.text();
    expect([201, 507], `${created.status} ${createdBody}\n${api.output()}`).toContain(created.status);
    // Measured on this machine: 507. A write
    // that still found room in the table's last page is stored, and then must be there.
    if (created.status === 507) expect(JSON.parse(createdBody).errors.message).toBe(messages.storageFull);
    else expect((await fetch(`${api.url}/api/ticket/${JSON.parse(createdBody).payload.id}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${api.url}/api/ready`)).status).toBe(200);
    expect((await fetch(`${api.url}/api/ticket/${ticket.id}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    // Space again (an operator deleted the old file): without a restart, the probe passes and uploads are taken.
    await rm(filler);
    await rm(inMount('old-backup'));
    await expect.poll(async () => /^peer_up\{peer="storage"\} (\d)$/m.exec(await metrics())?.[1], { timeout: 10_000, interval: 500 }).toBe('1');
    expect((await upload(ticket.id)).status).toBe(201);
    expect((await createTicket(api.url, token)).id).toBeGreaterThan(ticket.id);
  });
});
