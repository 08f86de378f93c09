import { data, redirect } from 'react-router';
import type { Route } from './+types/theme';
import { isThemeName } from '~/theme/registry';
import { themeCookieHeader } from '~/theme/theme-cookie';
import type { ErrorPageData } from '~/utils/error-data';
import { safeRedirect } from '~/utils/safe-redirect';

export function loader() {
  throw data({ reason: 'not-found' } satisfies ErrorPageData, { status: 404 });
}

/**
 * The header's theme form without JavaScript: stores the choice in a long-lived cookie and
 * sends the browser back to the page it was on (a same-site path only). Without
 * `redirectTo` it answers with a small JSON body instead.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get('theme');
  if (!isThemeName(theme)) return data({ ok: false as const }, { status: 400 });
  const headers = { 'Set-Cookie': themeCookieHeader(theme) };
  const redirectTo = form.get('redirectTo');
  if (typeof redirectTo === 'string' && redirectTo !== '') {
    throw redirect(safeRedirect(redirectTo, '/'), { status: 303, headers });
  }
  return data({ ok: true as const, theme }, { headers });
}
