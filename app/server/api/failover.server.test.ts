import net from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
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
