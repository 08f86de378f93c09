import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@contract/messages';
import { PRIVACY_POLICY_VERSION } from '@contract/privacy-policy';
import { PRIVACY_REQUEST_TYPES } from '@contract/privacy';
import { RETENTION_KINDS, RETENTION_RULES, type RetentionDays } from '@contract/retention';
import { privacyConsent, profile } from '../../platform/db/schema';
import { bearer, createTestApi, signIn, type TestApi } from '../../test/helper';

/**
 * The privacy policy, what sign-up accepts and the notice at sign-in (Ley 21.719 arts. 12, 13, 14 ter; decision
 * 146): the policy names the configured controller and periods; a driver cannot sign up without accepting the
 * version in force, and the acceptance is stored with the account; each person's latest acceptance says whether
 * the notice is due.
 */
let api: TestApi;
const defaultDays = Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, RETENTION_RULES[kind].days])) as RetentionDays;
const controller = { name: 'Autopista del Sol S.A.', rut: '96.123.456-7', address: 'Ruta 78 km 10', email: 'dpo@autopista.cl', phone: '+56 2 2999 0000' };
beforeAll(async () => {
  api = await createTestApi({
    demoTickets: 0,
    config: { privacyController: controller, privacyRequestDays: 25, retentionDays: { ...defaultDays, closedEventContacts: 400 } },
  });
});
afterAll(() => api.close());

let counter = 0;
const person = (overrides: Record<string, unknown> = {}) => ({
  email: `privacidad${++counter}@correo.cl`,
  password: 'secreto-1',
  firstName: 'Rosa',
  lastName: 'Peña',
  phone: '+56 9 8765 4321',
  rut: '12.345.678-5',
  ...overrides,
});
const signUp = (body: object, ip = `10.34.0.${++counter}`) =>
  api.app.inject({ method: 'POST', url: '/api/profile/new', payload: body, headers: { 'x-forwarded-for': ip } });
const consentsOf = async (email: string) => {
  const [row] = await api.database.db.select({ id: profile.id }).from(profile).where(eq(profile.email, email));
  if (!row) return [];
  return api.database.db.select().from(privacyConsent).where(eq(privacyConsent.profileId, row.id));
};
const consentState = async (token: string) =>
  (await api.app.inject({ method: 'GET', url: '/api/privacy/consent', headers: bearer(token) })).json().payload;
const accept = (token: string, version: unknown) =>
  api.app.inject({ method: 'POST', url: '/api/privacy/consent', payload: { version }, headers: bearer(token) });

describe('GET /api/privacy/policy', () => {
  it('is public and cacheable, and names the configured controller, periods, deadline and every right', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/privacy/policy' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const policy = response.json().payload;
    expect(policy.version).toBe(PRIVACY_POLICY_VERSION);
    expect(policy.controller).toEqual(controller);
    expect(policy.requestDays).toBe(25);
    expect(policy.rights).toEqual([...PRIVACY_REQUEST_TYPES]);
    expect(policy.recipients).toEqual(['INSPECTOR_FISCAL', 'MOP_DGC']);
    expect(policy.retention.map((row: { kind: string }) => row.kind)).toEqual(RETENTION_KINDS);
    expect(policy.retention.find((row: { kind: string }) => row.kind === 'closedEventContacts')).toMatchObject({
      days: 400,
      label: 'Datos de contacto de eventos cerrados',
    });
    // Claims rest on the concession's legal duty, the account on consent (art. 13).
    expect(policy.purposes).toContainEqual({ purpose: 'CLAIMS', basis: 'LEGAL_OBLIGATION' });
    expect(policy.purposes).toContainEqual({ purpose: 'ACCOUNT', basis: 'CONSENT' });
  });
});

describe('sign-up and the policy', () => {
  it('refuses a driver who did not accept the policy, with the Spanish message on its field, and stores no account', async () => {
    const body = person();
    const response = await signUp(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      message: messages.privacyPolicyRequired,
      fields: { privacyPolicyVersion: messages.privacyPolicyRequired },
    });
    expect(await signIn(api.app, body.email, body.password).catch(() => 'refused')).toBe('refused');
  });

  it('refuses an older version of the policy (a page left open across a change)', async () => {
    const body = person({ privacyPolicyVersion: '2020-01-01' });
    const response = await signUp(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({ privacyPolicyVersion: messages.privacyPolicyOutdated });
    expect(await consentsOf(body.email)).toEqual([]);
  });

  it('records the accepted version and its time with the account, so no notice is due at sign-in', async () => {
    const before = Date.now();
    const body = person({ privacyPolicyVersion: PRIVACY_POLICY_VERSION });
    const response = await signUp(body);
    expect(response.statusCode).toBe(201);
    const rows = await consentsOf(body.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.policyVersion).toBe(PRIVACY_POLICY_VERSION);
    expect(rows[0]!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const state = await consentState(await signIn(api.app, body.email, body.password));
    expect(state).toMatchObject({ currentVersion: PRIVACY_POLICY_VERSION, upToDate: true, accepted: { version: PRIVACY_POLICY_VERSION } });
  });

  it('lets an admin create an account without one: that person is asked at first sign-in', async () => {
    const admin = await signIn(api.app, 'admin@concesion.demo');
    const body = person({ profileCode: 'OPERATOR' });
    const created = await api.app.inject({ method: 'POST', url: '/api/profile/new', payload: body, headers: bearer(admin) });
    expect(created.statusCode).toBe(201);
    expect(await consentsOf(body.email)).toEqual([]);
    expect(await consentState(await signIn(api.app, body.email, body.password))).toEqual({
      currentVersion: PRIVACY_POLICY_VERSION,
      accepted: null,
      upToDate: false,
    });
  });
});

describe('GET and POST /api/privacy/consent', () => {
  it('asks for a session', async () => {
    expect((await api.app.inject({ method: 'GET', url: '/api/privacy/consent' })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'POST', url: '/api/privacy/consent', payload: { version: PRIVACY_POLICY_VERSION } })).statusCode).toBe(401);
  });

  it('the demo accounts accepted the version in force (the seed)', async () => {
    for (const email of ['admin@concesion.demo', 'supervisor@concesion.demo', 'operador@concesion.demo', 'inspector@concesion.demo', 'conductor@concesion.demo']) {
      expect((await consentState(await signIn(api.app, email))).upToDate, email).toBe(true);
    }
  });

  it('shows the notice again after a new version, records the new acceptance once, and only the caller’s', async () => {
    const body = person({ privacyPolicyVersion: PRIVACY_POLICY_VERSION });
    const created = await signUp(body);
    const id = created.json().payload.uuid as string;
    // As if the person had accepted only an older version: the current one is new to them.
    await api.database.db.delete(privacyConsent).where(eq(privacyConsent.profileId, id));
    await api.database.db.insert(privacyConsent).values({ profileId: id, policyVersion: '2025-06-01', acceptedAt: new Date('2025-06-02T10:00:00Z') });
    const token = await signIn(api.app, body.email, body.password);
    expect(await consentState(token)).toEqual({
      currentVersion: PRIVACY_POLICY_VERSION,
      accepted: { version: '2025-06-01', acceptedAt: '2025-06-02T10:00:00.000Z' },
      upToDate: false,
    });

    const first = await accept(token, PRIVACY_POLICY_VERSION);
    expect(first.statusCode).toBe(200);
    expect(first.json().payload).toMatchObject({ upToDate: true, accepted: { version: PRIVACY_POLICY_VERSION } });
    // Twice (a double press, a resend): still one row for the version, with its first time.
    const second = await accept(token, PRIVACY_POLICY_VERSION);
    expect(second.json().payload.accepted.acceptedAt).toBe(first.json().payload.accepted.acceptedAt);
    const rows = await consentsOf(body.email);
    expect(rows.map((row) => row.policyVersion).sort()).toEqual(['2025-06-01', PRIVACY_POLICY_VERSION]);

    // Nobody else's state moved.
    const admin = await signIn(api.app, 'admin@concesion.demo');
    const other = person({ profileCode: 'DRIVER' });
    await api.app.inject({ method: 'POST', url: '/api/profile/new', payload: other, headers: bearer(admin) });
    expect((await consentState(await signIn(api.app, other.email, other.password))).accepted).toBeNull();
  });

  it('refuses to record a version that is not the one in force, or none', async () => {
    const token = await signIn(api.app, 'conductor@concesion.demo');
    const old = await accept(token, '2020-01-01');
    expect(old.statusCode).toBe(400);
    expect(old.json().errors.fields.version).toBe(messages.privacyPolicyOutdated);
    expect((await accept(token, '')).statusCode).toBe(400);
  });
});
