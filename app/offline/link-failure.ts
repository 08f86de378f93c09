import { data, type ClientActionFunctionArgs } from 'react-router';

/**
 * A form sent while the phone's link to the web failed (docs/decisions/138-drafts-and-sessions-that-end.md).
 *
 * React Router 7 sends a submission with `fetch` and lets whatever it throws become the route's
 * error: a dropped link is a TypeError ("Failed to fetch" in Chrome, "NetworkError when attempting
 * to fetch resource." in Firefox, "Load failed" in Safari), and an answer cut short is the Error
 * "Unable to decode turbo-stream response". Either would show the generic 500 page and lose the
 * page with what was typed. The pages' shared clientAction (`sendKeepingTheForm`) answers such a
 * failure itself instead: the page stays as it was, and a notice (link-failure-notice.tsx) says
 * the link failed, that the draft is kept, and offers "Reintentar", which sends the very same
 * submission again (its submission key too, so the API stores it once).
 */

const LINK_FAILURE_MESSAGES = /failed to fetch|networkerror|load failed|network request failed|network connection was lost|unable to decode turbo-stream response/i;

/** Whether an error is the browser's link to the web failing, not a fault of the page. */
export function isLinkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof TypeError && typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return LINK_FAILURE_MESSAGES.test(error.message);
}

/** What a page's action answers when its submission never reached the web (status 503: nothing revalidates). */
export type LinkFailed = { linkFailed: true };

export function isLinkFailedAnswer(value: unknown): value is LinkFailed {
  return typeof value === 'object' && value !== null && (value as Partial<LinkFailed>).linkFailed === true;
}

/** The submission that failed, to send again as it was. */
export type FailedSubmission = {
  action: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  encType: 'application/x-www-form-urlencoded' | 'multipart/form-data';
  formData: FormData;
};

let failed: FailedSubmission | null = null;
const listeners = new Set<() => void>();

function announce(next: FailedSubmission | null) {
  failed = next;
  for (const listener of listeners) listener();
}

export const failedSubmission = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: () => failed,
  forget: () => announce(null),
};

/**
 * The clientAction of every page with forms but the new-event page (which has its own outbox):
 * `export const clientAction = (args: Route.ClientActionArgs) => sendKeepingTheForm(args);`.
 * Anything but a failed link goes on as before. Typed as the server action's own answer, so the
 * page's `actionData` keeps its type: the failure's `{ linkFailed: true }` has none of the page's
 * fields, which every page reads as "no answer of mine"; the notice and the comment box look for it.
 */
export async function sendKeepingTheForm<T>({ request, serverAction }: Pick<ClientActionFunctionArgs, 'request'> & { serverAction: () => Promise<T> }): Promise<T> {
  const copy = request.clone();
  try {
    const answer = await serverAction();
    if (failed) announce(null);
    return answer;
  } catch (error) {
    // A redirect (the usual answer to a form that worked) arrives thrown: the link is back.
    if (!isLinkFailure(error)) {
      if (failed) announce(null);
      throw error;
    }
    const url = new URL(request.url);
    const multipart = /multipart\/form-data/i.test(request.headers.get('content-type') ?? '');
    const formData = await copy.formData().catch(() => new FormData());
    announce({
      action: url.pathname + url.search,
      method: request.method.toUpperCase() as FailedSubmission['method'],
      encType: multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded',
      formData,
    });
    return data<LinkFailed>({ linkFailed: true }, { status: 503 }) as unknown as T;
  }
}
