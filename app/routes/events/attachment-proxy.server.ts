import type { RouterContextProvider } from 'react-router';
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
): Promise<Response> {
  const { api } = await requireAuth(context);
  const id = ticketIdOf(params.id);
  if (!/^[\w-]{1,64}$/.test(params.attachmentId)) throw new Response(null, { status: 404 });
  const upstream = await api.stream(`/api/ticket/${id}/attachment/${params.attachmentId}${suffix}`);
  const headers = new Headers({ 'x-content-type-options': 'nosniff' });
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  // The download's name made again here, without controls and with its type's extension (decision 132).
  if (headers.has('content-disposition')) headers.set('content-disposition', proxiedDisposition(upstream.headers.get('content-disposition'), upstream.headers.get('content-type')));
  return new Response(upstream.body, { status: 200, headers });
}
