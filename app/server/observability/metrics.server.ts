import { Counter, Gauge, Histogram, register } from 'prom-client';

const NAME = 'web_api_call_duration_seconds';

/**
 * The web app's calls to the concession API, by method, path pattern and status ("error" when
 * no answer came), in prom-client's default registry, which server/metrics.mjs serves. Made
 * once per process, even if this module is evaluated again (a development reload).
 */
export const apiCalls: Histogram<'method' | 'path' | 'status'> =
  (register.getSingleMetric(NAME) as Histogram<'method' | 'path' | 'status'> | undefined) ??
  new Histogram({
    name: NAME,
    help: 'Calls from the web app to the API by method, path pattern and status',
    labelNames: ['method', 'path', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

/** An API path as a pattern: ids, UUIDs and e-mails become ":id", so labels stay few and carry no personal data. */
export function apiPathPattern(path: string): string {
  return path
    .split('/')
    .map((segment) => (/^\d+$|^[0-9a-f-]{36}$|@|%40/i.test(segment) ? ':id' : segment))
    .join('/');
}

/**
 * Calls sent again to another API process (or to the only address after dropping its
 * connections), by why the first attempt failed: refused, reset or draining
 * (docs/decisions/143-web-fails-over-between-apis.md).
 */
export const apiFailovers: Counter<'reason'> =
  (register.getSingleMetric('web_api_failovers_total') as Counter<'reason'> | undefined) ??
  new Counter({ name: 'web_api_failovers_total', help: 'Calls to the API sent again after a refused or reset connection or a draining API', labelNames: ['reason'] });

/** 1 while an API address (host:port, never credentials) is used, 0 while it is marked down and probed. */
export const apiUpstreamUp: Gauge<'api'> =
  (register.getSingleMetric('web_api_upstream_up') as Gauge<'api'> | undefined) ??
  new Gauge({ name: 'web_api_upstream_up', help: 'Whether this web process sends calls to an API address (1) or has marked it down (0)', labelNames: ['api'] });

const PEER_UP = 'peer_up';

/**
 * Whether the API answered this process's last call (1, whatever its status) or gave no answer
 * (0: refused, reset, timed out), from the calls pages make anyway: no probe of its own
 * (docs/decisions/141-readiness-and-degraded-peers.md). A call the browser cancelled says nothing.
 */
export const peerUp: Gauge<'peer'> =
  (register.getSingleMetric(PEER_UP) as Gauge<'peer'> | undefined) ??
  new Gauge({ name: PEER_UP, help: 'Whether the API answered the last call (1) or not (0)', labelNames: ['peer'] });
