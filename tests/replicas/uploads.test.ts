import http from 'node:http';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_UPLOAD_PATH, ATTACHMENT_ID_HEADER, UPLOAD_METADATA } from '@contract/uploads';
import { openDatabase } from '../../api/platform/db/client';
import { attachment, upload } from '../../api/platform/db/schema';
import { sweepExpiredUploads } from '../../api/domain/uploads/sweep';
import { uploadStore, UPLOAD_PREFIX } from '../../api/domain/uploads/tus-store';
import { s3FileStorage } from '../../api/platform/storage/s3-storage';
import { loadConfig } from '../../api/config';
import { startTestS3, type TestS3 } from '../../api/test/s3';
import { pdfOf } from '../../api/test/uploads';
import { createTicket, startDeployment, tokenOf, type Deployment } from './cluster';

/**
 * Resumable uploads on two API processes and one PostgreSQL (docs/decisions/153-resumable-uploads.md, 154):
 * an upload begun on one process is resumed on the other, to the shared DATA_DIR and to an
 * S3-compatible server (s3rver); a PATCH left hanging on one process lets go of its lock when the
 * other asks through the cluster channel; expired uploads are swept from the bucket.
 */
let onDisk: Deployment;
let onS3: Deployment;
let s3: TestS3;

beforeAll(async () => {
  s3 = await startTestS3();
  const { endpoint, bucket, region, accessKeyId, secretAccessKey } = s3.settings;
  [onDisk, onS3] = await Promise.all([
    startDeployment({ apis: 2 }),
    startDeployment({
      apis: 2,
      env: {
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_REGION: region,
        S3_ACCESS_KEY_ID: accessKeyId,
        S3_SECRET_ACCESS_KEY: secretAccessKey,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([onDisk?.stop(), onS3?.stop()]);
  await s3?.close();
});

type Client = { a: string; b: string; auth: Record<string, string>; ticket: number };

async function clientOf(deployment: Deployment): Promise<Client> {
  const [a, b] = deployment.apis.map((p) => p.url) as [string, string];
  const token = await tokenOf(a, 'conductor@concesion.demo');
  const ticket = await createTicket(a, token);
  return { a, b, auth: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' }, ticket: ticket.id };
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
async function create(c: Client, on: string, length: number): Promise<string> {
  const res = await fetch(`${on}${API_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...c.auth,
      'upload-length': String(length),
      'upload-metadata': `${UPLOAD_METADATA.ticketId} ${b64(String(c.ticket))},${UPLOAD_METADATA.fileName} ${b64('informe.pdf')}`,
    },
  });
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}
const patch = (c: Client, on: string, location: string, offset: number, body: Buffer) =>
  fetch(`${on}${location}`, {
    method: 'PATCH',
    headers: { ...c.auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(body),
  });
const head = (c: Client, on: string, location: string) => fetch(`${on}${location}`, { method: 'HEAD', headers: c.auth });

async function attachmentsOf(c: Client): Promise<{ id: string }[]> {
  const res = await fetch(`${c.a}/api/ticket/${c.ticket}/attachment`, { headers: c.auth });
  expect(res.status).toBe(200);
  return (await res.json()).payload.content;
}
async function downloaded(c: Client, on: string, attachmentId: string): Promise<Buffer> {
  const res = await fetch(`${on}/api/ticket/${c.ticket}/attachment/${attachmentId}`, { headers: c.auth });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * A PATCH that sends `sent` bytes of `body` and then stalls with its socket open, as a phone whose
 * link went quiet: `done` settles when the server ends it.
 */
function hangingPatch(c: Client, on: string, location: string, body: Buffer, sent: number) {
  const url = new URL(`${on}${location}`);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'PATCH',
    headers: { ...c.auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(body.length) },
  });
  const done = new Promise<number | 'closed'>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve('closed'));
  });
  req.write(body.subarray(0, sent));
  return { done, destroy: () => req.destroy() };
}

for (const [name, deployment] of [
  ['the shared DATA_DIR', () => onDisk],
  ['an S3-compatible server', () => onS3],
] as const) {
  describe(`resumable uploads on two API processes, to ${name}`, () => {
    it('begun on one process and finished on the other: exactly one attachment with the same bytes', async () => {
      const c = await clientOf(deployment());
      const file = pdfOf(200_000);
      const location = await create(c, c.a, file.length);
      expect((await patch(c, c.a, location, 0, file.subarray(0, 90_000))).headers.get('upload-offset')).toBe('90000');
      const resumed = await head(c, c.b, location);
      expect(resumed.headers.get('upload-offset')).toBe('90000');
      const last = await patch(c, c.b, location, 90_000, file.subarray(90_000));
      expect(last.status).toBe(204);
      const attachmentId = last.headers.get(ATTACHMENT_ID_HEADER)!;
      // The last answer lost: the other process says complete, with the same attachment.
      const again = await head(c, c.a, location);
      expect(again.headers.get('upload-offset')).toBe(String(file.length));
      expect(again.headers.get(ATTACHMENT_ID_HEADER)).toBe(attachmentId);
      expect((await attachmentsOf(c)).map((x) => x.id)).toEqual([attachmentId]);
      expect(await downloaded(c, c.a, attachmentId)).toEqual(file);
    });

    it('a PATCH hanging on one process lets go when the client resumes on the other; the upload completes once', async () => {
      const c = await clientOf(deployment());
      const file = pdfOf(300_000);
      const location = await create(c, c.a, file.length);
      const hanging = hangingPatch(c, c.a, location, file, 120_000);
      // Until the first process holds the lock and has written something.
      const started = Date.now();
      for (let offset = 0; offset === 0 && Date.now() - started < 10_000; ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        offset = await uploadRowLocked(deployment(), location);
      }
      const asked = Date.now();
      const resumed = await head(c, c.b, location);
      expect(resumed.status).toBe(200);
      // Released through the cluster channel, well before the 20 s lease would have run out.
      expect(Date.now() - asked).toBeLessThan(10_000);
      const kept = Number(resumed.headers.get('upload-offset'));
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThanOrEqual(120_000);
      const last = await patch(c, c.b, location, kept, file.subarray(kept));
      expect(last.status).toBe(204);
      const attachmentId = last.headers.get(ATTACHMENT_ID_HEADER)!;
      expect(await Promise.race([hanging.done, new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000))])).not.toBe('still open');
      hanging.destroy();
      expect((await attachmentsOf(c)).map((x) => x.id)).toEqual([attachmentId]);
      expect(await downloaded(c, c.b, attachmentId)).toEqual(file);
    });
  });
}

/** 1 once some process holds the upload's lock (the hanging PATCH is being written), else 0. */
async function uploadRowLocked(deployment: Deployment, location: string): Promise<number> {
  const database = openDatabase({ databaseUrl: deployment.databaseUrl, dataDir: 'unused' });
  try {
    const [row] = await database.db.select({ holder: upload.lockHolder }).from(upload).where(eq(upload.id, location.split('/').pop()!));
    return row?.holder ? 1 : 0;
  } finally {
    await database.close();
  }
}

/** The files s3rver keeps under a folder of the bucket (none once the upload's objects are gone). */
const filesUnder = (folder: string): string[] => {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
};

describe('expiry on an S3-compatible server', () => {
  it('an expired upload answers 410, and the sweep removes its objects and its row', async () => {
    const c = await clientOf(onS3);
    const location = await create(c, c.a, 50_000);
    const id = location.split('/').pop()!;
    await patch(c, c.a, location, 0, pdfOf(50_000).subarray(0, 20_000));
    const folder = path.join(s3.directory, s3.settings.bucket, UPLOAD_PREFIX, id);
    expect(filesUnder(folder).length).toBeGreaterThan(0);
    const database = openDatabase({ databaseUrl: onS3.databaseUrl, dataDir: 'unused' });
    const store = uploadStore({ dataDir: 'unused', s3: s3.settings });
    try {
      await database.db.update(upload).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(upload.id, id));
      expect((await head(c, c.b, location)).status).toBe(410);
      const completion = { db: database.db, storage: s3FileStorage(s3.settings), readUpload: (x: string) => store.read(x), removeUpload: (x: string) => store.remove(x), storedBytes: (x: string) => store.datastore.getUpload(x).then((u) => u.offset), quotas: loadConfig({}).quotas, imageMaxPixels: 1e7 };
      expect(await sweepExpiredUploads(completion)).toEqual({ removed: 1, finished: 0 });
      expect(filesUnder(folder)).toEqual([]);
      expect(await database.db.select().from(upload).where(eq(upload.id, id))).toEqual([]);
      expect((await head(c, c.a, location)).status).toBe(404);
      expect(await database.db.select().from(attachment).where(eq(attachment.ticketId, c.ticket))).toEqual([]);
    } finally {
      store.close?.();
      await database.close();
    }
  });
});
