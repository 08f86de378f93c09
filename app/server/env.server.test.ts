import { describe, expect, it } from 'vitest';
import { apiBaseUrlFor, parseEnv } from './env.server';

const config = {
  CONCESSION_API_URL: 'http://api.internal:4000',
  CONCESSION_API_URL_UAT: 'https://api-uat.example.cl/',
  WEB_UAT_HOSTS: ['uat.concesion.cl', 'pruebas.concesion.cl'],
};

describe('apiBaseUrlFor', () => {
  it('uses the UAT API for the hosts WEB_UAT_HOSTS lists, whatever their port or case', () => {
    expect(apiBaseUrlFor('uat.concesion.cl', config)).toBe('https://api-uat.example.cl');
    expect(apiBaseUrlFor('UAT.Concesion.cl:8443', config)).toBe('https://api-uat.example.cl');
    expect(apiBaseUrlFor('pruebas.concesion.cl', config)).toBe('https://api-uat.example.cl');
  });

  it('uses the regular API for any other host, even one containing "uat" (decision 132)', () => {
    for (const host of ['evaluation.example', 'portal-uat.concesion.cl', 'uat.concesion.cl.evil.example', 'xuat.concesion.cl', 'concesion.cl', 'localhost:3000', null]) {
      expect(apiBaseUrlFor(host, config), String(host)).toBe('http://api.internal:4000');
    }
  });

  it('falls back to the regular API when no UAT URL is configured', () => {
    expect(apiBaseUrlFor('uat.concesion.cl', { CONCESSION_API_URL: 'http://127.0.0.1:4000', WEB_UAT_HOSTS: ['uat.concesion.cl'] })).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it('calls no host UAT when WEB_UAT_HOSTS is unset', () => {
    const env = parseEnv({ CONCESSION_API_URL_UAT: 'https://api-uat.example.cl' });
    expect(env.WEB_UAT_HOSTS).toEqual([]);
    expect(apiBaseUrlFor('uat.concesion.cl', env)).toBe('http://127.0.0.1:4000');
  });

  it('reads WEB_UAT_HOSTS as exact names without ports, and refuses what is not a host', () => {
    const env = parseEnv({ CONCESSION_API_URL_UAT: 'https://api-uat.example.cl', WEB_UAT_HOSTS: ' UAT.concesion.cl:3000 , pruebas.concesion.cl.' });
    expect(env.WEB_UAT_HOSTS).toEqual(['uat.concesion.cl', 'pruebas.concesion.cl']);
    expect(apiBaseUrlFor('uat.concesion.cl', env)).toBe('https://api-uat.example.cl');
    expect(() => parseEnv({ WEB_UAT_HOSTS: 'https://uat.concesion.cl/' })).toThrow(/WEB_UAT_HOSTS/);
    expect(() => parseEnv({ WEB_UAT_HOSTS: 'uat concesion' })).toThrow(/WEB_UAT_HOSTS/);
  });
});

describe('parseEnv', () => {
  it('applies the defaults outside production', () => {
    const env = parseEnv({ NODE_ENV: 'development' });
    expect(env.PORT).toBe(3000);
    expect(env.CONCESSION_API_URL).toBe('http://127.0.0.1:4000');
    expect(env.SESSION_SECRETS).toHaveLength(1);
  });

  it('splits SESSION_SECRET into a rotation list', () => {
    const env = parseEnv({ NODE_ENV: 'production', SESSION_SECRET: 'new-secret, old-secret' });
    expect(env.SESSION_SECRETS).toEqual(['new-secret', 'old-secret']);
  });

  it('refuses production without SESSION_SECRET, naming the variable', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(() => parseEnv({ NODE_ENV: 'production', SESSION_SECRET: '' })).toThrow(/SESSION_SECRET/);
  });

  it('rejects a malformed API URL', () => {
    expect(() => parseEnv({ CONCESSION_API_URL: 'not a url' })).toThrow(/CONCESSION_API_URL/);
    expect(() => parseEnv({ CONCESSION_API_URL: 'http://api-1:4000,not a url' })).toThrow(/CONCESSION_API_URL/);
  });

  it('takes several API addresses, comma-separated (decision 143)', () => {
    const env = parseEnv({ CONCESSION_API_URL: 'http://api-1:4000/, http://api-2:4000' });
    expect(env.CONCESSION_API_URL).toBe('http://api-1:4000,http://api-2:4000');
    expect(apiBaseUrlFor('concesion.cl', env)).toBe('http://api-1:4000,http://api-2:4000');
    expect(env.WEB_API_PROBE_MS).toBe(1000);
  });
});
