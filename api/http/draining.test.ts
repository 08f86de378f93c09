import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DRAINING_HEADER } from '@contract/draining';
import { messages } from '@contract/messages';
import { rawRequest } from '../../tests/shared/raw-http';
import { createTestApi, type TestApi } from '../test/helper';

/**
 * A process shutting down (docs/decisions/143-web-fails-over-between-apis.md), on a real socket: a new request
 * does no work and says so, so the web app sends it to another API; connections close.
 */
let api: TestApi;
let port: number;

beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  port = (api.app.server.address() as AddressInfo).port;
});
afterAll(() => api.close());

describe('while draining', () => {
  it('answers a new request at once with a 503 marked draining, in Spanish, and closes the connection', async () => {
    api.app.draining = true;
    try {
      const answer = await rawRequest(port, 'GET /api/ticket HTTP/1.1\r\nHost: api\r\nConnection: keep-alive\r\n\r\n', 3_000);
      expect(answer.status).toBe(503);
      const head = answer.head.toLowerCase();
      expect(head).toContain(`${API_DRAINING_HEADER}: 1`);
      expect(head).toContain('connection: close');
      expect(head).toContain('retry-after: 1');
      const fetched = await fetch(`http://127.0.0.1:${port}/api/ticket`);
      expect(fetched.status).toBe(503);
      expect(await fetched.json()).toEqual({ errors: { message: messages.serviceUnavailable } });
      expect(answer.closedByServer).toBe(true);
      // Liveness answers; readiness says 503 itself, without the draining mark (no call to send elsewhere).
      const health = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: api\r\n\r\n', 3_000);
      expect(health.status).toBe(200);
      expect(health.head.toLowerCase()).toContain('connection: close');
      const ready = await rawRequest(port, 'GET /api/ready HTTP/1.1\r\nHost: api\r\n\r\n', 3_000);
      expect(ready.status).toBe(503);
      expect(ready.head.toLowerCase()).not.toContain(API_DRAINING_HEADER);
    } finally {
      api.app.draining = false;
    }
  });

  it('keeps connections open otherwise, with no draining mark', async () => {
    const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: api\r\n\r\n', 1_000);
    expect(answer.status).toBe(200);
    expect(answer.head.toLowerCase()).not.toContain(API_DRAINING_HEADER);
    expect(answer.closedByServer).toBe(false);
  });
});
