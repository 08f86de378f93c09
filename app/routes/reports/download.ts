import { redirect } from 'react-router';
import type { Route } from './+types/download';
import { REPORT_CONTENT_TYPES, reportFileName, type ReportId } from '@contract/report';
import { requireAuth, type AuthState } from '~/server/auth/auth.server';
import { AREA_BY_ROLE } from '~/navigation/screens';
import { downloadErrorOf, firstInvalidField, reportRequestSchema, type DownloadError } from './report-request';

/** The catalogue message carried by an error page the API client throws, if any. */
function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const body = (error as { data: unknown }).data;
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : undefined;
}

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
 * GET /{area}/reports/download?report=&month=&year=&format=[&dialect=]: the monthly report as a
 * file (CSV in Excel's Chilean dialect unless `dialect=rfc4180`, decision 122).
 * The API's body is passed through as it arrives, no faster than the browser reads it
 * (server/request-listener.mjs waits for each write to drain, decision 144). A failure goes back to the reports form with the choice kept and
 * a reason the page explains in Spanish. Only the areas with reports mount this route.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  let auth: AuthState;
  try {
    auth = await requireAuth(context);
  } catch (error) {
    // A redirect (the session ended) leaves as it is. What else the guard could not let
    // through (another role's area: 404; the API down: 503) is shown by the reports screen
    // of the same area, inside the shell, instead of a bare resource answer.
    if (error instanceof Response) throw error;
    throw redirect(url.pathname.replace(/\/download$/, ''));
  }
  const { api, user } = auth;
  const back = (error: DownloadError) => {
    const params = new URLSearchParams();
    for (const key of ['report', 'month', 'year', 'format']) {
      const value = url.searchParams.get(key);
      if (value && value.length <= 10) params.set(key, value);
    }
    params.set('error', error);
    return redirect(`/${AREA_BY_ROLE[user.role]}/reports?${params}`);
  };

  const parsed = reportRequestSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw back(firstInvalidField(url.searchParams) ?? 'invalid');
  const { report, month, year, format, dialect } = parsed.data;

  let upstream: Response;
  try {
    upstream = await api.stream(`/api/report/${report}`, { month, year, format, dialect });
  } catch (error) {
    const status = statusOf(error);
    // A redirect (the session ended: 401) leaves as it is.
    if (error instanceof Response && status !== null && status >= 300 && status < 400) throw error;
    if (status === null) throw error;
    throw back(downloadErrorOf(status, messageOf(error)));
  }

  const headers = new Headers({
    'Content-Type': upstream.headers.get('content-type') ?? REPORT_CONTENT_TYPES[format],
    'Content-Disposition':
      upstream.headers.get('content-disposition') ??
      `attachment; filename="${reportFileName(report as ReportId, year, month, format)}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  return new Response(upstream.body, { status: 200, headers });
}
