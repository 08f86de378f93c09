import { redirect } from 'react-router';
import type { Route } from './+types/my-data-download';
import { ROLE_AREAS } from '@contract/roles';
import { SUBJECT_FILE_CONTENT_TYPE, subjectFileName } from '@contract/privacy-file';
import { requireAuth, type AuthState } from '~/server/auth/auth.server';

/** A status carried by what the API client throws (an error page's `data()` or a Response). */
function statusOf(error: unknown): number | null {
  if (error instanceof Response) return error.status;
  if (typeof error === 'object' && error !== null && 'init' in error) {
    const init = (error as { init: ResponseInit | null }).init;
    return init?.status ?? null;
  }
  return null;
}

/**
 * GET /{area}/profile/data/download: the person's own file (GET /api/privacy/me/export, decision 148), passed
 * through as it arrives, no faster than the browser reads it (server/request-listener.mjs, decision 144). A
 * download of the same account already running (409), or any other refusal, goes back to "Mis datos" with the
 * reason the page explains in Spanish.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  let auth: AuthState;
  try {
    auth = await requireAuth(context);
  } catch (error) {
    // A redirect (the session ended) leaves as it is; anything else is shown by Mis datos itself.
    if (error instanceof Response) throw error;
    throw redirect(new URL(request.url).pathname.replace(/\/download$/, ''));
  }
  const back = (reason: 'busy' | 'failed') => redirect(`/${ROLE_AREAS[auth.user.role]}/profile/data?error=${reason}`);
  let upstream: Response;
  try {
    upstream = await auth.api.stream('/api/privacy/me/export');
  } catch (error) {
    const status = statusOf(error);
    if (error instanceof Response && status !== null && status >= 300 && status < 400) throw error;
    if (status === null) throw error;
    throw back(status === 409 ? 'busy' : 'failed');
  }
  const today = new Date().toISOString().slice(0, 10);
  const headers = new Headers({
    'Content-Type': upstream.headers.get('content-type') ?? SUBJECT_FILE_CONTENT_TYPE,
    'Content-Disposition': upstream.headers.get('content-disposition') ?? `attachment; filename="${subjectFileName(today)}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  return new Response(upstream.body, { status: 200, headers });
}
