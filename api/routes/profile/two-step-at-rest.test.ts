import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { profile } from '../../platform/db/schema';
import { parseKeyring } from '../../platform/crypto/secret-box';
import { sealTotpSecrets } from '../../domain/accounts/two-step';
import { authBody, bearer, createTestApi, type TestApi } from '../../test/helper';

/**
 * Second-step secrets are encrypted at rest (docs/decisions/152-secrets-at-rest.md): the column never holds the
 * base32 secret, sign-in with two steps still works, old plaintext rows are sealed at start-up, and a new first
 * key in TOTP_ENCRYPTION_KEYS keeps old secrets working while they are re-encrypted.
 */
const oldKey = `k1:${randomBytes(32).toString('base64')}`;
const newKey = `k2:${randomBytes(32).toString('base64')}`;
let api: TestApi;
let operatorId: string;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0, config: { totpKeys: parseKeyring(oldKey) } });
});
afterAll(() => api.close());

const post = (url: string, token: string, payload?: object) => api.app.inject({ method: 'POST', url, headers: bearer(token), payload });
async function firstStep(email = 'operador@concesion.demo') {
  const response = await api.app.inject({ method: 'POST', url: '/api/auth', headers: { 'x-forwarded-for': '10.30.0.1' }, payload: authBody(email) });
  expect(response.statusCode).toBe(200);
  return { token: String(response.headers.authorization).replace('Bearer ', ''), stage: response.json().payload.secondStep as string | undefined };
}
const stored = async () => (await api.database.db.select().from(profile).where(eq(profile.id, operatorId)))[0]!;
/** A fresh code is accepted only once per time step: forget the last one so each sign-in may use the current code. */
const forgetLastStep = () => api.database.db.update(profile).set({ totpLastStep: null }).where(eq(profile.id, operatorId));
async function signInWithCode(secret: string) {
  await forgetLastStep();
  const { token, stage } = await firstStep();
  expect(stage).toBe('verify');
  return (await post('/api/auth/second-step', token, { code: await generate({ secret }) })).statusCode;
}

let secret: string;

describe('second-step secrets at rest', () => {
  it('keeps the enrolment and the active secret encrypted, never the base32 secret, and signs in with a code', async () => {
    const { token } = await firstStep();
    const setup = await post('/api/profile/me/two-step/setup', token);
    secret = setup.json().payload.secret;
    operatorId = (await api.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) })).json().payload.userProfileDto.id;
    const pending = (await stored()).totpPendingSecret!;
    expect(pending).toMatch(/^v1\.k1\./);
    expect(pending).not.toContain(secret);
    // The enrolment page reloaded reads the same secret back.
    expect((await api.app.inject({ method: 'GET', url: '/api/profile/me/two-step/setup', headers: bearer(token) })).json().payload.secret).toBe(secret);
    expect((await post('/api/profile/me/two-step/confirm', token, { code: await generate({ secret }) })).statusCode).toBe(200);
    const row = await stored();
    expect(row.totpSecret).toMatch(/^v1\.k1\./);
    expect(row.totpSecret).not.toContain(secret);
    expect(row.totpPendingSecret).toBeNull();
    expect(await signInWithCode(secret)).toBe(200);
  });

  it('seals a secret stored in the clear before this change, once, and sign-in keeps working', async () => {
    await api.database.db.update(profile).set({ totpSecret: secret }).where(eq(profile.id, operatorId));
    // Until the start-up pass, the clear value still works.
    expect(await signInWithCode(secret)).toBe(200);
    expect(await sealTotpSecrets(api.database.db, api.config.totpKeys)).toBe(1);
    expect(await sealTotpSecrets(api.database.db, api.config.totpKeys)).toBe(0);
    expect((await stored()).totpSecret).toMatch(/^v1\.k1\./);
    expect(await signInWithCode(secret)).toBe(200);
  });

  it('with a new first key, old secrets still verify, then the start-up pass re-encrypts them under it', async () => {
    api.app.config.totpKeys = parseKeyring(`${newKey},${oldKey}`);
    expect(await signInWithCode(secret)).toBe(200);
    expect((await stored()).totpSecret).toMatch(/^v1\.k1\./);
    expect(await sealTotpSecrets(api.database.db, api.app.config.totpKeys)).toBe(1);
    expect((await stored()).totpSecret).toMatch(/^v1\.k2\./);
    // The old key can now be retired.
    api.app.config.totpKeys = parseKeyring(newKey);
    expect(await signInWithCode(secret)).toBe(200);
    expect(await signInWithCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe(400);
  });
});

describe('TOTP_ENCRYPTION_KEYS', () => {
  it('is required in production, with a one-line message; outside production a development key is used', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^Invalid configuration: TOTP_ENCRYPTION_KEYS: required in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEYS: 'k1:short' })).toThrow(/TOTP_ENCRYPTION_KEYS: key k1 must be 32 bytes/);
    expect(loadConfig({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEYS: `${newKey},${oldKey}` }).totpKeys.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(loadConfig({ NODE_ENV: 'development' }).totpKeys[0].id).toBe('dev');
  });
});
