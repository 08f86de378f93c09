import { describe, expect, it } from 'vitest';
import { isValidHost } from './request-guards';

describe('the Host header (decision 132)', () => {
  it('accepts names, addresses and IPv6 literals with or without a port', () => {
    for (const host of ['localhost', 'localhost:4000', '127.0.0.1:4000', '[::1]:4000', '[::1]', 'api.concesion.cl', 'concesion_api:4000', 'api.concesion.cl.', undefined]) {
      expect(isValidHost(host), String(host)).toBe(true);
    }
  });

  it('refuses what no host looks like', () => {
    for (const host of ['', '[::1', '%00', 'a b', '[::1]:99x', 'api.concesion.cl/x', 'usuario@api', '-api', 'a'.repeat(300), '\u0000']) {
      expect(isValidHost(host), host).toBe(false);
    }
  });
});
