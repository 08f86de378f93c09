import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('demo accounts', () => {
  it('are never created by default in production, on either database', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/concesion' }).seedDemo).toBe(false);
  });
  it('are created in production only when SEED=demo says so', () => {
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'demo' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'none' }).seedDemo).toBe(false);
  });
  it('are there by default for development on the embedded database', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/concesion' }).seedDemo).toBe(false);
  });
});
