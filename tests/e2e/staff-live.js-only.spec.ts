import { expect, test } from '@playwright/test';
import { apiCall, apiToken, demo, hydrated, ticketBody, newDriver, signInDirectly } from './fixtures';

/** Live notifications on the event's page (decision 168); they need JavaScript. */
test.use({ viewport: { width: 360, height: 740 } });

test('a live notification about the event on screen refreshes it; one about another event links to it', async ({ page }) => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number; folio: string }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  const other = await apiCall<{ id: number; folio: string }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  const operator = await apiToken(demo.operator);
  const me = await apiCall<{ userProfileDto: { id: string } }>(operator, 'GET', '/api/user/me');
  await apiCall(operator, 'PUT', `/api/ticket/${ticket.id}`, { assignedToId: me.userProfileDto.id });
  await apiCall(operator, 'PUT', `/api/ticket/${other.id}`, { assignedToId: me.userProfileDto.id });

  const streamOpened = page.waitForResponse((r) => r.url().includes('/resources/notifications/stream'));
  await signInDirectly(page, demo.operator);
  await page.goto(`/operator/events/${ticket.id}`);
  await hydrated(page);
  await streamOpened;

  // The driver writes on the event on screen: the comment appears without reloading.
  const text = `Sigue el bache ${Date.now()}`;
  await apiCall(driver.token, 'POST', `/api/ticket/${ticket.id}/comment`, { comment: text });
  await expect(page.locator('.comment-thread li', { hasText: text })).toBeVisible({ timeout: 5_000 });

  // The driver writes on another event: the toast says so, with a "Ver" link to it.
  await apiCall(driver.token, 'POST', `/api/ticket/${other.id}/comment`, { comment: 'Y este otro' });
  const toast = page.locator('.toast', { hasText: other.folio });
  await expect(toast).toBeVisible({ timeout: 5_000 });
  await toast.getByRole('link', { name: 'Ver' }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/events/${other.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(other.folio);
  // After the navigation focus is on the page's heading, so a screen reader announces it.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});
