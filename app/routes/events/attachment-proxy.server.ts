import type { RouterContextProvider } from 'react-router';
import { messages } from '@contract/messages';
import { isErrorPageData } from '~/utils/error-data';
import { proxiedDisposition } from '@contract/file-names';
import { requireAuth } from '~/server/auth/auth.server';
import { ticketIdOf } from './events.server';

/** Headers of the API's answer the browser needs; nothing else (no cookies, no server details). */
const PASSED_HEADERS = ['content-type', 'content-length', 'content-disposition', 'x-content-type-options', 'cache-control'];

/**
 * The API's attachment call `suffix` ('' the file, '/preview' its small image), streamed as
 * it arrives: the browser never sees the token.
 */
export async function attachmentFromApi(
  context: Readonly<RouterContextProvider>,
  params: { id: string; attachmentId: string },
  suffix: '' | '/preview',
  request: Request,
): Promise<Response> {
  const id = ticketIdOf(params.id);
  if (!/^[\w-]{1,64}$/.test(params.attachmentId)) throw new Response(null, { status: 404 });
  let upstream: Response;
  try {
    const { api } = await requireAuth(context);
    upstream = await api.stream(`/api/ticket/${id}/attachment/${params.attachmentId}${suffix}`);
  } catch (error) {
    // A resource route's thrown page would reach the browser as JSON: the storage, the API or
    // its database down (here or in the caller's check) gets a page of its own, in Spanish,
    // with Retry-After and the way back (decision 141).
    const thrown = thrownPage(error);
    if (thrown && (thrown.status === 503 || thrown.status === 507)) return unavailablePage(thrown.status, thrown.data, new URL(request.url).pathname.replace(/\/attachments\/.*$/, ''));
    throw error;
  }
  const headers = new Headers({ 'x-content-type-options': 'nosniff' });
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  // The download's name made again here, without controls and with its type's extension (decision 132).
  if (headers.has('content-disposition')) headers.set('content-disposition', proxiedDisposition(upstream.headers.get('content-disposition'), upstream.headers.get('content-type')));
  return new Response(upstream.body, { status: 200, headers });
}

/** The error page the API client throws (React Router's `data(body, { status })`): its status and body. */
function thrownPage(error: unknown): { status: number; data: unknown } | null {
  const page = error as { data?: unknown; init?: { status?: number } | null } | null;
  if (typeof page !== 'object' || page === null || !('data' in page) || typeof page.init?.status !== 'number') return null;
  return { status: page.init.status, data: page.data };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The answer to a download or a preview while the attachment storage (or the API) does not
 * answer: the API's message ("Los adjuntos no están disponibles por ahora…") or the catalogue's,
 * the reference to quote, and a link back to the event, whose page keeps working.
 */
function unavailablePage(status: number, body: unknown, eventPath: string): Response {
  const page = isErrorPageData(body) ? body : null;
  const attachmentsOnly = page?.reason === 'api-error';
  const message = attachmentsOnly ? page.message : messages.serviceUnavailable;
  const title = attachmentsOnly ? 'Adjuntos no disponibles' : 'Servicio no disponible';
  const reference = page?.requestId ? `<p>Código de referencia: ${escapeHtml(page.requestId)}</p>` : '';
  // The event's page in the area this request came from (/…/events/123).
  const back = eventPath.replace(/[^\w/-]/g, '');
  const html = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main id="main"><h1>${title}</h1><p class="error-message">${escapeHtml(message)}</p>${reference}<p><a href="${back}">Volver al evento</a></p></main></body></html>`;
  return new Response(html, {
    status,
    // The attachments' outage is retried in 30 s (api/http/storage-errors.ts); the API's or its database's in 5.
    headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': attachmentsOnly ? '30' : '5', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
  });
}
