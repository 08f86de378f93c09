import { data, type MiddlewareFunction } from 'react-router';
import { messages } from '@contract/messages';
import { requestIdOf } from '~/server/observability/observability.server';
import type { ErrorPageData } from '~/utils/error-data';
import { WEB_UPLOAD_PATH } from '@contract/uploads';

/** The type of a tus PATCH's body (tus 1.0.0, "PATCH"). */
const TUS_CHUNK_TYPE = 'application/offset+octet-stream';

/**
 * What a form may send the web app, checked once for every action of every route (the root's
 * middleware), so no action can answer 500 to a body no browser would send (decision 131,
 * docs/decisions/131-no-request-stops-a-process.md):
 * - a request that carries a body says it is a form: url-encoded, or multipart with a boundary
 *   a multipart reader can use (RFC 2046: 1 to 70 characters); JSON, XML, text, octet-stream or
 *   a multipart type without a boundary are refused with 400 before any action runs;
 * - `request.formData()` refuses a body it cannot read (cut short, a boundary that never comes,
 *   a broken part) with the same 400 instead of throwing a TypeError the error boundary would
 *   show as a 500 (below). The streaming reader of uploads (multipart.server.ts) and the upload
 *   that passes the body on to the API (routes/events/upload.ts) refuse the same way.
 * The answer is the error page with the request id, in Spanish: no browser sends these bodies.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BOUNDARY = /^[0-9A-Za-z'()+_,./:=? -]{0,69}[0-9A-Za-z'()+_,./:=?-]$/;

/** The boundary parameter of a multipart content type, unquoted, or null. */
function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]*)"|([^\s;]*))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** Whether a request with this content type may reach an action (a bodiless request may have none). */
export function isFormContentType(contentType: string | null, hasBody: boolean): boolean {
  if (contentType === null || contentType.trim() === '') return !hasBody;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return true;
  if (type !== 'multipart/form-data') return false;
  const boundary = boundaryOf(contentType);
  return boundary !== null && BOUNDARY.test(boundary);
}

/** A body is announced: a length above zero, or chunks. */
function announcesBody(request: Request): boolean {
  const length = request.headers.get('content-length');
  if (length !== null) return length.trim() !== '0';
  return request.headers.has('transfer-encoding');
}

/**
 * A resumable upload's PATCH (contract/uploads.ts): its body is the file's next bytes, not a
 * form, passed on unread to the API, which checks it (routes/resources/uploads.ts).
 */
function isUploadChunk(request: Request, contentType: string | null): boolean {
  if (request.method !== 'PATCH' || contentType?.split(';', 1)[0]!.trim().toLowerCase() !== TUS_CHUNK_TYPE) return false;
  const path = new URL(request.url).pathname;
  return path.startsWith(`${WEB_UPLOAD_PATH}/`) && !path.slice(WEB_UPLOAD_PATH.length + 1).includes('/');
}

/** Throws the 400 error page: the form's body could not be read. */
export function refuseFormBody(request: Request): never {
  const page: ErrorPageData = { reason: 'api-error', message: messages.formBodyInvalid, requestId: requestIdOf(request) };
  throw data(page, { status: 400 });
}

/**
 * `request.formData()`, everywhere in the web process: a body it cannot read answers 400 instead
 * of a TypeError the error boundary would show as a 500. On the prototype, because React Router
 * hands each action a Request of its own (the URL without `.data`, `index`, `_routes`), not the
 * one the middleware saw; installed once, when the root imports this module.
 */
const INSTALLED = Symbol.for('concesion.formBodyRefusal');
function refuseUnreadableForms() {
  const prototype = Request.prototype as Request & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  const read = prototype.formData;
  Object.defineProperty(prototype, 'formData', {
    configurable: true,
    writable: true,
    value: async function formData(this: Request) {
      try {
        return await read.call(this);
      } catch {
        return refuseFormBody(this);
      }
    },
  });
  prototype[INSTALLED] = true;
}
refuseUnreadableForms();

/**
 * Multipart bodies up to this size (a form's fields, small photos) are read once before the
 * action, so an unreadable one is refused even by an action that would not read it (sign-out, a
 * second step with none waiting). Larger ones (uploads, up to 64 MB) are only read by their
 * action, as they stream on to the API (multipart.server.ts, routes/events/upload.ts).
 */
const READ_FIRST_MAX = 1024 * 1024;

/**
 * The root's middleware: refuses, before any action runs, a body that is not a form, and a
 * small multipart body that cannot be read.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const contentType = request.headers.get('content-type');
  if (isUploadChunk(request, contentType)) return next();
  if (!isFormContentType(contentType, announcesBody(request))) refuseFormBody(request);
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (contentType?.toLowerCase().startsWith('multipart/') && length <= READ_FIRST_MAX) {
    // A copy is read; the action reads the original. Unreadable: 400 (formData above).
    await request.clone().formData();
  }
  return next();
};
