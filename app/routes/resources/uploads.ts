import type { Route } from './+types/uploads';
import { API_UPLOAD_PATH, ATTACHMENT_ID_HEADER, UPLOAD_ID, WEB_UPLOAD_PATH } from '@contract/uploads';
import { createApiClient } from '~/server/api/api-client.server';
import { readAuth, requestSession } from '~/server/auth/session.server';

/**
 * The browser's end of the resumable uploads (contract/uploads.ts, docs/decisions/155-browser-uploads.md):
 * WEB_UPLOAD_PATH and `${WEB_UPLOAD_PATH}/:id` pass tus requests through to the API's
 * API_UPLOAD_PATH with the session's token, the browser never holding it. Bodies stream both
 * ways (a PATCH is never held here); the answer's Location is rewritten to this address. The root's
 * middleware has already held the origin of every write to this site (tus-js-client's XHR sends
 * Origin), and let a PATCH's octet-stream body through (form-body.server.ts).
 */

/** The request headers of the protocol the API is given; nothing else of the browser's goes on. */
const REQUEST_HEADERS = ['tus-resumable', 'upload-length', 'upload-offset', 'upload-metadata', 'upload-defer-length', 'upload-concat', 'content-type'];
/** The answer's headers the browser's client reads. */
const ANSWER_HEADERS = ['tus-resumable', 'tus-version', 'tus-extension', 'tus-max-size', 'upload-length', 'upload-offset', 'upload-metadata', 'upload-expires', 'content-type', ATTACHMENT_ID_HEADER.toLowerCase()];

type TusMethod = 'POST' | 'HEAD' | 'PATCH' | 'DELETE';

/** The API's path for this request, or null for an address that names no upload this web passes on. */
function apiPathOf(params: { id?: string }): string | null {
  if (params.id === undefined) return API_UPLOAD_PATH;
  return UPLOAD_ID.test(params.id) ? `${API_UPLOAD_PATH}/${params.id}` : null;
}

/** The API's Location (absolute or not) as this site's address of the same upload. */
export function webLocationOf(location: string | null): string | null {
  if (!location) return null;
  const id = /\/([0-9a-f]{32})\/?(?:[?#].*)?$/.exec(location)?.[1];
  return id && UPLOAD_ID.test(id) ? `${WEB_UPLOAD_PATH}/${id}` : null;
}

const plain = (status: number) => new Response(null, { status, headers: { 'cache-control': 'no-store', 'tus-resumable': '1.0.0' } });

async function relay(request: Request, context: Route.ActionArgs['context'], params: { id?: string }, method: TusMethod): Promise<Response> {
  const path = apiPathOf(params);
  if (!path) return plain(404);
  // POST makes a new upload (the collection's address); the others act on one.
  if ((method === 'POST') !== (params.id === undefined)) return plain(405);
  const session = await requestSession(request, context);
  const auth = readAuth(session);
  if (!auth) return plain(401);
  const headers = new Headers();
  for (const name of REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const body = method === 'PATCH' ? request.body : null;
  const answer = await createApiClient(request, session, auth.token).relay(method, path, headers, body);
  if (!answer) return plain(request.signal.aborted ? 400 : 503);
  const out = new Headers({ 'cache-control': 'no-store' });
  for (const name of ANSWER_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) out.set(name, value);
  }
  const location = webLocationOf(answer.headers.get('location'));
  if (location) out.set('location', location);
  return new Response(method === 'HEAD' ? null : answer.body, { status: answer.status, headers: out });
}

/** HEAD (how many bytes the API has) arrives here; a GET has nothing to read. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (request.method !== 'HEAD') return plain(405);
  return relay(request, context, params, 'HEAD');
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const method = request.method.toUpperCase();
  if (method !== 'POST' && method !== 'PATCH' && method !== 'DELETE') return plain(405);
  return relay(request, context, params, method);
}
