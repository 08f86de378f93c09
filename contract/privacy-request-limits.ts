/**
 * What a request under Ley 21.719 accepts (docs/decisions/150-privacy-requests-and-blocking.md). Plain data, free
 * of zod, so the screens' bundles can use it (the schemas are in privacy-requests.ts).
 */

/** Filed here and answered by an admin; access, portability and suppression are self-service ("Mis datos"). */
export const FILED_REQUEST_TYPES = ['RECTIFICATION', 'OPPOSITION', 'BLOCKING'] as const;
export type FiledRequestType = (typeof FILED_REQUEST_TYPES)[number];

/** What the person writes (what to correct, what they oppose) and what the admin answers. */
export const PRIVACY_DETAIL_MAX = 2000;
export const PRIVACY_ANSWER_MAX = 2000;
/** Requests one person may have pending at once; a further one is refused until one is answered. */
export const PRIVACY_PENDING_MAX = 5;
