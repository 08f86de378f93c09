import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { DetailedError, Upload as UploadClass, UploadOptions } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchHttpStack } from './fetch-http-stack';

/**
 * The service worker's tus requests (fetch-http-stack.ts) against a real tus server in Node:
 * @tus/server on @tus/file-store in a temporary folder. The client is tus-js-client's browser
 * build (the one the service worker bundles: Blob slices, no XMLHttpRequest), imported by path
 * because Node would otherwise get its Node build.
 */
const browserBuild = 'tus-js-client/lib.esm/browser/index.js';
let Upload: typeof UploadClass;
let directory: string;
let http: HttpServer;
let endpoint: string;

beforeAll(async () => {
  ({ Upload } = (await import(/* @vite-ignore */ browserBuild)) as { Upload: typeof UploadClass });
  directory = await mkdtemp(path.join(tmpdir(), 'tus-fetch-'));
  const tus = new Server({
    path: '/files',
    datastore: new FileStore({ directory }),
    onUploadCreate: async (_req, upload) => {
      // A refusal in the API's envelope, as the API's own creation checks answer.
      if (upload.metadata?.filetype === 'application/x-msdownload') {
        throw { status_code: 415, body: JSON.stringify({ errors: { message: 'Tipo de archivo no permitido' } }) };
      }
      return {};
    },
  });
  http = createServer((req, res) => void tus.handle(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(http.address() as AddressInfo).port}/files`;
});
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve));
  if (directory) await rm(directory, { recursive: true, force: true });
});

const CHUNK = 64 * 1024;

/** Sends `blob` and answers how it ended, the upload's address and the progress heard. */
function send(blob: Blob, stack: FetchHttpStack, options: Partial<UploadOptions> = {}) {
  const progress: number[] = [];
  let upload: UploadClass | undefined;
  const ended = new Promise<{ error: DetailedError | null; url: string | null }>((resolve) => {
    upload = new Upload(blob, {
      endpoint,
      chunkSize: CHUNK,
      retryDelays: [0, 10, 10],
      storeFingerprintForResuming: false,
      metadata: { filename: 'foto.jpg', filetype: blob.type },
      httpStack: stack,
      onProgress: (sent) => progress.push(sent),
      onSuccess: () => resolve({ error: null, url: upload!.url }),
      onError: (error) => resolve({ error: error as DetailedError, url: upload!.url }),
      ...options,
    });
    upload.start();
  });
  return { ended, progress, upload: () => upload! };
}

const stored = async (url: string) => readFile(path.join(directory, url.split('/').pop()!));

describe('tus over fetch (the service worker has no XMLHttpRequest)', () => {
  it('sends a file in chunks, reporting progress, and the server has every byte', async () => {
    const bytes = randomBytes(5 * CHUNK + 1234);
    const { ended, progress } = send(new Blob([bytes], { type: 'image/jpeg' }), new FetchHttpStack());
    const { error, url } = await ended;
    expect(error).toBeNull();
    expect(Buffer.compare(await stored(url!), bytes)).toBe(0);
    expect(progress.at(-1)).toBe(bytes.length);
    expect(progress.length).toBeGreaterThanOrEqual(6);
  });

  it('resumes after the link drops mid-file: the cut chunk goes again, nothing before it does', async () => {
    const bytes = randomBytes(6 * CHUNK);
    let patches = 0;
    let bytesSent = 0;
    const cutting: typeof fetch = async (input, init) => {
      if (init?.method === 'PATCH') {
        patches += 1;
        // The third chunk never arrives: fetch fails as it does with no link.
        if (patches === 3) throw new TypeError('Failed to fetch');
        bytesSent += (init.body as Blob).size;
      }
      return fetch(input, init);
    };
    const { ended } = send(new Blob([bytes], { type: 'image/jpeg' }), new FetchHttpStack(cutting));
    const { error, url } = await ended;
    expect(error).toBeNull();
    expect(Buffer.compare(await stored(url!), bytes)).toBe(0);
    // The resume asked the server where it was (HEAD) and sent each byte once.
    expect(bytesSent).toBe(bytes.length);
  });

  it('reads a refusal: its status and the server’s reason in the body', async () => {
    const { ended } = send(new Blob([randomBytes(100)], { type: 'application/x-msdownload' }), new FetchHttpStack());
    const { error } = await ended;
    expect(error?.originalResponse?.getStatus()).toBe(415);
    expect(JSON.parse(error!.originalResponse!.getBody())).toEqual({ errors: { message: 'Tipo de archivo no permitido' } });
  });

  it('cancels: the request in flight stops and the server forgets the upload', async () => {
    const bytes = randomBytes(8 * CHUNK);
    const before = new Set(await readdir(directory));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let patches = 0;
    // The second chunk waits until the test has cancelled it.
    const slow: typeof fetch = async (input, init) => {
      if (init?.method === 'PATCH' && ++patches === 2) {
        release();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return fetch(input, init);
    };
    const running = send(new Blob([bytes], { type: 'image/jpeg' }), new FetchHttpStack(slow));
    await held;
    await running.upload().abort(true);
    const created = [...(await readdir(directory))].filter((name) => !before.has(name));
    expect(created).toEqual([]);
    expect(running.upload().url).not.toBeNull();
    const head = await fetch(running.upload().url!, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } });
    expect([404, 410]).toContain(head.status);
  });
});
