import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { emailConfirmation, notification, profile, ticket } from '../../platform/db/schema';
import { CONFIRMATIONS_PER_HOUR } from '../../domain/accounts/email-confirmation';
import { bearer, createTestApi, signIn, type TestApi } from '../../test/helper';
import { readMail, startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../test/smtp';
import { flushDigests } from '../../domain/notifications/digest';
import { validTicketBody } from '../../test/tickets';
import { PRIVACY_POLICY_VERSION } from '@contract/privacy-policy';

/**
 * No mail goes to an address its owner has not confirmed, except the confirmation itself
 * (docs/decisions/135-mail-that-cannot-be-abused.md), proven against a real SMTP peer.
 */
let smtp: SmtpPeer;
let api: TestApi;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  api = await createTestApi({ demoTickets: 0, config: { smtpUrl: smtp.url } });
  admin = await signIn(api.app, 'admin@concesion.demo');
});
afterAll(async () => {
  await api.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

let counter = 0;
const person = (overrides: Record<string, unknown> = {}) => ({
  email: `confirma${++counter}@correo.cl`,
  password: 'secreto-1',
  firstName: 'Marta',
  lastName: 'Conductora',
  phone: '+56 9 8765 4321',
  rut: '12.345.678-5',
  privacyPolicyVersion: PRIVACY_POLICY_VERSION,
  ...overrides,
});
const post = (url: string, payload?: unknown, token?: string, ip = '10.9.0.1') =>
  api.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': ip, ...(token ? bearer(token) : {}) } });
const ownProfile = async (token: string) => (await api.app.inject({ method: 'GET', url: '/api/profile/me', headers: bearer(token) })).json().payload;

/** What the SMTP peer got for `email` once every queued mail is delivered. */
async function mailsTo(email: string): Promise<ReceivedMail[]> {
  await api.app.mailer.idle();
  // Notification mails are held a while (decision 165): let them go, as the periodic job would.
  await flushDigests(api.database.db, { holdMs: 0, periodMs: 0 });
  await api.app.mailer.deliver();
  await api.app.mailer.idle();
  return smtp.received.filter((m) => m.to.includes(email));
}
/** The token of the last confirmation link mailed to `email` (quoted-printable undone). */
const linkIn = (mail: ReceivedMail) => /confirm-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1] ?? null;

async function signUp() {
  const body = person();
  expect((await post('/api/profile/new', body)).statusCode).toBe(201);
  const token = await signIn(api.app, body.email, body.password);
  return { ...body, token };
}

describe('a driver who signs up', () => {
  it('is signed in at once, gets exactly the confirmation, and is unconfirmed until the link is opened', async () => {
    const driver = await signUp();
    const mails = await mailsTo(driver.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatch(/^Subject: Confirme su correo$/m);
    expect(linkIn(mails[0]!)).not.toBeNull();
    expect((await ownProfile(driver.token)).emailConfirmed).toBe(false);
    // The link is stored hashed, never as sent.
    const [row] = await api.database.db.select().from(emailConfirmation).where(eq(emailConfirmation.email, driver.email));
    expect(row!.tokenHash).not.toBe(linkIn(mails[0]!));
  });

  it('gets notifications in the app only until confirming, and by mail as well after', async () => {
    const driver = await signUp();
    const link = linkIn((await mailsTo(driver.email))[0]!)!;
    smtp.received.length = 0;
    const operator = await signIn(api.app, 'operador@concesion.demo');
    const created = await api.app.inject({ method: 'POST', url: '/api/ticket', headers: bearer(driver.token), payload: validTicketBody({ channelCode: undefined }) });
    expect(created.statusCode).toBe(201);
    const id = created.json().payload.id as number;
    const operatorId = (await api.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(operator) })).json().payload.userProfileDto.id;
    await api.database.db.update(ticket).set({ assignedToId: operatorId, statusCode: 'ASSIGNED' }).where(eq(ticket.id, id));
    const comment = () => api.app.inject({ method: 'POST', url: `/api/ticket/${id}/comment`, headers: bearer(operator), payload: { comment: 'Enviamos una cuadrilla' } });

    expect((await comment()).statusCode).toBe(201);
    expect(await mailsTo(driver.email)).toEqual([]);
    const driverId = (await ownProfile(driver.token)).uuid;
    const inApp = (await api.app.inject({ method: 'GET', url: `/api/notification/profile/${driverId}`, headers: bearer(driver.token) })).json().payload;
    expect(inApp.unread).toBe(1);
    expect(inApp.content[0].type).toBe('COMMENT_ADDED');

    const confirmed = await post('/api/profile/confirm-email', { token: link });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().payload.message).toBe(messages.emailConfirmed);
    expect((await ownProfile(driver.token)).emailConfirmed).toBe(true);

    expect((await comment()).statusCode).toBe(201);
    const after = await mailsTo(driver.email);
    expect(after).toHaveLength(1);
    expect(readMail(after[0]!.data).text).toContain(`/driver/events/${id}`);
    const rows = await api.database.db.select().from(notification).where(eq(notification.ticketId, id));
    expect(rows.filter((n) => n.profileId !== operatorId)).toHaveLength(2);
  });

  it('gets no password-reset mail until confirming, with the same neutral answer', async () => {
    const driver = await signUp();
    await mailsTo(driver.email);
    smtp.received.length = 0;
    const asked = await api.app.inject({ method: 'GET', url: `/api/profile/forgotten/${driver.email}`, headers: { 'x-forwarded-for': '10.9.1.1' } });
    expect(asked.json().payload.message).toBe(messages.recoverSent);
    expect(await mailsTo(driver.email)).toEqual([]);
  });

  it('spends the link once; a wrong, used, expired or stale link confirms nothing', async () => {
    const driver = await signUp();
    const link = linkIn((await mailsTo(driver.email))[0]!)!;
    const wrong = await post('/api/profile/confirm-email', { token: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ message: messages.emailConfirmationInvalid, fields: { token: messages.emailConfirmationInvalid } });
    expect((await post('/api/profile/confirm-email', { token: link })).statusCode).toBe(200);
    const again = await post('/api/profile/confirm-email', { token: link });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.message).toBe(messages.emailConfirmationInvalid);

    const late = await signUp();
    const lateLink = linkIn((await mailsTo(late.email))[0]!)!;
    await api.database.db.update(emailConfirmation).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailConfirmation.email, late.email));
    const expired = await post('/api/profile/confirm-email', { token: lateLink });
    expect(expired.json().errors.message).toBe(messages.emailConfirmationExpired);
    expect((await ownProfile(late.token)).emailConfirmed).toBe(false);

    // A link confirms the address it was sent to, not the one the account has now.
    const moved = await signUp();
    const movedLink = linkIn((await mailsTo(moved.email))[0]!)!;
    await api.database.db.update(profile).set({ email: `otra.${moved.email}` }).where(eq(profile.email, moved.email));
    expect((await post('/api/profile/confirm-email', { token: movedLink })).statusCode).toBe(400);
    expect((await ownProfile(moved.token)).emailConfirmed).toBe(false);
  });

  it('may ask for the link again from Mi perfil, a few times an hour, even in parallel', async () => {
    const driver = await signUp();
    await mailsTo(driver.email);
    smtp.received.length = 0;
    // The sign-up's link counts: CONFIRMATIONS_PER_HOUR - 1 more, whatever the number in flight.
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post('/api/profile/me/confirm-email', undefined, driver.token, `10.9.2.${i}`)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(CONFIRMATIONS_PER_HOUR - 1).fill(200), ...Array(6 - CONFIRMATIONS_PER_HOUR + 1).fill(429)]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().errors.message).toBe(messages.emailConfirmationTooSoon);
    // The sign-up's link leaves the hour first: about an hour from now.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(answers.find((a) => a.statusCode === 200)!.json().payload.message).toBe(messages.emailConfirmationSent);
    const mails = await mailsTo(driver.email);
    expect(mails).toHaveLength(CONFIRMATIONS_PER_HOUR - 1);
    // Any of the links confirms.
    expect((await post('/api/profile/confirm-email', { token: linkIn(mails[0]!) })).statusCode).toBe(200);
    const done = await post('/api/profile/me/confirm-email', undefined, driver.token, '10.9.3.1');
    expect(done.statusCode).toBe(409);
    expect(done.json().errors.message).toBe(messages.emailAlreadyConfirmed);
  });

  it('is limited per address when asking for the link again', async () => {
    const statuses: number[] = [];
    const driver = await signUp();
    for (let i = 0; i < 11; i++) statuses.push((await post('/api/profile/me/confirm-email', undefined, driver.token, '10.9.4.4')).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('addresses that count as confirmed', () => {
  it('an address an admin sets on an unconfirmed account, which then gets mail there', async () => {
    const driver = await signUp();
    const link = linkIn((await mailsTo(driver.email))[0]!)!;
    const { uuid } = await ownProfile(driver.token);
    const moved = `nueva.${driver.email}`;
    const edited = await post(
      '/api/profile/update',
      { uuid, email: moved, firstName: driver.firstName, lastName: driver.lastName, profileCode: 'DRIVER', phone: driver.phone, rut: driver.rut },
      admin,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().payload.emailConfirmed).toBe(true);
    // The old link was for the old address: it confirms nothing now.
    expect((await post('/api/profile/confirm-email', { token: link })).statusCode).toBe(400);
    await api.app.inject({ method: 'GET', url: `/api/profile/forgotten/${moved}`, headers: { 'x-forwarded-for': '10.9.6.6' } });
    expect(await mailsTo(moved)).toHaveLength(1);
  });

  it('an account an admin creates gets no confirmation and gets mail at once; so do the demo people', async () => {
    const body = person();
    const created = await post('/api/profile/new', { ...body, profileCode: 'OPERATOR' }, admin);
    expect(created.statusCode).toBe(201);
    expect(created.json().payload.emailConfirmed).toBe(true);
    expect(await mailsTo(body.email)).toEqual([]);
    const driver = await signIn(api.app, 'conductor@concesion.demo');
    expect((await ownProfile(driver)).emailConfirmed).toBe(true);
    await api.app.inject({ method: 'GET', url: '/api/profile/forgotten/conductor@concesion.demo', headers: { 'x-forwarded-for': '10.9.5.5' } });
    expect(await mailsTo('conductor@concesion.demo')).toHaveLength(1);
  });
});
