import { expect, test } from '@playwright/test';
import { API_URL, apiCall, ticketBody, newDriver, signInDirectly, signOut } from './fixtures';

/** docs/decisions/104-no-store-and-back-after-sign-out.md: after "Cerrar sesión" nothing of the previous user comes back. */

test('signed-in pages, their data and files are never stored by the browser', async ({ page }) => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  const form = new FormData();
  form.append('files', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'informe.pdf');
  const uploaded = await fetch(`${API_URL}/api/ticket/${ticket.id}/attachment`, { method: 'POST', headers: { authorization: `Bearer ${driver.token}` }, body: form });
  const [attachment] = (await uploaded.json()).payload as { id: string }[];

  await signInDirectly(page, driver.email, driver.password);
  const document = await page.goto(`/driver/events/${ticket.id}`);
  expect(document!.headers()['cache-control']).toBe('no-store');
  const data = await page.request.get(`/driver/events/${ticket.id}.data`);
  expect(data.status()).toBe(200);
  expect(data.headers()['cache-control']).toBe('no-store');
  const file = await page.request.get(`/driver/events/${ticket.id}/attachments/${attachment!.id}`);
  expect(file.status()).toBe(200);
  expect(file.headers()['cache-control']).toBe('no-store');
  expect(file.headers()['content-disposition']).toMatch(/^attachment;/);
});

test("Back after signing out shows the sign-in page, never the previous user's page", async ({ page }) => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number; folio: string }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  await signInDirectly(page, driver.email, driver.password);
  await page.goto(`/driver/events/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ticket.folio);
  await signOut(page);

  await page.goBack();
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByText(ticket.folio)).toHaveCount(0);
});
