import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { messages } from '@contract/messages';
import { canUseTwoStep } from '@contract/permissions';
import type { Role } from '@contract/roles';
import type { Database } from '../../platform/db/client';
import { isSealedWithCurrentKey, open, seal, type SecretKeyring } from '../../platform/crypto/secret-box';
import { authToken, profile, recoveryCode } from '../../platform/db/schema';
import { badRequest, conflict, notFound, unauthorized } from '../../http/errors';
import type { LoginThrottle } from './login-throttle';
import { findLiveProfileById } from './profiles';
import { knownDevice, rememberDevice } from './devices';
import { verifyPassword } from './passwords';
import { revokeAllTokens, type Principal, type TokenStage } from './tokens';

/**
 * Two-step sign-in for staff (docs/decisions/113-two-step-sign-in.md): a TOTP code
 * (RFC 6238: 6 digits, 30 s, SHA-1, as every authenticator app reads it) after the password, or
 * one of ten one-time recovery codes. Required for the roles of TWO_STEP_ROLES, a choice for the
 * other staff; drivers have none.
 */
export const ISSUER = 'Concesión Vial';
const RECOVERY_CODES = 10;
/** Wrong codes a half-signed-in token may try before it is ended. */
const MAX_FAILURES = 5;
/** One step either side of now: a phone's clock a little off, a code typed as it changed. */
const TOLERANCE_SECONDS = 30;

/** The time step a current code of `secret` belongs to, or null (wrong, or not after `afterStep`). */
async function totpStep(secret: string, code: string, afterStep?: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep !== null && afterStep !== undefined ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');
/** "abcd-efgh": easy to copy, 40 bits each, case and dashes ignored when typed back. */
const newRecoveryCode = () => {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const pick = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${pick()}-${pick()}`;
};
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '').replace(/^(.{4})(.{4})$/, '$1-$2');

/** What the password alone opens: everything, or only the second step (`verify`, or `enrol` first). */
export function stageAfterPassword(account: { totpSecret: string | null; profileCode: string }, requiredRoles: readonly Role[]): TokenStage {
  if (account.totpSecret) return 'verify';
  if (requiredRoles.includes(account.profileCode as Role)) return 'enrol';
  return 'full';
}

export type TwoStepStatus = { enabled: boolean; required: boolean; available: boolean; recoveryCodesLeft: number };

export async function twoStepStatus(db: Database, caller: Principal, requiredRoles: readonly Role[]): Promise<TwoStepStatus> {
  const row = await findLiveProfileById(db, caller.profileId);
  if (!row) throw notFound();
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCode)
    .where(and(eq(recoveryCode.profileId, caller.profileId), isNull(recoveryCode.usedAt)));
  return {
    enabled: row.totpSecret !== null,
    required: requiredRoles.includes(caller.role),
    available: canUseTwoStep(caller.role),
    recoveryCodesLeft: row.totpSecret ? (left?.n ?? 0) : 0,
  };
}

/** A new secret to enrol (not active until a code from it is confirmed). */
export async function startEnrolment(db: Database, keys: SecretKeyring, caller: Principal): Promise<{ secret: string; uri: string }> {
  // Replacing an active second step would let a stolen session take it over: it must be turned
  // off first, which asks the password (or reset by an admin).
  const row = await findLiveProfileById(db, caller.profileId);
  if (row?.totpSecret) throw conflict(messages.twoStepAlreadyOn);
  const secret = generateSecret();
  await db.update(profile).set({ totpPendingSecret: seal(keys, secret, caller.profileId) }).where(eq(profile.id, caller.profileId));
  return { secret, uri: generateURI({ issuer: ISSUER, label: caller.email, secret }) };
}

/** The enrolment's secret, read again (the enrolment page reloaded): null when none is under way. */
export async function pendingEnrolment(db: Database, keys: SecretKeyring, caller: Principal): Promise<{ secret: string; uri: string } | null> {
  const row = await findLiveProfileById(db, caller.profileId);
  if (!row?.totpPendingSecret) return null;
  const secret = open(keys, row.totpPendingSecret, row.id);
  return { secret, uri: generateURI({ issuer: ISSUER, label: caller.email, secret }) };
}

/**
 * A code from the new secret makes it the account's second step: fresh recovery codes (shown
 * once, kept hashed), and the token in use becomes a full one.
 */
export async function confirmEnrolment(db: Database, keys: SecretKeyring, caller: Principal, code: string): Promise<string[]> {
  const row = await findLiveProfileById(db, caller.profileId);
  if (!row?.totpPendingSecret) throw conflict(messages.twoStepNotStarted);
  const secret = open(keys, row.totpPendingSecret, row.id);
  const step = await totpStep(secret, code.trim());
  if (step === null) throw badRequest(messages.twoStepCodeWrong, { code: messages.twoStepCodeWrong });
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx
      .update(profile)
      .set({ totpSecret: seal(keys, secret, row.id), totpPendingSecret: null, totpLastStep: step, updatedAt: new Date() })
      .where(eq(profile.id, caller.profileId));
    await tx.delete(recoveryCode).where(eq(recoveryCode.profileId, caller.profileId));
    await tx.insert(recoveryCode).values(codes.map((c) => ({ profileId: caller.profileId, codeHash: hashOf(c) })));
    await tx.update(authToken).set({ stage: 'full' }).where(eq(authToken.id, caller.tokenId));
  });
  return codes;
}

/**
 * The second step of a sign-in: a current code (never one already used: replay protection) or
 * an unused recovery code. Wrong codes count; after five the half-open session ends.
 */
export async function completeSignIn(
  db: Database,
  keys: SecretKeyring,
  throttle: LoginThrottle,
  caller: Principal,
  code: string,
  address: string,
  deviceToken?: string,
): Promise<{ deviceToken: string | null }> {
  if (caller.stage !== 'verify') throw conflict(messages.twoStepNotDue);
  // Counted per account across sign-ins too: signing in again must not buy five more guesses.
  // Reserved before the code is checked, so parallel guesses never pass the limit (decision 133);
  // a browser fully signed in to the account before (its device cookie) has a limit of its own.
  const account = `second-step:${caller.profileId}`;
  const device = await knownDevice(db, deviceToken, { profileId: caller.profileId });
  const attempt = await throttle.admit(account, address, device);
  const row = await findLiveProfileById(db, caller.profileId);
  if (!row?.totpSecret) throw conflict(messages.twoStepNotDue);
  const typed = code.trim();
  let accepted = false;
  if (/^\d{6}$/.test(typed)) {
    const step = await totpStep(open(keys, row.totpSecret, row.id), typed, row.totpLastStep);
    if (step !== null) {
      // Guarded on the step still being newer: two requests with one code cannot both pass.
      const claimed = await db
        .update(profile)
        .set({ totpLastStep: step })
        .where(and(eq(profile.id, row.id), sql`coalesce(${profile.totpLastStep}, -1) < ${step}`))
        .returning({ id: profile.id });
      accepted = claimed.length > 0;
    }
  } else {
    const spent = await db
      .update(recoveryCode)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCode.profileId, row.id), eq(recoveryCode.codeHash, hashOf(normaliseRecoveryCode(typed))), isNull(recoveryCode.usedAt)))
      .returning({ id: recoveryCode.id });
    accepted = spent.length > 0;
  }
  if (accepted) {
    await db.update(authToken).set({ stage: 'full', secondStepFailures: 0 }).where(eq(authToken.id, caller.tokenId));
    await throttle.succeeded(attempt);
    return { deviceToken: await rememberDevice(db, caller.profileId, device) };
  }
  await throttle.failed(attempt);
  const [counted] = await db
    .update(authToken)
    .set({ secondStepFailures: sql`${authToken.secondStepFailures} + 1` })
    .where(eq(authToken.id, caller.tokenId))
    .returning({ failures: authToken.secondStepFailures });
  if ((counted?.failures ?? MAX_FAILURES) >= MAX_FAILURES) {
    await db.update(authToken).set({ revokedAt: new Date() }).where(eq(authToken.id, caller.tokenId));
    throw unauthorized(messages.twoStepTooManyTries);
  }
  throw badRequest(messages.twoStepCodeWrong, { code: messages.twoStepCodeWrong });
}

/** Turns the second step off (the password asked again); refused where the role requires it. */
export async function disableTwoStep(
  db: Database,
  throttle: LoginThrottle,
  caller: Principal,
  password: string,
  address: string,
  requiredRoles: readonly Role[],
): Promise<void> {
  if (requiredRoles.includes(caller.role)) throw conflict(messages.twoStepRequired);
  const row = await findLiveProfileById(db, caller.profileId);
  if (!row) throw notFound();
  // Throttled like any password check (the own-password change does the same).
  const account = `two-step-off:${caller.profileId}`;
  const attempt = await throttle.admit(account, address);
  if (!(await verifyPassword(row.passwordHash, password))) {
    await throttle.failed(attempt);
    throw badRequest(messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
  }
  await throttle.succeeded(attempt);
  await clearTwoStep(db, row.id);
}

/** An admin's reset (a lost phone): the user signs in with the password alone, or enrols again where it is required; their sessions end. */
export async function resetTwoStep(db: Database, profileId: string): Promise<void> {
  const row = await findLiveProfileById(db, profileId);
  if (!row) throw notFound();
  await db.transaction(async (tx) => {
    await clearTwoStep(tx, profileId);
    await revokeAllTokens(tx, profileId, 'admin');
  });
}

async function clearTwoStep(db: Database, profileId: string) {
  await db.update(profile).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: new Date() }).where(eq(profile.id, profileId));
  await db.delete(recoveryCode).where(eq(recoveryCode.profileId, profileId));
}


/**
 * Start-up pass (one process, under the start-up lock: api/server.ts): second-step secrets stored in the clear
 * (before decision 152) or under an older key are sealed with the first key of TOTP_ENCRYPTION_KEYS. Each row is
 * replaced only if it still holds what was read, so a concurrent enrolment is never overwritten. Returns how many.
 */
export async function sealTotpSecrets(db: Database, keys: SecretKeyring): Promise<number> {
  const rows = await db
    .select({ id: profile.id, totpSecret: profile.totpSecret, totpPendingSecret: profile.totpPendingSecret })
    .from(profile)
    .where(sql`${profile.totpSecret} is not null or ${profile.totpPendingSecret} is not null`);
  let sealed = 0;
  for (const row of rows) {
    for (const column of ['totpSecret', 'totpPendingSecret'] as const) {
      const stored = row[column];
      if (stored === null || isSealedWithCurrentKey(keys, stored)) continue;
      const fresh = seal(keys, open(keys, stored, row.id), row.id);
      const done = await db
        .update(profile)
        .set({ [column]: fresh })
        .where(and(eq(profile.id, row.id), eq(profile[column], stored)))
        .returning({ id: profile.id });
      sealed += done.length;
    }
  }
  return sealed;
}
