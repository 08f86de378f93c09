import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { createTestApi, type TestApi } from '../test/helper';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
});
afterAll(() => api.close());

describe('the error envelope', () => {
  it('answers malformed JSON with a 400 in the envelope', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { message: messages.invalidJson } });
  });

  it('answers wrong field types with 400 and a Spanish message per field', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 42, password: ['x'], providerId: 'email', tokenId: '' },
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json().errors;
    expect(Object.keys(fields).sort()).toEqual(['email', 'password']);
    expect(fields.email).toBe(messages.emailRequired);
  });

  it('answers a body that is not an object with a Spanish message', async () => {
    const response = await api.app.inject({ method: 'POST', url: '/api/auth', payload: '"hola"', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).not.toMatch(/expected|received/);
  });

  it('answers a wrong content type with 415', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ errors: { message: messages.unsupportedMediaType } });
  });

  it('answers an oversized body with 413', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'a@b.cl', password: 'x'.repeat(300_000), providerId: 'email', tokenId: '' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ errors: { message: messages.payloadTooLarge } });
  });

  it('answers an unknown path with 404 in the envelope', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: { message: messages.notFound } });
  });

  it('reports health with the database reachable', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: { status: 'ok' } });
  });
});
