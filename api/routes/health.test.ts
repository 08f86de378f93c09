import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { createTestApi, type TestApi } from '../test/helper';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
});
afterAll(() => api.close());

describe('GET /api/ready', () => {
  it('is ready with the database and the storage reachable', async () => {
    const ready = await api.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ payload: { ready: true } });
  });

  it('fails first when the process starts to shut down, in the envelope', async () => {
    api.app.draining = true;
    try {
      const draining = await api.app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ errors: { message: messages.serviceUnavailable } });
      // Liveness is another question: the process still answers.
      expect((await api.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      api.app.draining = false;
    }
  });

  it('fails when the attachment storage cannot be written', async () => {
    const ping = api.app.storage.ping;
    api.app.storage.ping = () => Promise.reject(new Error('read-only'));
    try {
      expect((await api.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      api.app.storage.ping = ping;
    }
  });
});
