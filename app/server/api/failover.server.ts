/**
 * The web app's rules for reaching several API processes (docs/decisions/143-web-fails-over-between-apis.md):
 * which addresses CONCESSION_API_URL names, and which failed calls may be sent again to another
 * one. Pure, so the rules are tested on their own (failover.server.test.ts).
 */

/**
 * The API addresses of a comma-separated CONCESSION_API_URL, each without its final slashes, in
 * order and once each. One address (an internal load balancer) is the usual case; several are
 * the API processes themselves. Throws on anything that is not an http(s) URL.
 */
export function parseApiUrls(value: string): string[] {
  const urls: string[] = [];
  for (const item of value.split(',')) {
    const trimmed = item.trim();
    if (!trimmed) continue;
    const parsed = URL.parse(trimmed);
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.host) {
      throw new Error('must be http(s) URLs, comma-separated (http://api-1:4000,http://api-2:4000)');
    }
    const url = trimmed.replace(/\/+$/, '');
    if (!urls.includes(url)) urls.push(url);
  }
  if (urls.length === 0) throw new Error('must name at least one API address');
  return urls;
}

/** A metrics label for an address: its host and port, never its credentials or path. */
export const upstreamLabel = (url: string): string => new URL(url).host;

/**
 * Why a call failed in a way that another attempt may mend, or null:
 * - `refused`: no connection (the port is shut: a process stopped or killed); the request never left.
 * - `reset`: the connection closed or reset before any answer (a process killed mid-call, or a
 *   kept-alive connection the API closed as the request went out); the API may have acted on it.
 * - `draining`: the API's own 503 while it shuts down (API_DRAINING_HEADER); it did nothing.
 * Timeouts and every other error are not retried: the call may still be running.
 */
export type FailoverReason = 'refused' | 'reset' | 'draining';

const REFUSED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** The reason of a network error from undici's `request` or fetch (whose cause holds the code), or null. */
export function failoverReasonOf(error: unknown): FailoverReason | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (REFUSED.has(code)) return 'refused';
      if (RESET.has(code)) return 'reset';
    }
    // A connection to several resolved addresses fails with all of their errors.
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) {
      const reasons = errors.map(failoverReasonOf);
      if (reasons.every((reason) => reason === 'refused')) return 'refused';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Whether a call that failed for `reason` may be sent again (to another API, or to the only
 * address once its connections are dropped):
 * - refused or draining: the API did nothing, so any call may go again;
 * - reset: GET and HEAD read only, and a write carrying its submission key is answered once
 *   however often it arrives (decisions 136, 137); any other write may have been stored, so it is not sent again;
 * - and never a body that cannot be sent again: a streamed upload of which some bytes were already read.
 */
export function mayRetry(call: { method: string; idempotencyKey?: string | null; bodyResendable: boolean }, reason: FailoverReason | null): boolean {
  if (!reason || !call.bodyResendable) return false;
  if (reason === 'refused' || reason === 'draining') return true;
  return call.method === 'GET' || call.method === 'HEAD' || Boolean(call.idempotencyKey);
}
