// The web app's Prometheus metrics (docs/decisions/121-observability.md; what to alert on: docs/operations.md), in
// prom-client's default registry, which the app's own modules share (app/server/observability/metrics.server.ts).
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Gauge, Histogram, register } from 'prom-client';

collectDefaultMetrics();

export const requests = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Web requests by method, route pattern and status, with their duration',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
});

export const liveStreams = new Gauge({ name: 'live_streams_open', help: 'Open live-notification relays' });

function sameSecret(given, expected) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics is for whoever holds METRICS_TOKEN (as a bearer token); for anyone else, or for
 * every caller when no token is configured, it is an unknown address like any other (the app's 404).
 */
export function mayReadMetrics(req, token) {
  const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return Boolean(token && given && sameSecret(given, token));
}

export async function serveMetrics(res) {
  const body = await register.metrics();
  res.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' }).end(body);
}
