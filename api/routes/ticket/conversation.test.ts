import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { queryRows } from '../../platform/db/client';
import { attachment, mailQueue, notification, ticket } from '../../platform/db/schema';
import { createTestApi, type TestApi } from '../../test/helper';
import { createTicket, signInCallers, withoutRunningClock, type Callers } from '../../test/tickets';

let api: TestApi;
let who: Callers;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0, config: { attachmentMaxMb: 1, attachmentMaxFiles: 5 } });
  who = await signInCallers(api);
});
afterAll(() => api.close());

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154089963f8cfc0f01f00050001ffabce36890000000049454e44ae426082', 'hex'),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200, 1)]);

function multipart(files: { name: string; content: Buffer; type?: string }[]) {
  const boundary = `----prueba${Math.random().toString(16).slice(2)}`;
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`),
      f.content,
      Buffer.from('\r\n'),
    ]),
  );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (caller: { headers: object }, id: number, files: Parameters<typeof multipart>[0]) => {
  const body = multipart(files);
  return api.app.inject({ method: 'POST', url: `/api/ticket/${id}/attachment`, payload: body.payload, headers: { ...(caller.headers as object), ...body.headers } });
};
const storedFiles = () => {
  const root = path.join(api.config.dataDir, 'attachments');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
};
const attachmentRows = async () => (await queryRows<{ n: number }>(api.database.db, sql`select count(*)::int as n from attachment`))[0]!.n;

describe('comments', () => {
  it('lets a driver comment on their own ticket and shows the thread in order', async () => {
    const t = await createTicket(api, who.driver);
    const first = await api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: who.driver.headers, payload: { comment: 'Sigue el bache', internal: true } });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(messages.commentSaved);
    expect(first.json().payload).toMatchObject({ comment: 'Sigue el bache', internal: false, authorName: 'Juan Pérez', authorRole: 'DRIVER' });
    await api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: who.operator.headers, payload: { comment: 'Enviamos una cuadrilla' } });
    const thread = (await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/comment?page=0&size=10`, headers: who.driver.headers })).json().payload;
    expect(thread.content.map((c: { comment: string }) => c.comment)).toEqual(['Sigue el bache', 'Enviamos una cuadrilla']);
    expect(thread.total).toBe(2);
  });

  it('keeps internal notes from the driver in every form', async () => {
    const t = await createTicket(api, who.driver);
    await api.database.db.update(ticket).set({ assignedToId: who.operator.id, statusCode: 'ASSIGNED' }).where(eq(ticket.id, t.id));
    const note = await api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: who.supervisor.headers, payload: { comment: 'Nota secreta del turno', internal: 'on' } });
    expect(note.json().payload.internal).toBe(true);
    await api.app.mailer.idle();
    const driverThread = (await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/comment`, headers: who.driver.headers })).json().payload;
    expect(driverThread.content).toHaveLength(0);
    const driverHistory = (await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/history`, headers: who.driver.headers })).json().payload;
    expect(driverHistory.map((h: { action: string }) => h.action)).not.toContain('NOTE_ADDED');
    const staffHistory = (await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/history`, headers: who.inspector.headers })).json().payload;
    expect(staffHistory.map((h: { action: string }) => h.action)).toContain('NOTE_ADDED');
    const driverNotes = await api.database.db.select().from(notification).where(sql`${notification.profileId} = ${who.driver.id} and ${notification.ticketId} = ${t.id}`);
    expect(driverNotes).toHaveLength(0);
    const operatorNotes = await api.database.db.select().from(notification).where(sql`${notification.profileId} = ${who.operator.id} and ${notification.ticketId} = ${t.id}`);
    expect(operatorNotes.map((n) => n.type)).toEqual(['COMMENT_ADDED']);
    const mails = await api.database.db.select().from(mailQueue).where(eq(mailQueue.recipient, 'conductor@concesion.demo'));
    expect(mails.some((m) => m.body.includes(`/events/${t.id}`))).toBe(false);
    const inspectorThread = (await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/comment`, headers: who.inspector.headers })).json().payload;
    expect(inspectorThread.content[0].comment).toBe('Nota secreta del turno');
  });

  it('tells the reporter and the assignee, never the author', async () => {
    const t = await createTicket(api, who.driver);
    await api.database.db.update(ticket).set({ assignedToId: who.operator.id, statusCode: 'ASSIGNED' }).where(eq(ticket.id, t.id));
    await api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: who.operator.headers, payload: { comment: 'Hola' } });
    const recipients = async () =>
      (await api.database.db.select().from(notification).where(eq(notification.ticketId, t.id))).map((n) => n.profileId).sort();
    expect(await recipients()).toEqual([who.driver.id]);
    await api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: who.driver.headers, payload: { comment: 'Gracias' } });
    expect(await recipients()).toEqual([who.driver.id, who.operator.id].sort());
  });

  it('refuses the inspector, other drivers (404) and empty or long comments', async () => {
    const t = await createTicket(api, who.driver);
    const post = (caller: { headers: object }, payload: object) =>
      api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: caller.headers as Record<string, string>, payload });
    expect((await post(who.inspector, { comment: 'x' })).statusCode).toBe(403);
    expect((await post(who.otherDriver, { comment: 'x' })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/comment`, headers: who.otherDriver.headers })).statusCode).toBe(404);
    const empty = await post(who.driver, { comment: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.fields.comment).toBe(messages.commentRequired);
    expect((await post(who.driver, { comment: 'x'.repeat(2001) })).statusCode).toBe(400);
  });
});

describe('attachments', () => {
  it('stores files by content, lists them and serves them as downloads', async () => {
    const t = await createTicket(api, who.driver);
    const response = await upload(who.driver, t.id, [
      { name: 'foto bache.png', content: PNG, type: 'image/png' },
      { name: '../../etc/passwd.pdf', content: PDF },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(messages.fileUploaded);
    const list = (await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment?page=0&size=100`, headers: who.operator.headers })).json().payload;
    expect(list.content.map((a: { fileName: string; contentType: string }) => [a.fileName, a.contentType])).toEqual([
      ['foto bache.png', 'image/png'],
      ['passwd.pdf', 'application/pdf'],
    ]);
    const file = await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment/${list.content[0].id}`, headers: who.driver.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="foto bache.png"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
    const history = (await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/history`, headers: who.driver.headers })).json().payload;
    expect(history.at(-1).action).toBe('ATTACHED');
  });

  it('stores and serves names without bidirectional controls, with the extension of the real type (decision 132)', async () => {
    const t = await createTicket(api, who.driver);
    const response = await upload(who.driver, t.id, [
      { name: 'foto.jpg\u202egpj.exe', content: PNG, type: 'image/jpeg' },
      { name: 'x.php', content: PNG },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().payload.map((a: { fileName: string }) => a.fileName)).toEqual(['foto.jpggpj.png', 'x.png']);
    const [first] = response.json().payload as { id: string }[];
    const file = await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment/${first!.id}`, headers: who.driver.headers });
    expect(file.headers['content-disposition']).toBe(`attachment; filename="foto.jpggpj.png"; filename*=UTF-8''foto.jpggpj.png`);
    // A name stored before the rule is served as a new upload's would be.
    await api.database.db.update(attachment).set({ fileName: 'viejo\u2067\u202efdp.exe\u0007' }).where(eq(attachment.id, first!.id));
    const old = await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment/${first!.id}`, headers: who.driver.headers });
    expect(old.headers['content-disposition']).toBe(`attachment; filename="viejofdp.png"; filename*=UTF-8''viejofdp.png`);
    const list = (await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment`, headers: who.driver.headers })).json().payload;
    expect(list.content[0].fileName).toBe('viejofdp.png');
  });

  it('refuses a renamed executable, an empty file and six files, leaving nothing behind', async () => {
    const t = await createTicket(api, who.driver);
    const before = { files: storedFiles().length, rows: await attachmentRows() };
    const exe = await upload(who.driver, t.id, [{ name: 'foto.jpg', content: ELF, type: 'image/jpeg' }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().errors.message).toBe(messages.attachmentTypeNotAllowed);
    const mixed = await upload(who.driver, t.id, [{ name: 'ok.png', content: PNG }, { name: 'malo.jpg', content: ELF }]);
    expect(mixed.statusCode).toBe(415);
    const empty = await upload(who.driver, t.id, [{ name: 'vacio.png', content: Buffer.alloc(0) }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.message).toBe(messages.attachmentEmpty);
    const six = await upload(who.driver, t.id, Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.png`, content: PNG })));
    expect(six.statusCode).toBe(413);
    expect(six.json().errors.message).toBe('Puede adjuntar hasta 5 archivos a la vez');
    expect(storedFiles().length).toBe(before.files);
    expect(await attachmentRows()).toBe(before.rows);
  });

  it('refuses a file over the size limit while streaming, leaving no partial file', async () => {
    const t = await createTicket(api, who.driver);
    const before = storedFiles().length;
    const big = Buffer.concat([PDF, Buffer.alloc(1.5 * 1024 * 1024, 0x20)]);
    const response = await upload(who.driver, t.id, [{ name: 'grande.pdf', content: big }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().errors.message).toBe('Cada archivo puede pesar hasta 1 MB');
    expect(storedFiles().length).toBe(before);
    expect(storedFiles().some((f) => f.endsWith('.partial'))).toBe(false);
  });

  it('leaves no file and no row when the upload is cut half-way', async () => {
    const t = await createTicket(api, who.driver);
    const before = { files: storedFiles().length, rows: await attachmentRows() };
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as AddressInfo;
    const boundary = '----cortado';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/ticket/${t.id}/attachment HTTP/1.1\r\nHost: x\r\nAuthorization: ${who.driver.headers.authorization}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 500000\r\n\r\n${head}`,
        );
        socket.write(Buffer.concat([PDF, Buffer.alloc(100_000, 0x20)]));
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 300);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(storedFiles().length).toBe(before.files);
    expect(await attachmentRows()).toBe(before.rows);
  });

  it('answers 404 to a driver who does not own the ticket, and 403 to an inspector upload', async () => {
    const t = await createTicket(api, who.driver);
    await upload(who.driver, t.id, [{ name: 'a.png', content: PNG }]);
    const [row] = await api.database.db.select().from(attachment).where(eq(attachment.ticketId, t.id));
    expect((await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment/${row!.id}`, headers: who.otherDriver.headers })).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment`, headers: who.otherDriver.headers })).statusCode).toBe(404);
    expect((await upload(who.otherDriver, t.id, [{ name: 'a.png', content: PNG }])).statusCode).toBe(404);
    expect((await upload(who.inspector, t.id, [{ name: 'a.png', content: PNG }])).statusCode).toBe(403);
    expect((await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment/not-a-uuid`, headers: who.driver.headers })).statusCode).toBe(404);
  });
});

describe('attachment previews and uploaders', () => {
  const preview = (caller: { headers: object }, ticketId: number, attachmentId: string) =>
    api.app.inject({ method: 'GET', url: `/api/ticket/${ticketId}/attachment/${attachmentId}/preview`, headers: caller.headers as Record<string, string> });

  it('lists who uploaded each file and serves a WebP of at most 160 px for images only, never cached', async () => {
    const t = await createTicket(api, who.driver);
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c33' } }).jpeg().toBuffer();
    await upload(who.driver, t.id, [{ name: 'bache.jpg', content: photo }]);
    await upload(who.operator, t.id, [{ name: 'informe.pdf', content: PDF }]);
    const list = (await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment?page=0&size=100`, headers: who.operator.headers })).json().payload;
    expect(list.content.map((a: { fileName: string; uploadedBy: string }) => [a.fileName, a.uploadedBy])).toEqual([
      ['bache.jpg', 'Juan Pérez'],
      ['informe.pdf', expect.stringMatching(/\S+ \S+/)],
    ]);
    expect(list.content[1].uploadedBy).not.toBe('Juan Pérez');

    const image = await preview(who.driver, t.id, list.content[0].id);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('no-store');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([160, 107]);

    const pdf = await preview(who.driver, t.id, list.content[1].id);
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().errors.message).toBe(messages.previewUnavailable);
    // The download is not kept by the browser either.
    const file = await api.app.inject({ method: 'GET', url: `/api/ticket/${t.id}/attachment/${list.content[0].id}`, headers: who.driver.headers });
    expect(file.headers['cache-control']).toBe('no-store');
  });

  it('has the download authorization: a foreign driver gets 404, no sign-in 401', async () => {
    const t = await createTicket(api, who.driver);
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#3c3' } }).png().toBuffer();
    await upload(who.driver, t.id, [{ name: 'a.png', content: png }]);
    const [row] = await api.database.db.select().from(attachment).where(eq(attachment.ticketId, t.id));
    expect((await preview(who.otherDriver, t.id, row!.id)).statusCode).toBe(404);
    expect((await preview({ headers: {} }, t.id, row!.id)).statusCode).toBe(401);
    expect((await preview(who.inspector, t.id, row!.id)).statusCode).toBe(200);
    expect((await preview(who.driver, t.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('comment text', () => {
  it('refuses a NUL character with a 400', async () => {
    const t = await createTicket(api, who.driver);
    const response = await api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: who.driver.headers, payload: { comment: 'hola\u0000' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/ticket/{id}?include=conversation', () => {
  const get = (caller: { headers: object }, url: string) => api.app.inject({ method: 'GET', url, headers: caller.headers as Record<string, string> });

  it("answers the event with its history, comments and attachments exactly as their own calls do, for each caller's eyes", async () => {
    const t = await createTicket(api, who.driver);
    await api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: who.driver.headers, payload: { comment: 'Sigue el bache' } });
    await api.app.inject({ method: 'POST', url: `/api/ticket/${t.id}/comment`, headers: who.operator.headers, payload: { comment: 'Nota interna', internal: true } });
    expect((await upload(who.driver, t.id, [{ name: 'foto.png', content: PNG }])).statusCode).toBe(201);
    for (const caller of [who.driver, who.operator, who.inspector]) {
      const together = await get(caller, `/api/ticket/${t.id}?include=conversation`);
      expect(together.statusCode).toBe(200);
      const { history, comments, attachments, ...event } = together.json().payload;
      // Two reads: the business time left may run between them (withoutRunningClock).
      expect(withoutRunningClock(event)).toEqual(withoutRunningClock((await get(caller, `/api/ticket/${t.id}`)).json().payload));
      expect(history).toEqual((await get(caller, `/api/ticket/${t.id}/history`)).json().payload);
      expect(comments).toEqual((await get(caller, `/api/ticket/${t.id}/comment?page=0&size=100`)).json().payload);
      expect(attachments).toEqual((await get(caller, `/api/ticket/${t.id}/attachment?page=0&size=100`)).json().payload);
    }
    // The driver never sees the internal note; staff do.
    const driverSees = (await get(who.driver, `/api/ticket/${t.id}?include=conversation`)).json().payload;
    expect(driverSees.comments.content.map((c: { comment: string }) => c.comment)).toEqual(['Sigue el bache']);
    const operatorSees = (await get(who.operator, `/api/ticket/${t.id}?include=conversation`)).json().payload;
    expect(operatorSees.comments.content.map((c: { comment: string }) => c.comment)).toEqual(['Sigue el bache', 'Nota interna']);
    expect(operatorSees.attachments.content).toHaveLength(1);
  });

  it("is the event alone without the option, refuses an unknown one, and answers another driver's event 404", async () => {
    const t = await createTicket(api, who.driver);
    expect(Object.keys((await get(who.driver, `/api/ticket/${t.id}`)).json().payload)).not.toContain('history');
    expect((await get(who.driver, `/api/ticket/${t.id}?include=todo`)).statusCode).toBe(400);
    const staffTicket = await createTicket(api, who.operator);
    expect((await get(who.driver, `/api/ticket/${staffTicket.id}?include=conversation`)).statusCode).toBe(404);
  });
});
