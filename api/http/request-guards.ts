import type { FastifyInstance } from 'fastify';
import { messages } from '@contract/messages';
import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart body itself (the attachment upload); every other route refuses one. */
    multipart?: boolean;
  }
}

/**
 * A Host header as RFC 9110 allows it: a registered name or IPv4 address, or an IPv6 literal in
 * brackets, with an optional port. `[::1`, `%00`, a space or an empty value are not hosts.
 */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9._~-]{0,251}[A-Za-z0-9_~])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export function isValidHost(host: string | undefined): boolean {
  return host !== undefined && HOST.test(host);
}

/**
 * Requests refused before any route runs (docs/decisions/132-bad-requests-and-small-findings.md):
 * - a malformed Host header: 400 in the envelope, and the connection closed;
 * - a multipart body sent to a route that does not read one: 415. The multipart plugin accepts
 *   such a body for every route and leaves it unread, so a JSON route would run with no body at
 *   all (an update with nothing in it answered 200).
 */
export function registerRequestGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (isValidHost(request.headers.host)) return;
    reply.header('connection', 'close');
    throw new ApiError(400, messages.badRequest);
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config.multipart) throw new ApiError(415, messages.unsupportedMediaType);
  });
}
