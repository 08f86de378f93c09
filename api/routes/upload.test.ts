import http from 'node:http';
import { Readable } from 'node:stream';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import * as tus from 'tus-js-client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_UPLOAD_PATH, ATTACHMENT_ID_HEADER, UPLOAD_METADATA } from '@contract/uploads';
import { messages } from '@contract/messages';
import { queryRows } from '../platform/db/client';
import { attachment, profile, upload } from '../platform/db/schema';
import { createTestApi, DEMO_PASSWORD, type TestApi } from '../test/helper';
import { createTicket, signInCallers, type Caller, type Callers } from '../test/tickets';
import { sweepExpiredUploads } from '../domain/uploads/sweep';
import { PNG, pdfOf, ELF } from '../test/uploads';

let api: TestApi;
let who: Callers;
let base: string;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0, config: { attachmentMaxMb: 1, attachmentMaxFiles: 3 } });
  who = await signInCallers(api);
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});
afterAll(() => api.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadataOf = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');

/** A tus creation request for `length` bytes on a ticket. */
async function create(caller: { headers: object }, ticketId: number, length: number, extra: Record<string, string> = {}) {
  return fetch(`${base}${API_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...(caller.headers as Record<string, string>),
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': metadataOf({ [UPLOAD_METADATA.ticketId]: String(ticketId), [UPLOAD_METADATA.fileName]: 'foto.png', ...extra }),
    },
  });
}
const patch = (caller: { headers: object }, location: string, offset: number, body: Buffer) =>
  fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: { ...(caller.headers as Record<string, string>), 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(body),
  });
const head = (caller: { headers: object }, location: string) =>
  fetch(`${base}${location}`, { method: 'HEAD', headers: { ...(caller.headers as Record<string, string>), 'tus-resumable': '1.0.0' } });
const attachmentsOf = async (ticketId: number) =>
  api.database.db.select().from(attachment).where(eq(attachment.ticketId, ticketId));

describe('resumable uploads', () => {
  it('creates, appends in pieces, says the offset, and makes exactly one attachment at the last byte', async () => {
    const t = await createTicket(api, who.driver);
    const file = pdfOf(5000);
    const created = await create(who.driver, t.id, file.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(new RegExp(`^${API_UPLOAD_PATH}/[0-9a-f]{32}$`));
    expect((await patch(who.driver, location, 0, file.subarray(0, 2000))).headers.get('upload-offset')).toBe('2000');
    expect((await head(who.driver, location)).headers.get('upload-offset')).toBe('2000');
    const last = await patch(who.driver, location, 2000, file.subarray(2000));
    expect(last.status).toBe(204);
    const id = last.headers.get(ATTACHMENT_ID_HEADER);
    const rows = await attachmentsOf(t.id);
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect(rows[0]).toMatchObject({ contentType: 'application/pdf', sizeBytes: 5000 });
    // The answer lost: a HEAD says complete and names the same attachment; nothing new is made.
    const after = await head(who.driver, location);
    expect(after.status).toBe(200);
    expect(after.headers.get('upload-offset')).toBe('5000');
    expect(after.headers.get(ATTACHMENT_ID_HEADER)).toBe(id);
    expect(await attachmentsOf(t.id)).toHaveLength(1);
  });

  it('answers 404 to another account, and to an id that is not one of ours', async () => {
    const t = await createTicket(api, who.driver);
    const location = (await create(who.driver, t.id, 100)).headers.get('location')!;
    const other = await head(who.otherDriver, location);
    expect(other.status).toBe(404);
    expect((await other.text()).length).toBe(0);
    const patched = await patch(who.otherDriver, location, 0, pdfOf(100));
    expect(patched.status).toBe(404);
    expect((await patched.json()).errors.message).toBe(messages.notFound);
    expect((await head(who.driver, `${API_UPLOAD_PATH}/../../etc`)).status).toBe(404);
    expect((await head(who.driver, `${API_UPLOAD_PATH}/zz`)).status).toBe(404);
    // Nor may anyone create one on a ticket they cannot see.
    expect((await create(who.otherDriver, t.id, 100)).status).toBe(404);
  });

  it('refuses a file of a type not allowed at completion: nothing attached, the upload gone', async () => {
    const t = await createTicket(api, who.driver);
    const location = (await create(who.driver, t.id, ELF.length)).headers.get('location')!;
    const last = await patch(who.driver, location, 0, ELF);
    expect(last.status).toBe(415);
    expect((await last.json()).errors.message).toBe(messages.attachmentTypeNotAllowed);
    expect(await attachmentsOf(t.id)).toHaveLength(0);
    expect((await head(who.driver, location)).status).toBe(404);
  });

  it('refuses an Upload-Length over the limit with a 413, before a byte', async () => {
    const t = await createTicket(api, who.driver);
    const res = await create(who.driver, t.id, 1024 * 1024 + 1);
    expect(res.status).toBe(413);
    expect((await res.json()).errors.message).toContain('1 MB');
  });

  it('attaches a key once: a second upload with it names the first attachment', async () => {
    const t = await createTicket(api, who.driver);
    const key = { [UPLOAD_METADATA.key]: 'clave-de-envio-0001:file-0' };
    const first = (await create(who.driver, t.id, PNG.length, key)).headers.get('location')!;
    const a = (await patch(who.driver, first, 0, PNG)).headers.get(ATTACHMENT_ID_HEADER);
    const second = (await create(who.driver, t.id, PNG.length, key)).headers.get('location')!;
    const b = await patch(who.driver, second, 0, PNG);
    expect(b.status).toBe(204);
    expect(b.headers.get(ATTACHMENT_ID_HEADER)).toBe(a);
    expect(await attachmentsOf(t.id)).toHaveLength(1);
  });

  it('takes as many files per send as a multipart request: ATTACHMENT_MAX_FILES in flight and per form, more in later sends', async () => {
    const t = await createTicket(api, who.driver);
    const tooMany = messages.attachmentTooMany.replace('{{max}}', '3');
    // Three at once from one form: the fourth of that form is refused, by its place or by the three in flight.
    const form = (i: number) => ({ [UPLOAD_METADATA.key]: `clave-de-formulario-01:file-${i}` });
    const locations: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await create(who.driver, t.id, PNG.length, form(i));
      expect(created.status).toBe(201);
      locations.push(created.headers.get('location')!);
    }
    const fourth = await create(who.driver, t.id, 10, form(3));
    expect(fourth.status).toBe(413);
    expect((await fourth.json()).errors.message).toBe(tooMany);
    expect((await create(who.driver, t.id, 10)).status).toBe(413);
    // Another person sends at the same time: their own files count, not the driver's.
    expect((await create(who.operator, t.id, 10)).status).toBe(201);
    // Once those three are attached, a later form sends three more: the ticket takes them, as the multipart form would.
    for (const location of locations) expect((await patch(who.driver, location, 0, PNG)).status).toBe(204);
    const later = (i: number) => ({ [UPLOAD_METADATA.key]: `clave-de-formulario-02:file-${i}` });
    for (let i = 0; i < 3; i++) expect((await create(who.driver, t.id, 10, later(i))).status).toBe(201);
    expect(await attachmentsOf(t.id)).toHaveLength(3);
  });

  it('answers 410 on an expired upload', async () => {
    const t = await createTicket(api, who.driver);
    const location = (await create(who.driver, t.id, 100)).headers.get('location')!;
    await api.database.db.update(upload).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(upload.id, location.split('/').pop()!));
    expect((await head(who.driver, location)).status).toBe(410);
    const res = await patch(who.driver, location, 0, pdfOf(100));
    expect(res.status).toBe(410);
    expect((await res.json()).errors.message).toBe(messages.uploadExpired);
    const [row] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from attachment where ticket_id = ${t.id}`);
    expect(row!.n).toBe(0);
  });
});

/** A PATCH whose connection is destroyed after `sent` bytes of its body (a link that drops). */
function cutPatch(caller: Caller, location: string, offset: number, body: Buffer, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(`${base}${location}`);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'PATCH',
      headers: { ...caller.headers, 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(body.length) },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(body.subarray(0, sent), () => setTimeout(() => { req.destroy(); resolve(); }, 150));
  });
}

/** Until the dropped request's lock is let go, and the server's offset is known. */
async function offsetOf(caller: Caller, location: string): Promise<number> {
  const res = await head(caller, location);
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

describe('resuming', () => {
  it('keeps what arrived of a PATCH cut mid-body; the rest completes it into one identical file', async () => {
    const t = await createTicket(api, who.driver);
    const file = pdfOf(60_000);
    const location = (await create(who.driver, t.id, file.length)).headers.get('location')!;
    await cutPatch(who.driver, location, 0, file, 25_000);
    const kept = await offsetOf(who.driver, location);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(25_000);
    const last = await patch(who.driver, location, kept, file.subarray(kept));
    expect(last.status).toBe(204);
    const [row] = await attachmentsOf(t.id);
    expect(row!.id).toBe(last.headers.get(ATTACHMENT_ID_HEADER));
    expect(await storedBytes(row!.storageKey)).toEqual(file);
  });

  it('any chunking and cut points end in one attachment identical to the file (property)', async () => {
    const t = await createTicket(api, who.driver, {});
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 9_000 }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 2_000, max: 20_000 }), async (chunks, size) => {
        await api.database.db.delete(upload);
        const file = pdfOf(size);
        const location = (await create(who.driver, t.id, file.length)).headers.get('location')!;
        let offset = 0;
        for (const n of chunks) {
          if (offset >= file.length - 1) break;
          const piece = file.subarray(offset, Math.min(file.length - 1, offset + n));
          if (n % 2 === 0) {
            await cutPatch(who.driver, location, offset, piece, Math.floor(piece.length / 2));
            offset = await offsetOf(who.driver, location);
          } else offset = Number((await patch(who.driver, location, offset, piece)).headers.get('upload-offset'));
        }
        const last = await patch(who.driver, location, offset, file.subarray(offset));
        expect(last.status).toBe(204);
        const made = await api.database.db.select().from(attachment).where(eq(attachment.id, last.headers.get(ATTACHMENT_ID_HEADER)!));
        expect(await storedBytes(made[0]!.storageKey)).toEqual(file);
        await api.database.db.delete(upload);
        await api.database.db.delete(attachment).where(eq(attachment.ticketId, t.id));
      }),
      { numRuns: 6 },
    );
  });

  it('works with tus-js-client in Node, which reads the attachment id from the last answer', async () => {
    const t = await createTicket(api, who.driver);
    const file = pdfOf(30_000);
    const attachmentId = await new Promise<string | null>((resolve, reject) => {
      const u = new tus.Upload(file, {
        endpoint: `${base}${API_UPLOAD_PATH}`,
        chunkSize: 8_000,
        headers: who.driver.headers,
        metadata: { [UPLOAD_METADATA.ticketId]: String(t.id), [UPLOAD_METADATA.fileName]: 'informe.pdf', [UPLOAD_METADATA.key]: 'clave-de-envio-0002:file-0' },
        onError: reject,
        onAfterResponse: (_req, res) => {
          const id = res.getHeader(ATTACHMENT_ID_HEADER);
          if (id) resolve(id);
        },
        onSuccess: () => undefined,
      });
      u.start();
    });
    const rows = await attachmentsOf(t.id);
    expect(rows.map((r) => r.id)).toEqual([attachmentId]);
    expect(rows[0]!.fileName).toBe('informe.pdf');
  });

  it('the sweep removes expired uploads, bytes and rows; unexpired ones stay', async () => {
    const t = await createTicket(api, who.driver);
    const old = (await create(who.driver, t.id, 1000)).headers.get('location')!.split('/').pop()!;
    await patch(who.driver, `${API_UPLOAD_PATH}/${old}`, 0, pdfOf(1000).subarray(0, 400));
    const fresh = (await create(who.driver, t.id, 1000)).headers.get('location')!.split('/').pop()!;
    await api.database.db.update(upload).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(upload.id, old));
    expect(existsSync(path.join(api.config.dataDir, 'uploads', old))).toBe(true);
    expect((await sweepExpiredUploads(api.app.uploadCompletion)).removed).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(api.config.dataDir, 'uploads', old))).toBe(false);
    const left = (await api.database.db.select({ id: upload.id }).from(upload)).map((r) => r.id);
    expect(left).toContain(fresh);
    expect(left).not.toContain(old);
  });
});

describe('an upload whose every byte arrived but was never attached (its process died, its owner never came back)', () => {
  /** An upload with all its bytes in the tus store and no attachment, past its expiry. */
  async function abandoned(caller: Caller, ticketId: number, file: Buffer) {
    const id = (await create(caller, ticketId, file.length)).headers.get('location')!.split('/').pop()!;
    await api.app.uploads.datastore.write(Readable.from([file]), id, 0);
    await api.database.db.update(upload).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(upload.id, id));
    return id;
  }

  it('the expiry sweep finishes it as its owner: one attachment with its bytes, the row marked finished', async () => {
    const t = await createTicket(api, who.driver);
    const file = pdfOf(12_000);
    const id = await abandoned(who.driver, t.id, file);
    const swept = await sweepExpiredUploads(api.app.uploadCompletion);
    expect(swept.finished).toBeGreaterThanOrEqual(1);
    const rows = await attachmentsOf(t.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ uploaderId: who.driver.id, fileName: 'foto.pdf', sizeBytes: file.length });
    expect(await storedBytes(rows[0]!.storageKey)).toEqual(file);
    // The owner, coming back, hears it is complete and which attachment it became.
    const res = await head(who.driver, `${API_UPLOAD_PATH}/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get(ATTACHMENT_ID_HEADER)).toBe(rows[0]!.id);
  });

  it('is removed instead when its owner may no longer attach (a suspended account): nothing attached', async () => {
    const t = await createTicket(api, who.otherDriver);
    const id = await abandoned(who.otherDriver, t.id, pdfOf(3_000));
    await api.database.db.update(profile).set({ status: 'SUSPENDED' }).where(eq(profile.id, who.otherDriver.id));
    try {
      await sweepExpiredUploads(api.app.uploadCompletion);
    } finally {
      await api.database.db.update(profile).set({ status: 'ACTIVE' }).where(eq(profile.id, who.otherDriver.id));
    }
    expect(await attachmentsOf(t.id)).toHaveLength(0);
    expect(await api.database.db.select().from(upload).where(eq(upload.id, id))).toEqual([]);
    expect(existsSync(path.join(api.config.dataDir, 'uploads', id))).toBe(false);
  });

  it('a HEAD by its owner after expiry finishes it too, rather than answering 410', async () => {
    const t = await createTicket(api, who.driver);
    const id = await abandoned(who.driver, t.id, pdfOf(4_000));
    const res = await head(who.driver, `${API_UPLOAD_PATH}/${id}`);
    expect(res.status).toBe(200);
    expect((await attachmentsOf(t.id)).map((r) => r.id)).toEqual([res.headers.get(ATTACHMENT_ID_HEADER)]);
  });
});

describe('suppression of an account (POST /api/privacy/me/delete)', () => {
  it('removes the person\'s unfinished uploads, rows and bytes; another person\'s stay', async () => {
    const mine = await createTicket(api, who.otherDriver);
    const theirs = await createTicket(api, who.driver);
    const started = (await create(who.otherDriver, mine.id, 5_000)).headers.get('location')!.split('/').pop()!;
    await patch(who.otherDriver, `${API_UPLOAD_PATH}/${started}`, 0, pdfOf(5_000).subarray(0, 2_000));
    const empty = (await create(who.otherDriver, mine.id, 5_000)).headers.get('location')!.split('/').pop()!;
    const kept = (await create(who.driver, theirs.id, 5_000)).headers.get('location')!.split('/').pop()!;
    const file = (id: string) => path.join(api.config.dataDir, 'uploads', id);
    expect(existsSync(file(started))).toBe(true);

    const res = await api.app.inject({ method: 'POST', url: '/api/privacy/me/delete', headers: who.otherDriver.headers, payload: { password: DEMO_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);

    const left = (await api.database.db.select({ id: upload.id, profileId: upload.profileId }).from(upload)).map((r) => r.id);
    expect(left).not.toContain(started);
    expect(left).not.toContain(empty);
    expect(left).toContain(kept);
    expect(existsSync(file(started))).toBe(false);
    expect(existsSync(file(empty))).toBe(false);
    expect(existsSync(file(kept))).toBe(true);
    const [count] = await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from upload where profile_id = ${who.otherDriver.id}`);
    expect(count!.n).toBe(0);
  });
});

async function storedBytes(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of await api.app.storage.open(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
