import { createContext, useContext, type ReactNode } from 'react';
import { derivedKey, SUBMISSION_KEY_FIELD } from '@contract/idempotency';

type Keys = {
  /** The page view's nonce (app/server/submission-key.server.ts): each form derives its key from it. */
  nonce: string | null;
  /** The form that came back refused or unanswered, with the key it was sent with. */
  kept?: { form: string; key: string | null | undefined } | undefined;
};

const SubmissionKeysContext = createContext<Keys>({ nonce: null });

/** Gives the forms of a page with several forms their keys: one nonce, one derived key per form. */
export function SubmissionKeys({ children, ...keys }: Keys & { children: ReactNode }) {
  return <SubmissionKeysContext.Provider value={keys}>{children}</SubmissionKeysContext.Provider>;
}

/**
 * The form's one-time submission key, made by the server when it rendered the form
 * (decision 137): a hidden field, so it travels without JavaScript too. Either the key itself
 * (`value`) or, inside `SubmissionKeys`, the form's name (`form`), whose key is derived from the
 * page's nonce, or is the one it was sent with when it came back refused. In a multipart form
 * it comes before any file: the action reads the fields before the files.
 */
export function SubmissionKeyField({ value, form }: { value?: string | null | undefined; form?: string }) {
  const { nonce, kept } = useContext(SubmissionKeysContext);
  const key = value ?? (form === undefined ? null : kept?.form === form && kept.key ? kept.key : nonce ? derivedKey(nonce, form) : null);
  if (!key) return null;
  return <input type="hidden" name={SUBMISSION_KEY_FIELD} value={key} />;
}
