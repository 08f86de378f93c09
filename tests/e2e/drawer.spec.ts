import { expect, test } from '@playwright/test';
import { demo, signIn, signInDirectly } from './fixtures';

test.use({ viewport: { width: 375, height: 740 } });

test.describe('drawer on a 375px-wide screen', () => {
  test('opens and closes', async ({ page, javaScriptEnabled }) => {
    await signInDirectly(page, demo.operator);
    await page.goto('/operator/dashboard');
    const events = page.getByRole('link', { name: 'Eventos', exact: true });
    await expect(events).toBeHidden();

    if (javaScriptEnabled) {
      // MUI's Drawer: a modal dialog that traps focus and closes with Escape.
      // Located by class: while the modal is open the page behind it is aria-hidden.
      const toggle = page.locator('button.shell-menu-toggle');
      await expect(toggle).toHaveAccessibleName('Abrir menú');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      const drawer = page.getByRole('dialog', { name: 'Menú principal' });
      await expect(drawer).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(drawer.getByRole('link', { name: 'Eventos', exact: true })).toBeVisible();
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');

      // The close button and following a link close it too.
      await toggle.click();
      await drawer.getByRole('button', { name: 'Cerrar menú' }).click();
      await expect(drawer).toBeHidden();
      await toggle.click();
      await drawer.getByRole('link', { name: 'Reportes', exact: true }).click();
      await expect(page).toHaveURL('/operator/reports');
      await expect(drawer).toBeHidden();
    } else {
      // A checkbox-driven CSS panel: the menu button is the checkbox's label.
      await page.locator('label.shell-menu-toggle').click();
      await expect(events).toBeVisible();
      await page.locator('aside').getByText('Cerrar menú').click();
      await expect(events).toBeHidden();

      await page.locator('label.shell-menu-toggle').click();
      await page.getByRole('link', { name: 'Reportes', exact: true }).click();
      await expect(page).toHaveURL('/operator/reports');
      await expect(page.getByRole('link', { name: 'Reportes', exact: true })).toBeHidden();
    }
  });

  test('the header fits: menu button, language, theme and user menu', async ({ page }) => {
    await signIn(page, demo.admin);
    const header = page.getByRole('banner');
    await expect(header.locator('details.language-menu > summary')).toHaveText(/Español/);
    for (const summary of await header.locator('summary').all()) {
      const box = await summary.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
