import { expect, test, type Page } from '@playwright/test';
import { demo, HTTP_ONLY, ready, signIn } from './fixtures';

/**
 * The route table and sidebar menus of docs/specification.md, "Role routes" and "Layout", written out here on
 * purpose: the test is the specification's reading, not a copy of app/navigation/screens.ts.
 */
const table = {
  driver: ['dashboard', 'events', 'notifications'],
  operator: ['dashboard', 'events', 'reports', 'assignments', 'notifications'],
  supervisor: ['dashboard', 'events', 'reports', 'assignments', 'notifications'],
  inspector: ['dashboard', 'events', 'reports'],
  admin: ['dashboard', 'events', 'reports', 'assignments', 'notifications', 'users'],
} as const;
type Area = keyof typeof table;
const areas = Object.keys(table) as Area[];

const menuLabel = {
  dashboard: 'Inicio',
  events: 'Eventos',
  reports: 'Reportes',
  assignments: 'Asignaciones',
  notifications: 'Notificaciones',
  users: 'Usuarios',
} as const;

const account: Record<Area, string> = {
  driver: demo.driver,
  operator: demo.operator,
  supervisor: demo.supervisor,
  inspector: demo.inspector,
  admin: demo.admin,
};

/** Every path of the table, and the screens a role area does not have. */
const everyPath = areas.flatMap((area) => table[area].map((screen) => `/${area}/${screen}`));
const screensMissing = (area: Area) =>
  (['reports', 'assignments', 'users'] as const).filter((screen) => !(table[area] as readonly string[]).includes(screen));

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

for (const area of areas) {
  test(`${area}: its routes answer 200, other areas 404, and its sidebar opens each of them`, async ({ page }) => {
    await signIn(page, account[area]);
    for (const path of everyPath) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      const expected = path.startsWith(`/${area}/`) ? 200 : 404;
      expect(response.status(), `${area} GET ${path}`).toBe(expected);
    }
    // Screens outside the role's set, under its own area, are not found either.
    for (const screen of screensMissing(area)) {
      const response = await page.request.get(`/${area}/${screen}`, { maxRedirects: 0 });
      expect(response.status(), `${area} GET /${area}/${screen}`).toBe(404);
    }
    const root = await page.request.get(`/${area}`, { maxRedirects: 0 });
    expect(root.status()).toBe(302);
    expect(root.headers().location).toBe(`/${area}/dashboard`);

    // The sidebar: the role's menu in order, the version, the current item marked.
    await expect(page).toHaveURL(`/${area}/dashboard`);
    await expect(sidebar(page).getByRole('link')).toHaveText(table[area].map((screen) => menuLabel[screen]));
    await expect(page.getByText('V1.0.10', { exact: true })).toBeVisible();
    for (const screen of table[area]) {
      const item = sidebar(page).getByRole('link', { name: menuLabel[screen], exact: true });
      await item.click();
      await expect(page).toHaveURL(`/${area}/${screen}`);
      await expect(item).toHaveAttribute('aria-current', 'page');
      await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
}

test.describe('without a session', () => {
  test('every route of the table leads to the login screen and back', HTTP_ONLY, async ({ request }) => {
    for (const path of [...everyPath, ...areas.map((area) => `/${area}`)]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), `GET ${path}`).toBe(302);
      expect(response.headers().location).toBe(`/user/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  test('an unknown path shows the not-found page without the shell', async ({ page }) => {
    // One segment is read as an area that does not exist; more, as a page no route has.
    for (const path of ['/no/existe', '/no-existe', '/no-existe/events']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
      await expect(sidebar(page)).toHaveCount(0);
    }
  });
});

test.describe('the shell', () => {
  test('has the language setter, the user menu and the error pages inside it', async ({ page }) => {
    await signIn(page, demo.supervisor);
    const header = page.getByRole('banner');
    await expect(header.locator('details.language-menu > summary')).toHaveText(/Español/);

    const userMenu = header.locator('details.user-menu');
    await expect(userMenu.locator('summary')).toContainText('Supervisor');
    await userMenu.locator('summary').click();
    const signOut = userMenu.getByRole('button', { name: 'Cerrar sesión' });
    await expect(signOut).toBeVisible();
    await expect(userMenu.locator('form')).toHaveAttribute('method', 'post');
    await expect(userMenu.locator('form')).toHaveAttribute('action', '/user/logout');

    // Another role's screen: not found, in the supervisor's own shell.
    const wrongRole = await page.goto('/driver/notifications');
    expect(wrongRole?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
    await expect(sidebar(page).getByRole('link')).toHaveText(table.supervisor.map((screen) => menuLabel[screen]));

    // An unknown path keeps the shell too.
    const unknown = await page.goto('/supervisor/no-existe');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
    await expect(sidebar(page)).toBeVisible();
  });

  test('pages hydrate without errors and the header is 80px, the sidebar 290px', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    // The browser's catalogue must say what the server wrote (decision 123): a text that
    // differs is a hydration error here. The sign-in page, every admin screen, an event.
    await page.goto('/user/login');
    await ready(page);
    await signIn(page, demo.admin);
    for (const screen of table.admin) {
      await page.goto(`/admin/${screen}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await ready(page);
    }
    await page.goto('/admin/events');
    await page.locator('main a[href^="/admin/events/"]:not([href$="/new"])').first().click();
    await expect(page).toHaveURL(/\/admin\/events\/\d+$/);
    await ready(page);
    await page.goto('/admin/events/new');
    await ready(page);
    expect(problems).toEqual([]);
    expect((await page.getByRole('banner').boundingBox())?.height).toBe(80);
    expect((await page.locator('aside.shell-sidebar').boundingBox())?.width).toBe(290);
  });
});
