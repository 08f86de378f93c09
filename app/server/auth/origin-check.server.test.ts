import { describe, expect, it } from 'vitest';
import { isSameOriginWrite } from './origin-check.server';

const post = (headers: Record<string, string>) => new Request('http://concesion.example/user/logout', { method: 'POST', headers });

describe('isSameOriginWrite', () => {
  it('lets reads through whatever their origin', () => {
    expect(isSameOriginWrite(new Request('http://concesion.example/', { headers: { origin: 'https://evil.example' } }))).toBe(true);
  });
  it('accepts a write from the same host, even as https behind a proxy', () => {
    expect(isSameOriginWrite(post({ origin: 'http://concesion.example' }))).toBe(true);
    expect(isSameOriginWrite(post({ origin: 'https://concesion.example' }))).toBe(true);
  });
  it('refuses a write from another host, an opaque origin or a malformed one', () => {
    for (const origin of ['https://evil.example', 'http://concesion.example.evil.example', 'null', 'not a url']) {
      expect(isSameOriginWrite(post({ origin }))).toBe(false);
    }
  });
  it('without Origin, goes by Sec-Fetch-Site', () => {
    expect(isSameOriginWrite(post({ 'sec-fetch-site': 'cross-site' }))).toBe(false);
    expect(isSameOriginWrite(post({ 'sec-fetch-site': 'same-site' }))).toBe(false);
    expect(isSameOriginWrite(post({ 'sec-fetch-site': 'same-origin' }))).toBe(true);
    expect(isSameOriginWrite(post({}))).toBe(true);
  });
});
