import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { messages } from '@contract/messages';
import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart body itself (the attachment upload); every other route refuses one. */
    multipart?: boolean;
    /** The route hands its body, unread, to a streaming reader of its own (the tus uploads, api/routes/upload.ts). */
    streamsBody?: boolean;
  }
}

/**
 * How long a request body other than an upload may take to arrive, from its first byte: JSON bodies
 * are 256 KB at most, seconds even on a bad mobile link. Uploads have their own deadline
 * (UPLOAD_DEADLINE_MS); the HTTP server itself sets none (Fastify's requestTimeout is 0).
 */
export const BODY_DEADLINE_MS = 30_000;

/**
 * Requests refused before any route runs (docs/decisions/132-bad-requests-and-small-findings.md):
 * - a multipart body sent to a route that does not read one: 415. The multipart plugin accepts
 *   such a body for every route and leaves it unread, so a JSON route would run with no body at
 *   all (an update with nothing in it answered 200);
 * - a body (other than an upload) still arriving after BODY_DEADLINE_MS: 408, and the connection
 *   closed, so a client trickling bytes cannot hold a connection and its memory for ever.
 */
export function registerRequestGuards(app: FastifyInstance) {
  app.addHook('preParsing', async (request, reply, payload) => {
    const { headers } = request;
    if (request.routeOptions.config.multipart || request.routeOptions.config.streamsBody) return payload;
    if (headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || headers['content-length'] === '0')) return payload;
    const guarded = new PassThrough();
    const timer = setTimeout(() => {
      reply.header('connection', 'close');
      guarded.destroy(new ApiError(408, messages.requestTooSlow));
    }, app.config.bodyDeadlineMs ?? BODY_DEADLINE_MS);
    const stop = () => clearTimeout(timer);
    payload.once('end', stop);
    reply.raw.once('close', stop);
    // The request's own failure (the client went away) reaches the body parser, which answers 400.
    // Both streams keep a listener for good: an error after the parser let go never goes unheard.
    payload.on('error', (error) => {
      stop();
      guarded.destroy(error);
    });
    guarded.on('error', () => undefined);
    payload.pipe(guarded);
    return guarded;
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !request.routeOptions.config.multipart) throw new ApiError(415, messages.unsupportedMediaType);
  });
}
