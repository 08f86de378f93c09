import { desc, eq } from 'drizzle-orm';
import { PRIVACY_REQUEST_TYPES } from '@contract/privacy';
import {
  PRIVACY_DATA_KINDS,
  PRIVACY_POLICY_DATE,
  PRIVACY_POLICY_VERSION,
  PRIVACY_RECIPIENTS,
  type PrivacyConsentState,
  type PrivacyPolicy,
} from '@contract/privacy-policy';
import { RETENTION_KINDS, RETENTION_RULES } from '@contract/retention';
import type { Config } from '../../config';
import type { Database } from '../../platform/db/client';
import { privacyConsent } from '../../platform/db/schema';

/**
 * The privacy policy's facts and who accepted which version (Ley 19.628 as amended by Ley 21.719: art. 14 ter, the
 * duty to inform; art. 12, consent and its proof; art. 13, the legal bases). Decision 146.
 */
export function privacyPolicyOf(config: Pick<Config, 'privacyController' | 'privacyRequestDays' | 'retentionDays'>): PrivacyPolicy {
  return {
    version: PRIVACY_POLICY_VERSION,
    date: PRIVACY_POLICY_DATE,
    controller: { ...config.privacyController },
    purposes: [
      // Attending users' claims, suggestions and incidents is a duty of the concession contract (art. 13 c).
      { purpose: 'CLAIMS', basis: 'LEGAL_OBLIGATION' },
      // The account itself, and the e-mails about one's own events, rest on the driver's consent (art. 12).
      { purpose: 'ACCOUNT', basis: 'CONSENT' },
      { purpose: 'NOTIFICATIONS', basis: 'CONSENT' },
      // The Inspector Fiscal's and the ministry's monthly reports (art. 13 c).
      { purpose: 'REGULATOR_REPORTS', basis: 'LEGAL_OBLIGATION' },
      // The access record, sessions and sign-in limits that protect the data (arts. 14 quinquies, 14 sexies).
      { purpose: 'SECURITY', basis: 'LEGITIMATE_INTEREST' },
    ],
    dataKept: [...PRIVACY_DATA_KINDS],
    recipients: [...PRIVACY_RECIPIENTS],
    retention: RETENTION_KINDS.map((kind) => ({
      kind,
      label: RETENTION_RULES[kind].label,
      days: config.retentionDays[kind],
      from: RETENTION_RULES[kind].from,
    })),
    requestDays: config.privacyRequestDays,
    rights: [...PRIVACY_REQUEST_TYPES],
  };
}

/** Records that a person accepted a version; accepting the same version again keeps the first row (its unique index). */
export async function recordConsent(db: Pick<Database, 'insert'>, profileId: string, version: string, at = new Date()): Promise<void> {
  await db.insert(privacyConsent).values({ profileId, policyVersion: version, acceptedAt: at }).onConflictDoNothing();
}

/** The current version and the person's latest acceptance (by time), for the notice at sign-in. */
export async function consentStateOf(db: Database, profileId: string): Promise<PrivacyConsentState> {
  const [latest] = await db
    .select({ version: privacyConsent.policyVersion, acceptedAt: privacyConsent.acceptedAt })
    .from(privacyConsent)
    .where(eq(privacyConsent.profileId, profileId))
    .orderBy(desc(privacyConsent.acceptedAt), desc(privacyConsent.id))
    .limit(1);
  return {
    currentVersion: PRIVACY_POLICY_VERSION,
    accepted: latest ? { version: latest.version, acceptedAt: latest.acceptedAt.toISOString() } : null,
    upToDate: latest?.version === PRIVACY_POLICY_VERSION,
  };
}
