import http from 'node:http';
import net from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_DRAINING_HEADER } from '@contract/draining';
import { messages } from '@contract/messages';
import { getSession } from '../auth/session.server';
import { ApiClient } from './api-client.server';
import { failoverReasonOf, mayRetry, parseApiUrls, upstreamLabel } from './failover.server';
import { Upstreams } from './upstreams.server';

describe('parseApiUrls (CONCESSION_API_URL)', () => {
  it('keeps one address as it is, without its final slashes', () => {
    expect(parseApiUrls('http://api.internal:4000/')).toEqual(['http://api.internal:4000']);
  });

  it('splits a comma-separated list, trimming, dropping empty items and repeats', () => {
    expect(parseApiUrls(' http://10.0.1.5:4000 ,http://10.0.1.6:4000/,, http://10.0.1.5:4000')).toEqual(['http://10.0.1.5:4000', 'http://10.0.1.6:4000']);
  });

  it('refuses anything that is not an http(s) URL, and an empty list', () => {
    expect(() => parseApiUrls('http://a:4000,not a url')).toThrow(/http\(s\) URLs/);
    expect(() => parseApiUrls('ftp://a:21')).toThrow(/http\(s\) URLs/);
    expect(() => parseApiUrls(' , ')).toThrow(/at least one/);
  });

  it('labels an address for metrics by host and port, never its credentials', () => {
    expect(upstreamLabel('http://user:secret@10.0.1.5:4000/base')).toBe('10.0.1.5:4000');
  });
});

describe('mayRetry', () => {
  const body = { bodyResendable: true };
  it('sends any call again when the API did nothing: connection refused or a draining answer', () => {
    for (const reason of ['refused', 'draining'] as const) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE']) expect(mayRetry({ method, ...body }, reason), `${method} ${reason}`).toBe(true);
    }
  });

  it('after a reset, sends again only reads and writes carrying their submission key', () => {
    expect(mayRetry({ method: 'GET', ...body }, 'reset')).toBe(true);
    expect(mayRetry({ method: 'HEAD', ...body }, 'reset')).toBe(true);
    expect(mayRetry({ method: 'POST', ...body }, 'reset')).toBe(false);
    expect(mayRetry({ method: 'POST', idempotencyKey: null, ...body }, 'reset')).toBe(false);
    expect(mayRetry({ method: 'POST', idempotencyKey: 'k-0123456789abcdef', ...body }, 'reset')).toBe(true);
    expect(mayRetry({ method: 'PUT', idempotencyKey: 'k-0123456789abcdef', ...body }, 'reset')).toBe(true);
  });

  it('never sends again an upload of which something was already read, nor after a timeout or another error', () => {
    for (const reason of ['refused', 'reset', 'draining'] as const) {
      expect(mayRetry({ method: 'POST', idempotencyKey: 'k-0123456789abcdef', bodyResendable: false }, reason)).toBe(false);
    }
    expect(mayRetry({ method: 'GET', ...body }, null)).toBe(false);
  });
});

describe('failoverReasonOf', () => {
  it('knows a refused connection from undici', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const error = await request(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(failoverReasonOf(error)).toBe('refused');
    // fetch wraps it in a TypeError whose cause holds the code.
    const fetched = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(failoverReasonOf(fetched)).toBe('refused');
  });

  it('knows a connection closed before any answer (a process killed mid-call)', async () => {
    const server = net.createServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const error = await request(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    server.close();
    expect(failoverReasonOf(error)).toBe('reset');
  });

  it('does not retry a timeout or any other error', () => {
    expect(failoverReasonOf(Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' }))).toBeNull();
    expect(failoverReasonOf(new Error('boom'))).toBeNull();
    expect(failoverReasonOf(undefined)).toBeNull();
  });
});

describe('Upstreams', () => {
  it('spreads calls round-robin, puts an address marked down last, and tries a single address twice', () => {
    const group = new Upstreams(['http://a:1', 'http://b:1', 'http://c:1'], 60_000);
    const firsts = [0, 1, 2].map(() => group.attempts()[0]!.label);
    expect(new Set(firsts)).toEqual(new Set(['a:1', 'b:1', 'c:1']));
    const b = group.list[1]!;
    const agent = b.agent;
    group.markDown(b, 'refused');
    // Its kept-alive connections are let go of: a new Agent for the next calls.
    expect(b.agent).not.toBe(agent);
    for (let i = 0; i < 4; i++) {
      const order = group.attempts().map((u) => u.label);
      expect(order).toHaveLength(3);
      expect(order[2]).toBe('b:1');
    }
    group.markUp(b);
    expect(group.attempts()).toHaveLength(3);
    const single = new Upstreams(['http://balancer:8080'], 60_000);
    expect(single.attempts().map((u) => u.label)).toEqual(['balancer:8080', 'balancer:8080']);
  });
});

describe('the API client across several addresses', () => {
  type Stub = { url: string; bodies: string[]; close(): Promise<void> };
  /** A stand-in API: `ok` answers 200 with what it read, `draining` the draining 503, `reset` closes the socket once the request arrives. */
  async function stub(kind: 'ok' | 'draining' | 'reset'): Promise<Stub> {
    const bodies: string[] = [];
    const server = http.createServer((req, res) => {
      if (kind === 'reset') {
        // Once the body arrived, or 1.5 MB of it (an upload's bytes are gone).
        let received = 0;
        req.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received >= 1_500_000) req.socket.destroy();
        });
        req.on('end', () => req.socket.destroy());
        return;
      }
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push(body);
        if (kind === 'draining') res.writeHead(503, { 'content-type': 'application/json', [API_DRAINING_HEADER]: '1', connection: 'close' }).end('{"errors":{"message":"x"}}');
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ payload: { n: body.length } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, bodies, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }
  async function refusedUrl(): Promise<string> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    return `http://127.0.0.1:${port}`;
  }
  const clientFor = async (urls: string[]) => new ApiClient(urls.join(','), 'secret', await getSession(new Request('http://web.test/')), { address: null, userAgent: null });
  const streamOf = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of text.match(/.{1,1000}/gs) ?? []) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
  const shape = z.object({ n: z.number() });

  it('sends reads, writes and uploads to the address that answers when another refuses', async () => {
    const good = await stub('ok');
    try {
      // A new web process's first call goes to the first address: here each kind of call meets the refusal first.
      const upload = 'u'.repeat(5_000);
      const calls = [
        (api: ApiClient) => api.call('GET', '/x', { schema: shape }),
        (api: ApiClient) => api.call('POST', '/x', { body: { a: 1 } }),
        (api: ApiClient) => api.forward('POST', '/files', streamOf(upload), 'multipart/form-data; boundary=b', null, { unavailableIsAnswer: true }),
      ];
      for (const call of calls) {
        // A new group of addresses per call (groups are kept per CONCESSION_API_URL value).
        expect(await call(await clientFor([await refusedUrl(), good.url]))).toMatchObject({ ok: true });
      }
      // The upload arrived whole, after its first attempt was refused.
      expect(good.bodies.at(-1)).toBe(upload);
    } finally {
      await good.close();
    }
  });

  it('sends any call on after a draining answer, and after a reset only reads and keyed writes', async () => {
    const good = await stub('ok');
    const draining = await stub('draining');
    const reset = await stub('reset');
    try {
      const afterDraining = await clientFor([draining.url, good.url]);
      for (let i = 0; i < 2; i++) expect(await afterDraining.call('POST', '/x', { body: { a: 1 }, unavailableIsAnswer: true })).toMatchObject({ ok: true });
      const afterReset = await clientFor([reset.url, good.url]);
      const resets = [];
      for (let i = 0; i < 2; i++) resets.push(await afterReset.call('POST', '/x', { body: { a: 1 }, unavailableIsAnswer: true }));
      // The first call meets the reset address (then marked down): that write, without a key, is not sent again.
      expect(resets.filter((r) => !r.ok)).toEqual([{ ok: false, status: 503, message: messages.writeUnavailable, fields: {} }]);
      const keyed = await clientFor([reset.url, good.url]);
      for (let i = 0; i < 3; i++) expect(await keyed.call('POST', '/x', { body: { a: 1 }, idempotencyKey: `clave-de-prueba-${i}-0123`, unavailableIsAnswer: true })).toMatchObject({ ok: true });
      const read = await clientFor([reset.url, good.url, `${good.url}/extra`]);
      for (let i = 0; i < 3; i++) expect(await read.call('GET', '/x', { schema: shape })).toMatchObject({ ok: true });
    } finally {
      await Promise.all([good.close(), draining.close(), reset.close()]);
    }
  });

  it('sends an upload again after a reset while what was read of it is kept (1 MiB), never past that', async () => {
    const good = await stub('ok');
    const reset = await stub('reset');
    try {
      const small = 'p'.repeat(200_000);
      const large = 'g'.repeat(3_000_000);
      // The first call of each group meets the reset address.
      const smallResult = await (await clientFor([reset.url, good.url])).forward('POST', '/files', streamOf(small), 'multipart/form-data; boundary=b', 'clave-de-prueba-0123456', { unavailableIsAnswer: true });
      expect(smallResult).toMatchObject({ ok: true });
      expect(good.bodies).toEqual([small]);
      const largeResult = await (await clientFor([reset.url, good.url, `${good.url}/large`])).forward('POST', '/files', streamOf(large), 'multipart/form-data; boundary=b', 'clave-de-prueba-6543210', { unavailableIsAnswer: true });
      expect(largeResult).toEqual({ ok: false, status: 503, message: messages.writeUnavailable, fields: {} });
      expect(good.bodies).toEqual([small]);
    } finally {
      await Promise.all([good.close(), reset.close()]);
    }
  });
});
