import { describe, expect, it } from 'vitest';
import { readFieldsThenFiles } from './multipart.server';

const URL_ = 'http://web.test/driver/events/new';

/** Reads a re-encoded body back the way the API's multipart reader would see it. */
async function filesOf(body: ReadableStream<Uint8Array>, contentType: string) {
  const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  return Promise.all(
    form.getAll('files').map(async (file) => {
      const f = file as File;
      return { name: f.name, type: f.type, bytes: Buffer.from(await f.arrayBuffer()) };
    }),
  );
}

/** A multipart body sent in pieces, counting how much of it the reader has asked for. */
function slowMultipart(parts: Uint8Array[]) {
  let sent = 0;
  let index = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (index === parts.length) return controller.close();
        const part = parts[index++]!;
        sent += part.length;
        controller.enqueue(part);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, sent: () => sent };
}

describe('readFieldsThenFiles', () => {
  it('gives the fields before the files, then passes the files on unchanged', async () => {
    const form = new FormData();
    form.append('description', 'Bache en la berma, "profundo"');
    form.append('kilometer', '23,5');
    form.append('files', new File([Buffer.from('first file')], 'foto "uno".png', { type: 'image/png' }));
    form.append('files', new File([Buffer.from('%PDF-1.7 second')], 'señal ñandú.pdf', { type: 'application/pdf' }));
    const upload = await readFieldsThenFiles(new Request(URL_, { method: 'POST', body: form }));

    expect(upload.hasFiles).toBe(true);
    expect(upload.fields.get('description')).toBe('Bache en la berma, "profundo"');
    expect(upload.fields.get('kilometer')).toBe('23,5');
    const { body, contentType } = upload.filesBody();
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
    const files = await filesOf(body, contentType);
    expect(files.map((f) => f.name)).toEqual(['foto "uno".png', 'señal ñandú.pdf']);
    expect(files.map((f) => f.type)).toEqual(['image/png', 'application/pdf']);
    expect(files.map((f) => f.bytes.toString())).toEqual(['first file', '%PDF-1.7 second']);
  });

  it('treats an empty file input as no files and keeps the fields that follow it', async () => {
    const form = new FormData();
    form.append('description', 'Sin fotos');
    form.append('files', new File([], ''), '');
    form.append('intent', 'create');
    const upload = await readFieldsThenFiles(new Request(URL_, { method: 'POST', body: form }));
    expect(upload.hasFiles).toBe(false);
    expect(upload.fields.get('description')).toBe('Sin fotos');
    expect(upload.fields.get('intent')).toBe('create');
    await upload.discard();
  });

  it('reads url-encoded forms whole, without files', async () => {
    const body = new URLSearchParams({ description: 'Árbol caído', intent: 'fill' });
    const upload = await readFieldsThenFiles(new Request(URL_, { method: 'POST', body }));
    expect(upload.hasFiles).toBe(false);
    expect(upload.fields.get('description')).toBe('Árbol caído');
    expect(() => upload.filesBody()).toThrow();
  });

  it('answers with the fields while a large file is still arriving, and can drop the rest', async () => {
    const boundary = 'test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nFoto grande\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="grande.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 7);
    const chunks = Array.from({ length: 40 }, () => chunk); // 10 MB
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const total = head.length + chunks.length * chunk.length + tail.length;
    const source = slowMultipart([head, ...chunks, tail]);
    const request = new Request(URL_, {
      method: 'POST',
      body: source.stream,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);

    const upload = await readFieldsThenFiles(request);
    expect(upload.hasFiles).toBe(true);
    expect(upload.fields.get('description')).toBe('Foto grande');
    // Most of the file has not even been read from the browser yet.
    expect(source.sent()).toBeLessThan(total / 2);
    await upload.discard();
    expect(source.sent()).toBe(total);
  });

  it('drops the rest of a file the API stopped reading half-way', async () => {
    const boundary = 'refused-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.exe.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(128 * 1024, 3));
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const source = slowMultipart([head, ...chunks, tail]);
    const upload = await readFieldsThenFiles(
      new Request(URL_, {
        method: 'POST',
        body: source.stream,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        duplex: 'half',
      } as RequestInit),
    );
    const reader = upload.filesBody().body.getReader();
    expect((await reader.read()).done).toBe(false);
    expect((await reader.read()).done).toBe(false);
    await upload.discard();
    expect(source.sent()).toBe(head.length + chunks.length * 128 * 1024 + tail.length);
  });

  it('fails the files passed on when the browser goes away half-way', async () => {
    const boundary = 'cut-boundary';
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) {
          controller.enqueue(
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
          );
        } else if (pulls < 4) {
          controller.enqueue(Buffer.alloc(64 * 1024, 1));
        } else {
          controller.error(new Error('client went away'));
        }
      },
    });
    const request = new Request(URL_, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    const upload = await readFieldsThenFiles(request);
    const { body } = upload.filesBody();
    await expect(new Response(body).arrayBuffer()).rejects.toThrow();
  });

  /** The status a refused read threw (React Router's `data(…, { status })`), or null when it did not throw one. */
  async function refusedStatus(promise: Promise<unknown>): Promise<number | null> {
    try {
      await promise;
      return null;
    } catch (error) {
      return (error as { init?: { status?: number } }).init?.status ?? null;
    }
  }

  const TRUNCATED_FILE =
    '--XyZ\r\nContent-Disposition: form-data; name="description"\r\n\r\nabc\r\n' +
    '--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nAAAAAAAAAA';

  it('survives a file part cut short (the 168-byte body that stopped the web process) and reports the body malformed', async () => {
    // Before decision 131 busboy's "Part terminated early" was an `error` on a file stream
    // nobody listened to: an uncaught exception (vitest fails the run on one).
    const upload = await readFieldsThenFiles(
      new Request(URL_, { method: 'POST', body: TRUNCATED_FILE, headers: { 'content-type': 'multipart/form-data; boundary=XyZ' } }),
    );
    expect(upload.fields.get('description')).toBe('abc');
    expect(upload.hasFiles).toBe(true);
    // The action creates the event first (an API call): the parser meets the cut meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { body } = upload.filesBody();
    await expect(new Response(body).arrayBuffer()).rejects.toThrow();
    await upload.discard();
    expect(upload.malformed()).toBe(true);
  });

  it('refuses with 400 a body cut short before its first file, a wrong boundary or a broken part header', async () => {
    const bodies = [
      '--XyZ\r\nContent-Disposition: form-data; name="descrip',
      '--otro\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--otro--\r\n',
      '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n' + 'x'.repeat(100_000),
    ];
    for (const body of bodies) {
      const request = new Request(URL_, { method: 'POST', body, headers: { 'content-type': 'multipart/form-data; boundary=XyZ' } });
      expect(await refusedStatus(readFieldsThenFiles(request)), body.slice(0, 40)).toBe(400);
    }
  });

  it('keeps a whole body with its files as not malformed', async () => {
    const form = new FormData();
    form.append('description', 'Completo');
    form.append('files', new File([Buffer.from('ok')], 'a.png', { type: 'image/png' }));
    const upload = await readFieldsThenFiles(new Request(URL_, { method: 'POST', body: form }));
    await new Response(upload.filesBody().body).arrayBuffer();
    await upload.discard();
    expect(upload.malformed()).toBe(false);
  });
});
