import { expect, test } from '@playwright/test';
import { API_URL, fillEventFields, hydrated, newDriver, signInDirectly } from './fixtures';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test('on a phone, a double press on "Registrar evento" sends the form once: the button says "Enviando..."', async ({ page }) => {
  const driver = await newDriver();
  await signInDirectly(page, driver.email, driver.password);
  await page.goto('/driver/events/new');
  await hydrated(page);
  const description = `Bache doble toque ${Date.now().toString(36)}`;
  await fillEventFields(page, description);

  // A slow link: the answer takes a while, as on the road.
  const posts: string[] = [];
  await page.route(/\/driver\/events\/new(\.data)?(\?.*)?$/, async (route) => {
    if (route.request().method() === 'POST') {
      posts.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    await route.continue();
  });
  const button = page.getByRole('button', { name: 'Registrar evento' });
  await button.dblclick();
  const sending = page.getByRole('button', { name: 'Enviando...' });
  await expect(sending).toBeVisible();
  await expect(sending).toBeDisabled();

  // The answer comes after the link's 1.5 s and the event's creation on a machine as loaded as a full test run.
  await expect(page).toHaveURL(/\/driver\/events\/\d+$/, { timeout: 15_000 });
  await expect(page.getByText('El evento fue creado correctamente')).toBeVisible();
  const response = await fetch(`${API_URL}/api/ticket/list/me?q=${encodeURIComponent(description)}`, { headers: { authorization: `Bearer ${driver.token}` } });
  expect((await response.json()).payload.content).toHaveLength(1);
  expect(posts).toHaveLength(1);
});
