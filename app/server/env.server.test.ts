import { describe, expect, it } from 'vitest';
import { apiBaseUrlFor, parseEnv } from './env.server';

const config = {
  CONCESSION_API_URL: 'http://api.internal:4000',
  CONCESSION_API_URL_UAT: 'https://api-uat.example.cl/',
};

describe('apiBaseUrlFor', () => {
  it('uses the UAT API when the page host contains "uat"', () => {
    expect(apiBaseUrlFor('uat.concesion.cl', config)).toBe('https://api-uat.example.cl');
    expect(apiBaseUrlFor('portal-UAT.concesion.cl:8443', config)).toBe('https://api-uat.example.cl');
  });

  it('uses the regular API for any other host', () => {
    expect(apiBaseUrlFor('concesion.cl', config)).toBe('http://api.internal:4000');
    expect(apiBaseUrlFor('localhost:3000', config)).toBe('http://api.internal:4000');
    expect(apiBaseUrlFor(null, config)).toBe('http://api.internal:4000');
  });

  it('falls back to the regular API when no UAT URL is configured', () => {
    expect(apiBaseUrlFor('uat.concesion.cl', { CONCESSION_API_URL: 'http://127.0.0.1:4000' })).toBe(
      'http://127.0.0.1:4000',
    );
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
  });
});
