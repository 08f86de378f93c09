import { expect, test } from '@playwright/test';
import { apiCall, apiToken, demo, ticketBody, newDriver, signIn, signInDirectly } from './fixtures';

test.describe('notifications', () => {
  test('a comment on my ticket shows in my notifications, and opening it marks it read', async ({ page }) => {
    const driver = await newDriver();
    const operator = await apiToken(demo.operator);
    const ticket = await apiCall(driver.token, 'POST', '/api/ticket', ticketBody());
    await apiCall(operator, 'POST', `/api/ticket/${ticket.id}/comment`, { comment: 'Vamos en camino' });

    await signIn(page, driver.email, driver.password);
    // The header says how many are unread on every page, JavaScript or not.
    await expect(page.getByRole('link', { name: 'Notificaciones: 1 notificación sin leer' })).toBeVisible();
    await page.goto('/driver/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: `Nuevo comentario en el evento ${ticket.folio}` });
    await expect(item).toBeVisible();
    await expect(item.getByText('Nueva')).toBeVisible();
    // It says what the operator answered (decision 163).
    await expect(item.getByText('Vamos en camino')).toBeVisible();
    await item.getByRole('button', { name: `Ver evento ${ticket.folio}` }).click();
    await expect(page).toHaveURL(new RegExp(`/driver/events/${ticket.id}$`));

    await page.goto('/driver/notifications');
    const again = page.getByRole('listitem').filter({ hasText: `Nuevo comentario en el evento ${ticket.folio}` });
    await expect(again.getByText('Nueva')).toHaveCount(0);
  });

  test('marks everything read at once', async ({ page }) => {
    const driver = await newDriver();
    const supervisor = await apiToken(demo.supervisor);
    const ticket = await apiCall(driver.token, 'POST', '/api/ticket', ticketBody());
    await apiCall(supervisor, 'POST', `/api/ticket/${ticket.id}/comment`, { comment: 'Recibido' });
    await signInDirectly(page, driver.email, driver.password);
    await page.goto('/driver/notifications');
    await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await expect(page.getByText('Todas las notificaciones quedaron leídas')).toBeVisible();
    await expect(page.getByText('0 sin leer')).toBeVisible();
  });

  test('the inspector has no notifications screen', async ({ page }) => {
    await signInDirectly(page, demo.inspector);
    const response = await page.goto('/inspector/notifications');
    expect(response?.status()).toBe(404);
  });
});
