import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../contract/messages';
import { ANONYMISED_SUBJECT } from '../../contract/privacy';
import { API_URL, apiCall, apiToken, demo, ticketBody, newDriver, ready, signInDirectly, submitLogin } from './fixtures';

/**
 * "Eliminar mi cuenta y mis datos" (Ley 19.628 art. 7 as amended; decision 149): a driver of the test's own (never the
 * shared demo driver) confirms with the box and the password; the session ends, the sign-in page says so, and the
 * account cannot be signed in to again. On a 360 px phone, JavaScript on and off.
 */
test.use({ viewport: { width: 360, height: 740 } });

const visitor = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
test.beforeEach(async ({ context }) => context.setExtraHTTPHeaders({ 'x-forwarded-for': visitor() }));

const password = (page: Page) => page.getByLabel(messages.deleteAccountPassword, { exact: true });
const confirmBox = (page: Page) => page.getByRole('checkbox', { name: messages.deleteAccountConfirm });
const submit = (page: Page) => page.getByRole('button', { name: messages.deleteAccountSubmit });

test('a driver deletes their account with the confirmation, is signed out and cannot sign in again', async ({ page }, info) => {
  const driver = await newDriver();
  // One event of theirs, closed: anonymised at once with the account.
  const event = await apiCall<{ id: number; folio: string }>(driver.token, 'POST', '/api/ticket', ticketBody());
  const operator = await apiToken(demo.operator);
  await apiCall(operator, 'PUT', `/api/ticket/${event.id}`, { statusCode: 'CLOSED', closureReason: 'RESOLVED' });
  await signInDirectly(page, driver.email, driver.password);
  await page.goto('/driver/profile/data/delete');
  await ready(page);
  await expect(page.getByRole('heading', { level: 1, name: messages.deleteAccountTitle })).toBeVisible();
  await expect(page.getByText(messages.deleteAccountKept)).toBeVisible();
  // Fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: info.outputPath('delete-account.png'), fullPage: true });

  // Without the box: refused, nothing deleted.
  await password(page).fill(driver.password);
  await submit(page).click();
  await expect(page.getByText(messages.deleteConfirmRequired).last()).toBeVisible();

  // A wrong password: refused in Spanish, nothing deleted.
  await password(page).fill('no-es-mi-clave');
  if (!(await confirmBox(page).isChecked())) await confirmBox(page).check();
  await submit(page).click();
  await expect(page.getByText(messages.deletePasswordWrong).first()).toBeVisible();
  const stillThere = await fetch(`${API_URL}/api/user/me`, { headers: { authorization: `Bearer ${driver.token}` } });
  expect(stillThere.status).toBe(200);

  await password(page).fill(driver.password);
  if (!(await confirmBox(page).isChecked())) await confirmBox(page).check();
  await submit(page).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByText(messages.accountDeleted)).toBeVisible();
  await page.screenshot({ path: info.outputPath('deleted.png'), fullPage: true });

  // Signed out here, and every other session of theirs ended too.
  await page.goto('/driver/profile');
  await expect(page).toHaveURL(/\/user\/login/);
  const other = await fetch(`${API_URL}/api/user/me`, { headers: { authorization: `Bearer ${driver.token}` } });
  expect(other.status).toBe(401);
  // The address and password no longer open anything.
  await page.goto('/user/login');
  await ready(page);
  await submitLogin(page, driver.email, driver.password);
  await expect(page).toHaveURL(/\/user\/login/);
  await expect(page.getByRole('alert').first()).toBeVisible();

  // Staff see the event, its person gone.
  await signInDirectly(page, demo.operator);
  await page.goto(`/operator/events/${event.id}`);
  // In the contact block, and as the author of what they wrote (the history).
  await expect(page.getByRole('definition').filter({ hasText: ANONYMISED_SUBJECT })).toBeVisible();
  await expect(page.getByText('Prueba Conductor')).toHaveCount(0);
});

test('staff have no such page: their accounts are closed by an admin', async ({ page }) => {
  await signInDirectly(page, 'operador@concesion.demo');
  const response = await page.goto('/operator/profile/data/delete');
  expect(response?.status()).toBe(404);
});
