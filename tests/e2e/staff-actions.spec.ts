import { expect, test } from '@playwright/test';
import { apiCall, apiToken, demo, ticketBody, newDriver, ready, signInDirectly, signOut } from './fixtures';

/**
 * Staff on phones (docs/decisions/103-mi-perfil-and-staff-actions.md): hand an event to another operator, close with a
 * message to the driver.
 */

test('from the assignments screen an admin hands an event to an operator, after a confirmation naming its folio', async ({ page }) => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number; folio: string }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  const admin = await apiToken(demo.admin);
  const me = await apiCall<{ userProfileDto: { id: string } }>(admin, 'GET', '/api/user/me');
  await apiCall(admin, 'PUT', `/api/ticket/${ticket.id}`, { assignedToId: me.userProfileDto.id });

  await signInDirectly(page, demo.admin);
  await page.goto('/admin/assignments');
  await ready(page);
  const row = page.locator('tr', { hasText: ticket.folio });
  await row.getByLabel(`Asignar ${ticket.folio} a`, { exact: true }).selectOption({ label: 'Carolina Reyes' });
  await row.getByRole('button', { name: `Asignar ${ticket.folio} a la persona elegida` }).click();

  const confirm = page.getByRole('region', { name: `¿Asignar el evento ${ticket.folio} a Carolina Reyes?` });
  await expect(confirm).toBeVisible();
  // Nothing changed yet: the confirmation is only a page state.
  expect((await apiCall<{ assignedToName: string }>(admin, 'GET', `/api/ticket/${ticket.id}`)).assignedToName).not.toBe('Carolina Reyes');
  await ready(page);
  await confirm.getByRole('button', { name: 'Confirmar asignación' }).click();
  await expect(page.locator('.toast', { hasText: `El evento ${ticket.folio} quedó asignado a Carolina Reyes` })).toBeVisible();
  await expect(page.locator('tr', { hasText: ticket.folio })).toHaveCount(0);
  await page.goto(`/admin/events/${ticket.id}`);
  await expect(page.locator('.field-list')).toContainText('Carolina Reyes');
  await expect(page.locator('.timeline')).toContainText(/Reasignó de .+ a Carolina Reyes/);
});

test('closing with a message to the driver: the driver reads it as a comment', async ({ page }) => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number; folio: string }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  await signInDirectly(page, demo.supervisor);
  await page.goto(`/supervisor/events/${ticket.id}?confirm=close`);
  await ready(page);
  const message = `Reparamos el bache ${Date.now()}. Gracias por avisar.`;
  await page.getByLabel('Mensaje para el conductor (opcional)').fill(message);
  // Without a reason: refused, the error beside the field, the message kept.
  await page.getByRole('button', { name: 'Confirmar cierre' }).click();
  const reason = page.getByLabel('Motivo de cierre');
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field-helper', { hasText: 'Indique el motivo de cierre' })).toBeVisible();
  await expect(page.getByLabel('Mensaje para el conductor (opcional)')).toHaveValue(message);

  await ready(page);
  await reason.selectOption({ label: 'Resuelto' });
  await page.getByRole('button', { name: 'Confirmar cierre' }).click();
  await expect(page.locator('.toast', { hasText: 'The ticket was closed successfully' })).toBeVisible();
  // The error toasts of the refused try are gone with the success (with JavaScript they were still on screen).
  await expect(page.locator('.toast', { hasText: 'Indique el motivo de cierre' })).toHaveCount(0);
  await expect(page.locator('.timeline')).toContainText('Cerró el evento: Resuelto');

  await signOut(page);
  await signInDirectly(page, driver.email, driver.password);
  await page.goto(`/driver/events/${ticket.id}`);
  await expect(page.locator('.comment-thread')).toContainText(message);
});
