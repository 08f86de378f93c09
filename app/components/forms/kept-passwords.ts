import type { SubmissionResult } from '@conform-to/react';
import { useState } from 'react';

/**
 * Decision 174: a form that comes back with errors keeps the new password and its
 * confirmation when no error is about them (a taken e-mail keeps the password), and empties
 * both when one is (a confirmation that does not match is typed again, both of them). A kept
 * password travels back in the page's HTML over HTTPS, to the person who just typed it, in a
 * response that is never cached (no-store), as the typed e-mail does.
 */

/** The action's hideFields: the password fields when an error is about one of them, plus `always` (a honeypot). */
export function fieldsToHide(
  errors: Record<string, readonly string[] | null | undefined> | null | undefined,
  passwordFields: readonly string[],
  always: readonly string[] = [],
): string[] {
  const aboutPasswords = passwordFields.some((name) => (errors?.[name]?.length ?? 0) > 0);
  return aboutPasswords ? [...passwordFields, ...always] : [...always];
}

/**
 * With JavaScript: a key for the password fields that changes (and so empties them) each time
 * the action answered without their values, as the server-rendered form comes back without them.
 */
export function usePasswordResetKey(result: SubmissionResult<string[]> | undefined, passwordFields: readonly string[]): number {
  // Changed while rendering the answer (as useAnswerCount): never a frame after, when typing may have begun.
  const [seen, setSeen] = useState(() => ({ result, resets: 0 }));
  if (seen.result !== result) {
    const values = (result?.initialValue ?? {}) as Record<string, unknown>;
    const emptied = result !== undefined && passwordFields.some((name) => !values[name]);
    const next = { result, resets: seen.resets + (emptied ? 1 : 0) };
    setSeen(next);
    return next.resets;
  }
  return seen.resets;
}
