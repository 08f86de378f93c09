import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressPages } from './compress-pages.mjs';

const FIRST = `<!DOCTYPE html><html><body><main>${'<p>Reclamo en el km 12, calzada oriente.</p>'.repeat(60)}`;
const REST = `${'<p>Sugerencia: señalización en la plaza de peaje.</p>'.repeat(60)}</main></body></html>`;

/** A page written in two parts, the second only when the test says so (`/release`). */
let release: () => void = () => {};
const server = http.createServer((req, res) => {
  if (req.url === '/release') return void res.end(release());
  compressPages(req, res, () => {
    const type = new URL(req.url ?? '/', 'http://x').searchParams.get('type') ?? 'text/html; charset=utf-8';
    const cacheControl = new URL(req.url ?? '/', 'http://x').searchParams.get('cache') ?? 'no-store';
    res.writeHead(200, { 'content-type': type, 'cache-control': cacheControl });
    res.write(FIRST);
    void new Promise<void>((resolve) => (release = resolve)).then(() => res.end(REST));
  });
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** GETs a path with node:http, which hands over the body as sent (fetch would decode it). */
function get(path: string, acceptEncoding?: string) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(`${base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, resolve).on('error', reject);
  });
}

/** The text of a response as it arrives, through a decoder or as sent. */
function reader(res: http.IncomingMessage, decoder?: zlib.Gunzip | zlib.BrotliDecompress) {
  let text = '';
  const source = decoder ? res.pipe(decoder) : res;
  source.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    source.emit('text');
  });
  const ended = new Promise<string>((resolve) => source.on('end', () => resolve(text)));
  /** Resolves with the text once it holds `bytes` bytes, while the response may still be open. */
  const atLeast = (bytes: number) =>
    new Promise<string>((resolve) => {
      const check = () => (Buffer.byteLength(text) >= bytes ? resolve(text) : source.once('text', check));
      check();
    });
  return { atLeast, ended };
}

/** Lets the page write its second part and end. */
async function finishPage(): Promise<void> {
  await fetch(`${base}/release`);
}

describe('compressPages', () => {
  it.each([
    ['gzips a page for a browser that accepts it', '/', 'gzip, deflate', 'gzip', () => zlib.createGunzip()],
    ['sends brotli when the browser prefers it', '/', 'br, gzip', 'br', () => zlib.createBrotliDecompress()],
    ['compresses the data of a navigation made in the browser', '/?type=text/x-script', 'gzip', 'gzip', () => zlib.createGunzip()],
  ] as const)('%s, and sends its first part before the rest is written', async (_what, path, acceptEncoding, encoding, decoder) => {
    const res = await get(path, acceptEncoding);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const page = reader(res, decoder());
    // The first part decodes in full while the page is still open: streaming is kept.
    expect(await page.atLeast(Buffer.byteLength(FIRST))).toBe(FIRST);
    await finishPage();
    expect(await page.ended).toBe(FIRST + REST);
  }, 5_000);

  it.each([
    ['a browser that asks for no encoding', '/', undefined],
    ['a page marked no-transform (it shows a secret)', '/?cache=no-store,%20no-transform', 'gzip, br'],
    ['the live-notification stream', '/?type=text/event-stream', 'gzip, br'],
    ['a download', '/?type=application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'gzip, br'],
  ])('leaves alone %s', async (_what, path, acceptEncoding) => {
    const res = await get(path, acceptEncoding);
    expect(res.headers['content-encoding']).toBeUndefined();
    const page = reader(res);
    expect(await page.atLeast(Buffer.byteLength(FIRST))).toBe(FIRST);
    await finishPage();
    expect(await page.ended).toBe(FIRST + REST);
  }, 5_000);
});
