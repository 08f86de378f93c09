// zod itself, not ./zod (whose locale set-up is a side effect): a page that only needs the field's
// name leaves zod out of its JavaScript (decision 065's budget). The API loads ./zod anyway.
import { z } from 'zod';

/**
 * Exactly-once writes (issue 32, decision 136). Every form that writes carries a one-time
 * submission key made by the web server when it renders the form (the hidden field
 * SUBMISSION_KEY_FIELD); the web passes it on to the API in the IDEMPOTENCY_KEY_HEADER header,
 * and the API keeps it, per account, with the answer of the first request that used it. A
 * request repeated with the same key gets that answer again and stores nothing new.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The form field that carries the key (a hidden input, so it works without JavaScript). */
export const SUBMISSION_KEY_FIELD = 'submissionKey';

/**
 * 16 to 100 characters of letters, digits and `_ . : -`. A call of one form that makes several
 * API writes derives one key per write from the form's key with a suffix (`<key>:files`).
 */
// Pure: the pages that only need the field's name never load zod for it (decision 065's budget).
export const idempotencyKeySchema = /* @__PURE__ */ z.string().regex(/^[A-Za-z0-9_.:-]{16,100}$/);

/** The key of a further write made for the same submission (the new event's files after the event). */
export const derivedKey = (key: string, suffix: string): string => `${key}:${suffix}`.slice(0, 100);
