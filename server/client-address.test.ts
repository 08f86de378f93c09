import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
// The same adapter React Router's Node server uses to turn a Node request into a Request.
import { createRequestListener } from '@mjackson/node-fetch-server';
import { parseTrustedProxies, passClientAddress, resolveClientAddress } from './client-address.mjs';

let server: http.Server | null = null;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** What a loader would see of a request sent with `headers`, through a web server trusting `trusted`. */
async function headersSeenByLoader(trusted: string, headers: Record<string, string>): Promise<Record<string, string>> {
  const listener = createRequestListener((request) => Response.json(Object.fromEntries(request.headers)));
  const proxies = parseTrustedProxies(trusted);
  server = http.createServer((req, res) => {
    passClientAddress(req, proxies);
    listener(req, res);
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const answer = await fetch(`http://127.0.0.1:${port}/`, { headers });
  return answer.json();
}

describe('the client address loaders see', () => {
  it('is the socket peer, whatever forwarding headers a browser sends', async () => {
    const seen = await headersSeenByLoader('', {
      'x-forwarded-for': '203.0.113.66',
      'x-real-ip': '203.0.113.67',
      forwarded: 'for=203.0.113.68',
      'x-client-address': '203.0.113.69',
    });
    expect(seen['x-client-address']).toBe('127.0.0.1');
    expect(seen).not.toHaveProperty('x-forwarded-for');
    expect(seen).not.toHaveProperty('x-real-ip');
    expect(seen).not.toHaveProperty('forwarded');
  });

  it("is the trusted proxy's client, and never an address the browser put before it", async () => {
    // The browser sent "X-Forwarded-For: 198.51.100.1"; the proxy appended the real client.
    const seen = await headersSeenByLoader('127.0.0.1', { 'x-forwarded-for': '198.51.100.1, 203.0.113.5' });
    expect(seen['x-client-address']).toBe('203.0.113.5');
  });
});

describe('resolveClientAddress', () => {
  const proxies = parseTrustedProxies('10.0.0.1, 10.0.0.2');
  it('walks the chain right to left, past trusted proxies only', () => {
    expect(resolveClientAddress('::ffff:10.0.0.1', '198.51.100.1, 203.0.113.5, 10.0.0.2', proxies)).toBe('203.0.113.5');
    expect(resolveClientAddress('10.0.0.9', '203.0.113.5', proxies)).toBe('10.0.0.9');
    expect(resolveClientAddress('10.0.0.1', '', proxies)).toBe('10.0.0.1');
  });
  it('stops at a hop that is not an address', () => {
    expect(resolveClientAddress('10.0.0.1', 'evil, <script>', proxies)).toBe('10.0.0.1');
  });
});
