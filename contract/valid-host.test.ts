import { describe, expect, it } from 'vitest';
import { isValidHost } from './valid-host.mjs';

describe('isValidHost', () => {
  it('accepts names, IPv4 and bracketed IPv6 addresses, with or without a port', () => {
    for (const host of ['localhost', 'localhost:3000', 'atencion.concesion.cl', '127.0.0.1:4000', '[::1]', '[::1]:3000', 'uat-web', 'api.concesion.cl.', 'concesion_api:4000']) {
      expect(isValidHost(host), host).toBe(true);
    }
  });

  it('refuses what no URL can be built from', () => {
    for (const host of ['[::1', '%00', '', ' ', 'a b', 'a\u0000b', 'x:99999', 'user@host', 'host/path', '-inicio.cl', '[::1]:99x', 'a'.repeat(300), undefined, 42]) {
      expect(isValidHost(host), String(host)).toBe(false);
    }
  });
});
