import type { FastifyError, FastifyInstance } from 'fastify';
import type { Duplex } from 'node:stream';
import { messages } from '@contract/messages';
import { ApiError } from './errors';
import { validationFailure } from './route-schema';

/** Fastify's own failures, mapped to the envelope with a Spanish message. */
const frameworkErrors: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.badRequest },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.payloadTooLarge },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.invalidJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: messages.invalidJson },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: messages.payloadTooLarge },
  FST_FILES_LIMIT: { status: 413, message: messages.payloadTooLarge },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: messages.unsupportedMediaType },
};

/**
 * A multipart body the reader could not parse (no, empty, wrong or too long a boundary, a part
 * or the whole body cut short, a malformed part header): busboy's own errors carry no status
 * and no code, only these messages (the multipart plugin's own errors have a code and a status).
 * Also the request stream's own end before its body did (the client went away mid-body).
 * Answered 400 in the envelope, by the error handler and by the upload route (decision 132).
 */
export function isMalformedBody(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  if (statusCode || code) return false;
  return /^(Multipart: Boundary not found|Boundary required|The needle |Unexpected end of (multipart data|form|file)|\w+ terminated early due to unexpected end of multipart data|Malformed part header|aborted$)/.test(
    error.message,
  );
}

/**
 * The database cannot be reached or is going away: no connection within the pool's timeout, a
 * connection refused, reset or ended, a query past its timeout, an administrator's shutdown
 * (SQLSTATE 57P01-57P03) or a connection failure (class 08). The caller may retry: 503.
 */
function databaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^(08...|57P0[123])$/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (/timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection timeout/i.test(message)) return true;
  }
  return false;
}

/**
 * The database's disk is full (SQLSTATE 53100, "could not extend file": PostgreSQL's, or the
 * embedded database's data folder): nothing of the statement was stored. 507 with a clear
 * Spanish message rather than a 500 (docs/decisions/141-readiness-and-degraded-peers.md).
 */
function databaseDiskFull(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (e.code === '53100' || e.code === 'ENOSPC') return true;
  }
  return false;
}

/** PostgreSQL's "data exception" class (SQLSTATE 22xxx), on the error or its cause (drizzle wraps it). */
function databaseDataError(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
}

/** Any other error PostgreSQL answered with (a SQLSTATE: five digits and capitals). */
function isDatabaseError(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return true;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        errors: { message: error.message, ...(error.fields ? { fields: error.fields } : {}), ...(error.reason ? { reason: error.reason } : {}) },
      });
    }
    const invalid = validationFailure(error, request);
    if (invalid) return reply.status(400).send({ errors: invalid });
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send({ errors: { message: known.message } });
    // JSON.parse failures surface as a SyntaxError with status 400.
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return reply.status(400).send({ errors: { message: messages.invalidJson } });
    }
    // Input the database could not take (class 22: a NUL byte, a number out of range, an invalid
    // date...) that slipped past the contract is still the caller's mistake, never a 500.
    if (databaseUnavailable(error)) {
      app.metrics.databaseErrors.inc({ kind: 'unavailable' });
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ errors: { message: messages.serviceUnavailable } });
    }
    if (databaseDiskFull(error)) {
      app.metrics.databaseErrors.inc({ kind: 'disk_full' });
      request.log.error({ err: error }, 'database disk full');
      return reply.status(507).header('retry-after', '60').send({ errors: { message: messages.storageFull } });
    }
    if (isMalformedBody(error)) {
      return reply.status(400).send({ errors: { message: messages.requestIncomplete } });
    }
    if (databaseDataError(error)) {
      app.metrics.databaseErrors.inc({ kind: 'refused' });
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send({ errors: { message: messages.badRequest } });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ errors: { message: messages.tooManyAttempts } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ errors: { message: messages.badRequest } });
    }
    if (isDatabaseError(error)) app.metrics.databaseErrors.inc({ kind: 'other' });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ errors: { message: messages.internalError } });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ errors: { message: messages.notFound } });
  });
}

/**
 * What Node's HTTP parser refuses before any route sees it (a malformed request line or Host
 * header, a body shorter than its length when the client half-closes, headers over the limit,
 * a request slower than the server's timeouts): the envelope with a Spanish message, and the
 * connection closed, never left open (Fastify's default answers in its own format).
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', messages.requestTooSlow]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', messages.requestHeadersTooLarge]
        : [400, 'Bad Request', messages.requestIncomplete];
  this.log.debug({ code: error.code }, 'client error');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = Buffer.from(JSON.stringify({ errors: { message } }));
  const head = `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
  // Sent and closed; a client that keeps its side open is cut off a moment later.
  socket.end(Buffer.concat([Buffer.from(head), body]));
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}

/** How long a refused connection may linger for its answer to be read. */
const CLIENT_ERROR_LINGER_MS = 1_000;
