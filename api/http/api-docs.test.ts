import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { loadConfig } from '../config';
import { createTestApi, type TestApi } from '../test/helper';

/** Production requires the keys of the second-step secrets (decision 152). */
const production = { TOTP_ENCRYPTION_KEYS: 'k1:BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=' };

/** Swagger UI and the OpenAPI document: off in production unless API_DOCS=on (decision 132). */
describe('API_DOCS', () => {
  it('is off in production and on elsewhere by default; API_DOCS decides when set', () => {
    expect(loadConfig({ ...production, NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ ...production, NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});

describe('an API with its documentation off (production by default)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ demoTickets: 0, config: { env: 'production', apiDocs: false } });
  });
  afterAll(() => api.close());

  it('serves neither Swagger UI nor the OpenAPI document: 404 like any unknown path', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/swagger-ui-bundle.js', '/api/openapi.json']) {
      const response = await api.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ errors: { message: messages.notFound } });
    }
    expect(api.app.routeTable.some((route) => route.url.startsWith('/api/docs') || route.url === '/api/openapi.json')).toBe(false);
    // The API itself answers as always.
    expect((await api.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
