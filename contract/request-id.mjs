// One request id per request, end to end (docs/decisions/121-observability.md): the web server takes a valid incoming
// X-Request-Id or makes one, sends it to the API with every call, and both services log it and
// answer with it. Plain JavaScript: server/web.mjs runs it without a build step.

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Ids a load balancer or a caller may choose: 8 to 64 letters, digits, dots, dashes or
 * underscores. Anything else (a header injection, a log line breaker, a megabyte) is replaced.
 */
const VALID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * The incoming id when it is a valid one sent by a trusted peer (a proxy the operator listed; for
 * the API, the web app), else a new random UUID: a client never chooses the id its requests are
 * logged under (docs/decisions/131-no-request-stops-a-process.md).
 */
export function requestIdFrom(incoming, trusted = false) {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return trusted && typeof value === 'string' && VALID.test(value) ? value : globalThis.crypto.randomUUID();
}
