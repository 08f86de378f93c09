import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../../tests/shared/raw-http';
import { createTestApi, type TestApi } from '../test/helper';

/** A malformed Host header (docs/decisions/131-no-request-stops-a-process.md), on a real socket. */
let api: TestApi;
let port: number;

beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  port = (api.app.server.address() as AddressInfo).port;
});
afterAll(() => api.close());

describe('the Host header', () => {
  it.each(['[::1', '%00', '', ' ', 'a b', 'ejemplo.cl:99999'])('answers 400 to Host %j and closes the connection', async (host) => {
    const answer = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 3_000);
    expect(answer.status).toBe(400);
    expect(answer.head.toLowerCase()).toContain('connection: close');
    expect(answer.closedByServer).toBe(true);
  });

  it("keeps Fastify's own timeouts on the server that checks the Host first", () => {
    expect(api.app.server.keepAliveTimeout).toBe(72_000);
    expect(api.app.server.requestTimeout).toBe(0);
  });

  it('answers a well-formed Host as before, keeping the connection', async () => {
    const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: [::1]:4000\r\n\r\n', 1_000);
    expect(answer.status).toBe(200);
    expect(answer.closedByServer).toBe(false);
  });
});
