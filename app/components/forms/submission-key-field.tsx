import { SUBMISSION_KEY_FIELD } from '@contract/idempotency';

/**
 * The form's one-time submission key, made by the server when it rendered the form
 * (app/server/submission-key.server.ts): a hidden field, so it travels without JavaScript too.
 * In a multipart form it comes before any file: the action reads the fields before the files.
 */
export function SubmissionKeyField({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return <input type="hidden" name={SUBMISSION_KEY_FIELD} value={value} />;
}
