import { z } from './zod';
import { messages } from './messages';
import { PRIVACY_REQUEST_TYPES } from './privacy';

/**
 * The privacy policy as the API serves it and sign-up and sign-in accept it (Ley 19.628 as amended by Ley 21.719,
 * arts. 12 and 14 ter: consent and the duty to inform; decision 146). The policy's prose is the web's (Spanish,
 * app/locales/es/privacy.ts); the API says which controller, purposes, bases, data, recipients and periods apply,
 * from its configuration. A new version is a new string here: everyone sees it once at their next sign-in.
 */
export const PRIVACY_POLICY_VERSION = '2026-12-01';
/** The date the version takes effect (ISO), shown on the page. */
export const PRIVACY_POLICY_DATE = '2026-12-01';

/** What the data are used for; the web names each one. */
export const PRIVACY_PURPOSES = ['CLAIMS', 'ACCOUNT', 'NOTIFICATIONS', 'REGULATOR_REPORTS', 'SECURITY'] as const;
export type PrivacyPurpose = (typeof PRIVACY_PURPOSES)[number];

/**
 * Art. 13 (fuentes de licitud): attending users' claims is the concession contract's and the law's duty (legal
 * obligation), the account rests on the driver's consent, the regulator's reports on a legal obligation, and the
 * security record on the controller's legitimate interest.
 */
export const PRIVACY_LEGAL_BASES = ['LEGAL_OBLIGATION', 'CONSENT', 'LEGITIMATE_INTEREST'] as const;
export type PrivacyLegalBasis = (typeof PRIVACY_LEGAL_BASES)[number];

export const PRIVACY_DATA_KINDS = ['IDENTITY', 'CONTACT', 'EVENTS', 'ATTACHMENTS', 'ACCOUNT', 'TECHNICAL'] as const;
export const PRIVACY_RECIPIENTS = ['INSPECTOR_FISCAL', 'MOP_DGC'] as const;

const controllerSchema = z.object({ name: z.string(), rut: z.string(), address: z.string(), email: z.string(), phone: z.string() });

/** GET /api/privacy/policy: public and cacheable. */
export const privacyPolicySchema = z.object({
  version: z.string(),
  date: z.string(),
  controller: controllerSchema,
  purposes: z.array(z.object({ purpose: z.enum(PRIVACY_PURPOSES), basis: z.enum(PRIVACY_LEGAL_BASES) })),
  dataKept: z.array(z.enum(PRIVACY_DATA_KINDS)),
  recipients: z.array(z.enum(PRIVACY_RECIPIENTS)),
  /** One row per kind of record (contract/retention.ts), with the configured days. */
  retention: z.array(z.object({ kind: z.string(), label: z.string(), days: z.number().int(), from: z.string() })),
  /** Calendar days to answer a request (art. 11). */
  requestDays: z.number().int(),
  rights: z.array(z.enum(PRIVACY_REQUEST_TYPES)),
});
export type PrivacyPolicy = z.infer<typeof privacyPolicySchema>;

/** POST /api/privacy/consent, and the version a sign-up accepts: only the current one. */
export const privacyPolicyVersionSchema = z
  .string({ error: messages.privacyPolicyRequired })
  .min(1, messages.privacyPolicyRequired)
  .max(40)
  .refine((version) => version === PRIVACY_POLICY_VERSION, messages.privacyPolicyOutdated);

export const privacyConsentBodySchema = z.object({ version: privacyPolicyVersionSchema });

/** GET and POST /api/privacy/consent: the current version and the caller's latest acceptance. */
export const privacyConsentStateSchema = z.object({
  currentVersion: z.string(),
  accepted: z.object({ version: z.string(), acceptedAt: z.string() }).nullable(),
  /** True when the latest accepted version is the current one: no notice to show. */
  upToDate: z.boolean(),
});
export type PrivacyConsentState = z.infer<typeof privacyConsentStateSchema>;
