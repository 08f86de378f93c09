import { privacyConsentStateSchema } from '@contract/privacy-policy';
import { createApiClient } from '~/server/api/api-client.server';
import type { AppSession } from '~/server/auth/session.server';
import { log } from '~/server/observability/log.server';
import { requestIdOf } from '~/server/observability/observability.server';

/** The notice of a new privacy policy version, shown once after sign-in (decision 146). */
export const PRIVACY_NOTICE_PATH = '/user/privacy';

/**
 * Where a person who just signed in goes: `target`, or first the notice of a new policy version when their latest
 * accepted version is not the one in force (or they never accepted one: accounts an admin created). Asked once, at
 * sign-in, never on other pages. Should the API not answer, the person goes on: the notice comes at the next sign-in.
 */
export async function onwardAfterSignIn(request: Request, session: AppSession, token: string, target: string): Promise<string> {
  try {
    const state = await createApiClient(request, session, token).call('GET', '/api/privacy/consent', { schema: privacyConsentStateSchema });
    if (!state.ok || state.payload.upToDate) return target;
    return `${PRIVACY_NOTICE_PATH}?${new URLSearchParams({ redirectTo: target })}`;
  } catch {
    log.warn({ requestId: requestIdOf(request) }, 'privacy notice: consent state unavailable');
    return target;
  }
}
