import { randomBytes } from 'node:crypto';
import { derivedKey, idempotencyKeySchema, SUBMISSION_KEY_FIELD } from '@contract/idempotency';

/**
 * The one-time submission keys of the forms that write (issue 32, decision 137). The server
 * makes a key each time it renders a form (the loader returns it, a hidden field carries it),
 * the action passes it on to the API, and the API stores the write once however often the
 * same key arrives: a resend after a lost answer, a second press, the back button.
 */

/** A fresh key: 128 random bits, base64url (22 characters of idempotencyKeySchema's alphabet). */
export function newSubmissionKey(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * One key per form of a page, all from one nonce (`<nonce>:<form>`): a page with several forms
 * gives each its own key, and a new page view gives every form a new one.
 */
export function submissionKeysFor<const F extends string>(forms: readonly F[]): Record<F, string> {
  const nonce = newSubmissionKey();
  return Object.fromEntries(forms.map((form) => [form, derivedKey(nonce, form)])) as Record<F, string>;
}

/**
 * The key a form sent, or null when it has none or one the API would refuse: the write then
 * goes without one (as every call did before keys), never refused for it.
 */
export function submissionKeyOf(formData: Pick<FormData, 'get'> | URLSearchParams): string | null {
  const value = formData.get(SUBMISSION_KEY_FIELD);
  if (typeof value !== 'string') return null;
  return idempotencyKeySchema.safeParse(value).success ? value : null;
}

/**
 * The options of a form's write to the API: its key, and an API that does not answer (or
 * answers 5xx) as a 503 failure the form shows with what was typed, not the error page.
 */
export function writeOptionsOf(formData: Pick<FormData, 'get'>): { idempotencyKey: string | null; unavailableIsAnswer: true } {
  return { idempotencyKey: submissionKeyOf(formData), unavailableIsAnswer: true };
}
