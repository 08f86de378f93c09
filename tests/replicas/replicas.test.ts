import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../api/platform/db/client';
import { attachment } from '../../api/platform/db/schema';
import { sweepOrphanFiles } from '../../api/platform/storage/orphan-sweep';
import { s3FileStorage } from '../../api/platform/storage/s3-storage';
import { startTestS3, type TestS3 } from '../../api/test/s3';
import { apiSignIn, createTicket, DEMO_PASSWORD, startDeployment, tokenOf, type Deployment } from './cluster';

/**
 * Two (then three) API processes and two web processes on one PostgreSQL, as behind a load
 * balancer: what one process does, the others see; nothing is lost or doubled (docs/decisions/112-replicas.md).
 */
let deployment: Deployment;
const mailed: string[] = [];
let smtp: SMTPServer;
let s3: TestS3;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        mailed.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  // Attachments on a real S3-compatible server on loopback (s3rver), shared by every API process.
  s3 = await startTestS3();
  const { endpoint, bucket, region, accessKeyId, secretAccessKey } = s3.settings;
  // Three processes at once on an empty database: they take turns migrating and seeding.
  deployment = await startDeployment({
    apis: 3,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  });
});
afterAll(async () => {
  await deployment?.stop();
  await s3?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const [A, B] = [0, 1];
const api = (i: number) => deployment.apis[i]!.url;
const web = (i: number) => deployment.webs[i]!.url;

describe('starting together', () => {
  it('three API processes started at once on an empty database all became ready, with one copy of the demo data', async () => {
    for (const url of deployment.apis.map((p) => p.url)) expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const client = new pg.Client({ connectionString: deployment.databaseUrl });
    await client.connect();
    const { rows } = await client.query(`select count(*)::int as n from profile where email = 'admin@concesion.demo'`);
    await client.end();
    expect(rows[0].n).toBe(1);
  });
});

describe('web processes', () => {
  it('a session opened through web A works on web B', async () => {
    const signIn = await fetch(`${web(A)}/user/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: web(A) },
      body: new URLSearchParams({ email: 'supervisor@concesion.demo', password: DEMO_PASSWORD, terms: 'on', redirectTo: '' }),
    });
    expect([302, 303]).toContain(signIn.status);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toContain('__session=');
    const page = await fetch(`${web(B)}/supervisor/events`, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Rodrigo Fuentes');
  });
});

/** Reads a server-sent event stream until some text arrives, or fails after `ms`. */
function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    async until(needle: string, ms: number) {
      const deadline = Date.now() + ms;
      while (!text.includes(needle)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${needle}" within ${ms} ms: ${text}`);
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
        if (chunk && !chunk.done) text += decoder.decode(chunk.value);
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('live notifications', () => {
  it('an event assigned through API 1 reaches the assignee’s stream on API 2, and through web B, within a second', async () => {
    const supervisor = await tokenOf(api(A), 'supervisor@concesion.demo');
    const operator = await tokenOf(api(B), 'operador@concesion.demo');
    const me = await (await fetch(`${api(B)}/api/user/me`, { headers: { authorization: `Bearer ${operator}` } })).json();
    const operatorId = me.payload.userProfileDto.id as string;

    // The operator's stream held by API 2, and their browser's through web B.
    const signIn = await fetch(`${web(B)}/user/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: web(B) },
      body: new URLSearchParams({ email: 'operador@concesion.demo', password: DEMO_PASSWORD, terms: 'on', redirectTo: '' }),
    });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const direct = sseReader(await fetch(`${api(B)}/api/notification/stream`, { headers: { authorization: `Bearer ${operator}` } }));
    const relayed = sseReader(await fetch(`${web(B)}/resources/notifications/stream`, { headers: { cookie } }));
    await direct.until('event: ready', 5_000);
    await relayed.until('event: ready', 5_000);

    const ticket = await createTicket(api(A), supervisor);
    const assignedAt = Date.now();
    const assigned = await fetch(`${api(A)}/api/ticket/${ticket.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${supervisor}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assignedToId: operatorId }),
    });
    expect(assigned.status).toBe(200);
    await direct.until(ticket.folio, 1_000 + (Date.now() - assignedAt));
    await relayed.until(ticket.folio, 1_000 + (Date.now() - assignedAt));
    expect(Date.now() - assignedAt).toBeLessThan(1_500);
    await direct.cancel();
    await relayed.cancel();
  });
});

describe('abuse controls', () => {
  it('five failed sign-ins spread over the processes throttle the account from that address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await apiSignIn(api(i % 3), 'inspector@concesion.demo', 'mal-clave', '198.51.100.90')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('sessions', () => {
  it('a user suspended through API 1 is refused by API 2 within a second', async () => {
    const admin = await tokenOf(api(A), 'admin@concesion.demo');
    const driver = await tokenOf(api(B), 'conductor@concesion.demo');
    const me = () => fetch(`${api(B)}/api/user/me`, { headers: { authorization: `Bearer ${driver}` } });
    const driverId = (await (await me()).json()).payload.userProfileDto.id as string;
    expect((await me()).status).toBe(200);
    expect((await fetch(`${api(A)}/api/profile/disable/${driverId}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
    const suspendedAt = Date.now();
    let status = (await me()).status;
    while (status !== 401 && Date.now() - suspendedAt < 1_000) status = (await me()).status;
    expect(status).toBe(401);
    await fetch(`${api(A)}/api/profile/enable/${driverId}`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } });
  });
});

describe('mail', () => {
  it('100 queued messages are delivered exactly 100 times by three processes', async () => {
    const before = mailed.length;
    const client = new pg.Client({ connectionString: deployment.databaseUrl });
    await client.connect();
    await client.query(
      `insert into mail_queue (recipient, subject, body) select 'lote' || g || '@concesion.demo', 'Prueba', 'Hola' from generate_series(1, 100) g`,
    );
    await client.end();
    // Every process delivers on its own timer (15 s); all of them race for the same rows.
    const deadline = Date.now() + 40_000;
    while (mailed.filter((m) => m.startsWith('lote')).length < 100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const batch = mailed.slice(before).filter((m) => m.startsWith('lote'));
    expect(batch).toHaveLength(100);
    expect(new Set(batch).size).toBe(100);
  });
});

/** A PDF of `size` bytes: what the type check accepts. */
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x61)]);


describe('attachments on object storage (the last tests: one ends with a process killed)', () => {
  it('a file uploaded through API 1 downloads, the same bytes, through API 2', async () => {
    const driver = await tokenOf(api(A), 'conductor@concesion.demo');
    const { id: ticketId } = await createTicket(api(A), driver);
    const bytes = pdf(300_000);
    const form = new FormData();
    form.append('files', new Blob([bytes], { type: 'application/pdf' }), 'parte.pdf');
    const uploaded = await fetch(`${api(A)}/api/ticket/${ticketId}/attachment`, { method: 'POST', headers: { authorization: `Bearer ${driver}` }, body: form });
    expect(uploaded.status).toBe(201);
    const [saved] = (await uploaded.json()).payload as { id: string }[];
    const download = await fetch(`${api(B)}/api/ticket/${ticketId}/attachment/${saved!.id}`, { headers: { authorization: `Bearer ${driver}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('kill -9 during an upload leaves nothing behind once the sweep has run', async () => {
    const victim = deployment.apis[2]!;
    const driver = await tokenOf(victim.url, 'conductor@concesion.demo');
    const { id: ticketId } = await createTicket(victim.url, driver);
    // Half of a 6 MB upload (more than one S3 part), then the process dies.
    const boundary = 'corte';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="grande.pdf"\r\ncontent-type: application/pdf\r\n\r\n`;
    const body = pdf(6_000_000);
    const req = http.request(`${victim.url}/api/ticket/${ticketId}/attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${driver}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + body.length + 20 },
    });
    req.on('error', () => {});
    req.write(head);
    req.write(body.subarray(0, 5_800_000));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    victim.child.kill('SIGKILL');
    await new Promise((resolve) => victim.child.once('exit', resolve));

    // The sweep, as the next process to take its turn would run it, an hour and more later.
    const database = openDatabase({ databaseUrl: deployment.databaseUrl, dataDir: 'unused' });
    const storage = s3FileStorage(s3.settings);
    try {
      await sweepOrphanFiles(database.db, storage, { now: new Date(Date.now() + 2 * 3_600_000) });
      const rows = new Set((await database.db.select({ key: attachment.storageKey }).from(attachment)).map((r) => r.key));
      const left: string[] = [];
      for await (const entry of storage.list()) if (!rows.has(entry.key)) left.push(entry.key);
      expect(left).toEqual([]);
      expect(rows.size).toBeGreaterThan(0);
    } finally {
      storage.close?.();
      await database.close();
    }
  });
});
