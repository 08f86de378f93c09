import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_UPLOAD_PATH, ATTACHMENT_ID_HEADER, UPLOAD_METADATA } from '@contract/uploads';
import { messages } from '@contract/messages';
import { queryRows } from '../platform/db/client';
import { attachment, upload } from '../platform/db/schema';
import { createTestApi, type TestApi } from '../test/helper';
import { createTicket, signInCallers, type Callers } from '../test/tickets';
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

  it('counts attachments and unfinished uploads against ATTACHMENT_MAX_FILES', async () => {
    const t = await createTicket(api, who.driver);
    for (let i = 0; i < 3; i++) expect((await create(who.driver, t.id, 10)).status).toBe(201);
    const res = await create(who.driver, t.id, 10);
    expect(res.status).toBe(413);
    expect((await res.json()).errors.message).toBe(messages.uploadTicketFull.replace('{{max}}', '3'));
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
