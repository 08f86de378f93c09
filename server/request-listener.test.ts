import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressPages } from './compress-pages.mjs';
import { createRequestListener } from './request-listener.mjs';

/**
 * The web's request listener writes an answer no faster than the browser reads it
 * (docs/decisions/144-downloads-with-backpressure.md): a body is pulled only as its writes drain,
 * and a browser that leaves cancels it.
 */
const CHUNK = 64 * 1024;
const TOTAL = 64 * 1024 * 1024;

/** What the one download of the app has given so far, and whether its reader cancelled it. */
const source = { pulled: 0, cancelled: false };

/** A file of TOTAL bytes made on demand, one chunk per pull: what a download relays from the API. */
function download(): Response {
  source.pulled = 0;
  source.cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (source.pulled >= TOTAL) return controller.close();
      controller.enqueue(new Uint8Array(CHUNK).fill(source.pulled / CHUNK % 251));
      source.pulled += CHUNK;
    },
    cancel() {
      source.cancelled = true;
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
}

/** The smallest build React Router serves: one resource route at the root answering the download. */
const build = {
  routes: { root: { id: 'root', parentId: undefined, path: '', index: undefined, caseSensitive: undefined, module: { loader: download } } },
  entry: { module: { default: () => new Response('') } },
  assets: {
    routes: { root: { id: 'root', path: '', hasLoader: true, hasAction: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false, module: '/root.js', imports: [] } },
    entry: { module: '/entry.js', imports: [] },
    url: '/manifest.js',
    version: '1',
  },
  assetsBuildDirectory: '/tmp',
  publicPath: '/',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'initial' },
  basename: '/',
} as unknown as ServerBuild;

const listener = createRequestListener({ build, mode: 'production' });
// As server/web.mjs serves it: through the compression middleware (which leaves downloads alone).
const server = http.createServer((req, res) => compressPages(req, res, () => void listener(req, res)));
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A browser that reads the first chunk and stops; it checks every byte it reads against the source's. */
function stalledDownload() {
  const read = { bytes: 0, wrong: 0 };
  return new Promise<{ res: http.IncomingMessage; request: http.ClientRequest; read: typeof read }>((resolve, reject) => {
    const request = http.get(`${base}/`, { agent: false }, (res) => {
      res.on('data', (chunk: Buffer) => {
        for (let i = 0; i < chunk.length; i += 4096) if (chunk[i] !== Math.floor((read.bytes + i) / CHUNK) % 251) read.wrong++;
        read.bytes += chunk.length;
      });
      res.once('data', () => {
        res.pause();
        resolve({ res, request, read });
      });
    });
    request.on('error', reject);
  });
}

describe('answers at the browser\'s pace', () => {
  it('pulls no more of a body than the socket takes while the browser does not read, and all of it once it does', async () => {
    const { res, read } = await stalledDownload();
    await sleep(1_000);
    const whileStalled = source.pulled;
    await sleep(500);
    // Only what fits in the sockets' buffers (the kernel's, a few MB on loopback), and no more
    // as time passes: the adapter's own listener pulled the whole 64 MB within the second.
    expect(whileStalled).toBeLessThan(16 * 1024 * 1024);
    expect(source.pulled).toBe(whileStalled);
    res.resume();
    await new Promise((resolve) => res.once('end', resolve));
    expect(read.bytes).toBe(TOTAL);
    expect(source.pulled).toBe(TOTAL);
    expect(read.wrong).toBe(0);
  });

  it('cancels the body when the browser leaves mid-download (so the call to the API ends)', async () => {
    const { request } = await stalledDownload();
    request.destroy();
    const deadline = Date.now() + 5_000;
    while (!source.cancelled && Date.now() < deadline) await sleep(50);
    expect(source.cancelled).toBe(true);
    expect(source.pulled).toBeLessThan(TOTAL);
  });
});

describe('request bodies at the app\'s pace', () => {
  it('reads an upload no faster than the app takes it, and gives the app all of it', async () => {
    const { port } = upload.server.address() as AddressInfo;
    const sent = { bytes: 0 };
    const answer = new Promise<string>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/', agent: false, headers: { 'content-type': 'application/octet-stream', 'content-length': String(TOTAL) } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      });
      request.on('error', reject);
      const chunk = Buffer.alloc(CHUNK, 7);
      const writeMore = () => {
        while (sent.bytes < TOTAL) {
          sent.bytes += CHUNK;
          if (!request.write(chunk)) return void request.once('drain', writeMore);
        }
        request.end();
      };
      writeMore();
    });
    await sleep(1_000);
    // The action has not read yet: the web took what the sockets hold, not the 64 MB.
    expect(upload.bytesRead()).toBeLessThan(16 * 1024 * 1024);
    expect(sent.bytes).toBeLessThan(TOTAL);
    upload.release();
    expect(await answer).toBe(String(TOTAL));
  });
});

/** An app whose action reads its body only when the test says so, and answers how many bytes it read. */
const upload = (() => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const uploadBuild = {
    ...build,
    routes: {
      root: {
        ...(build.routes.root as object),
        module: {
          action: async ({ request }: { request: Request }) => {
            await released;
            return new Response(String((await request.arrayBuffer()).byteLength));
          },
        },
      },
    },
    assets: { ...build.assets, routes: { root: { ...build.assets.routes.root, hasLoader: false, hasAction: true } } },
  } as unknown as ServerBuild;
  const uploadListener = createRequestListener({ build: uploadBuild, mode: 'production' });
  let socket: import('node:net').Socket | undefined;
  const server = http.createServer((req, res) => {
    socket = req.socket;
    void uploadListener(req, res);
  });
  return { server, release: () => release(), bytesRead: () => socket?.bytesRead ?? 0 };
})();
beforeAll(() => new Promise<void>((resolve) => upload.server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise((resolve) => upload.server.close(resolve)));
