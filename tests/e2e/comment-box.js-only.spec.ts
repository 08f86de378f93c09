import { expect, test } from '@playwright/test';
import { apiCall, hydrated, ticketBody, newDriver, signInDirectly } from './fixtures';

test('after "Comentario guardado" the comment box is empty; a refused comment keeps its text', async ({ page }) => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  await signInDirectly(page, driver.email, driver.password);
  await page.goto(`/driver/events/${ticket.id}`);
  await hydrated(page);
  const box = page.getByLabel('Nuevo comentario');
  await box.fill('Gracias, quedo atento.');
  await page.getByRole('button', { name: 'Comentar' }).click();
  await expect(page.locator('.toast', { hasText: 'Comentario guardado' })).toBeVisible();
  await expect(page.locator('.comment-thread')).toContainText('Gracias, quedo atento.');
  await expect(box).toHaveValue('');

  // Over the limit: refused by the server, the text stays to be fixed.
  const long = 'x'.repeat(2001);
  await box.evaluate((el: HTMLTextAreaElement, value) => {
    el.removeAttribute('maxlength');
    el.value = value;
  }, long);
  await page.getByRole('button', { name: 'Comentar' }).click();
  await expect(page.getByText(/2000/).first()).toBeVisible();
  await expect(box).toHaveValue(long);
});
