import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { createTestApi, type TestApi } from '../test/helper';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
});
afterAll(() => api.close());

describe('GET /api/ready', () => {
  it('is ready once warmed up, and asks no peer: its answer needs no database query', async () => {
    const before = api.database.queryCount();
    const ready = await api.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ payload: { ready: true } });
    expect(api.database.queryCount()).toBe(before);
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

  it('stays ready while the attachment storage cannot be written: a shared peer never takes every replica out (decision 141)', async () => {
    const ping = api.app.storage.ping;
    api.app.storage.ping = () => Promise.reject(new Error('read-only'));
    try {
      await api.app.peers.probeAll();
      expect(api.app.peers.isUp('storage')).toBe(false);
      expect((await api.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    } finally {
      api.app.storage.ping = ping;
    }
    await api.app.peers.probeAll();
    expect(api.app.peers.isUp('storage')).toBe(true);
  });

  it('stays ready, and alive, while the database fails: the monitor says so instead', async () => {
    const execute = api.app.db.execute;
    api.app.db.execute = (() => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))) as never;
    try {
      await api.app.peers.probeAll();
      expect(api.app.peers.isUp('database')).toBe(false);
      expect((await api.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      expect((await api.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      api.app.db.execute = execute;
    }
    await api.app.peers.probeAll();
    expect(api.app.peers.isUp('database')).toBe(true);
  });

  it('is not ready before the app has warmed up', async () => {
    api.app.warmedUp = false;
    try {
      expect((await api.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      api.app.warmedUp = true;
    }
  });
});
