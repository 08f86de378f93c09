import { expect, test, type Browser } from '@playwright/test';
import { API_URL, apiCall, newDriver, ready, sessionToken, signIn, signOut, submitLogin } from './fixtures';

/**
 * Sign-in guessing is limited per account, and the owner is never locked out
 * (docs/decisions/133-sessions-follow-rights-and-sign-in-limits.md): a browser that signed in
 * before carries a device cookie that exempts it from the account's limit. And a new sign-in
 * from a browser that holds a session ends the older token.
 */

const TOO_MANY = 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo';

/** A browser of its own, from an address of its own, with the project's JavaScript setting. */
async function browserAt(browser: Browser, address: string) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': address },
    javaScriptEnabled: test.info().project.use.javaScriptEnabled,
  });
  return { context, page: await context.newPage() };
}

const randomOctet = () => Math.floor(Math.random() * 250) + 1;

test('the owner’s browser gets in while the account is locked for everyone else', async ({ browser }) => {
  const driver = await newDriver();
  const owner = await browserAt(browser, `10.61.${randomOctet()}.${randomOctet()}`);
  await signIn(owner.page, driver.email, driver.password);
  const device = (await owner.context.cookies()).find((cookie) => cookie.name === '__device');
  expect(device, 'the device cookie is set at sign-in').toBeDefined();
  expect(device!.httpOnly).toBe(true);
  expect(device!.sameSite).toBe('Lax');
  // Long-lived: far beyond the session's 12 hours.
  expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(300 * 24 * 3_600_000);
  await signOut(owner.page);
  expect((await owner.context.cookies()).some((cookie) => cookie.name === '__device'), 'it survives sign-out').toBe(true);

  // Someone guesses the password from many addresses, straight at the API.
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const guess = await fetch(`${API_URL}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.62.${randomOctet()}.${i + 1}` },
      body: JSON.stringify({ email: driver.email, password: `adivina-${i}`, providerId: 'email', tokenId: '' }),
    });
    statuses.push(guess.status);
  }
  expect(statuses.slice(-2)).toEqual([429, 429]);

  // A browser the account does not know is refused, even with the right password, and told so in Spanish.
  const stranger = await browserAt(browser, `10.63.${randomOctet()}.${randomOctet()}`);
  await stranger.page.goto('/user/login');
  await ready(stranger.page);
  await submitLogin(stranger.page, driver.email, driver.password);
  await expect(stranger.page.getByRole('alert').filter({ hasText: TOO_MANY })).toBeVisible();
  await expect(stranger.page).toHaveURL(/\/user\/login/);

  // The owner, from their own browser, gets in at once.
  await owner.page.goto('/user/login');
  await ready(owner.page);
  await submitLogin(owner.page, driver.email, driver.password);
  await expect(owner.page).toHaveURL(/\/driver\/dashboard$/);
  await owner.context.close();
  await stranger.context.close();
});

test('signing in again from a browser that holds a session ends the older token', async ({ browser }) => {
  const driver = await newDriver();
  const visitor = await browserAt(browser, `10.64.${randomOctet()}.${randomOctet()}`);
  // A second tab still shows the sign-in form from before.
  const otherTab = await visitor.context.newPage();
  await otherTab.goto('/user/login');
  await signIn(visitor.page, driver.email, driver.password);
  const older = await sessionToken(visitor.context);
  expect((await apiCall(older, 'GET', '/api/user/me')).email).toBe(driver.email);

  await ready(otherTab);
  await submitLogin(otherTab, driver.email, driver.password);
  await expect(otherTab).toHaveURL(/\/driver\/dashboard$/);
  const newer = await sessionToken(visitor.context);
  expect(newer).not.toBe(older);
  const oldAnswer = await fetch(`${API_URL}/api/user/me`, { headers: { authorization: `Bearer ${older}` } });
  expect(oldAnswer.status).toBe(401);
  expect((await apiCall(newer, 'GET', '/api/user/me')).email).toBe(driver.email);
  await visitor.context.close();
});
