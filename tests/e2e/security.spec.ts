import http from 'node:http';
import { expect, test } from '@playwright/test';
import { API_URL, apiCall, demo, DEMO_PASSWORD, HTTP_ONLY, sessionToken, signIn, ticketBody } from './fixtures';

// What an attacker's page or crafted link could make the web app do (docs/security.md).
const foreign = 'https://evil.example';

test('a page of another site cannot sign a user out, change their theme or upload to their events', async ({ page, context, baseURL }) => {
  await signIn(page, demo.driver);
  const token = await sessionToken(context);
  const { id } = await apiCall<{ id: number }>(token, 'POST', '/api/ticket', ticketBody());

  const theme = await page.request.post('/resources/theme', { headers: { origin: foreign }, form: { theme: 'GreyGooseTheme', redirectTo: '/' }, maxRedirects: 0 });
  expect(theme.status()).toBe(403);
  expect(theme.headers()['set-cookie'] ?? '').not.toContain('GreyGoose');

  const upload = await page.request.post(`/driver/events/${id}/attachments`, {
    headers: { origin: foreign },
    multipart: { files: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from('not really') } },
    maxRedirects: 0,
  });
  expect(upload.status()).toBe(403);

  const logout = await page.request.post('/user/logout', { headers: { origin: foreign }, maxRedirects: 0 });
  expect(logout.status()).toBe(403);
  // Still signed in: the token works and the page opens.
  const me = await fetch(`${API_URL}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status).toBe(200);
  await page.goto('/driver/events');
  await expect(page).toHaveURL(/\/driver\/events/);

  // The same requests from the app's own pages go through.
  const own = await page.request.post('/resources/theme', { headers: { origin: new URL(baseURL!).origin }, form: { theme: 'GreyGooseTheme' } });
  expect(own.status()).toBe(200);
  const sameSiteLogout = await page.request.post('/user/logout', { headers: { origin: new URL(baseURL!).origin }, maxRedirects: 0 });
  expect([302, 303]).toContain(sameSiteLogout.status());
});

test('sign-in cannot be posted from another site', HTTP_ONLY, async ({ request }) => {
  const response = await request.post('/user/login', {
    headers: { origin: foreign },
    form: { email: demo.admin, password: DEMO_PASSWORD, terms: 'on', redirectTo: '' },
    maxRedirects: 0,
  });
  // Refused before the action runs (React Router's own check answers page posts with a 400).
  expect([400, 403]).toContain(response.status());
  expect(response.headers()['set-cookie'] ?? '').not.toContain('__session');
});

for (const target of ['/.//evil.com/phish', '/x/../..//evil.com', '//evil.com', '/\\evil.com']) {
  test(`redirects stay on the site for ${JSON.stringify(target)}`, HTTP_ONLY, async ({ request, baseURL }) => {
    const own = new URL(baseURL!).origin;
    const theme = await request.post('/resources/theme', { headers: { origin: own }, form: { theme: 'GreyGooseTheme', redirectTo: target }, maxRedirects: 0 });
    expect(theme.status()).toBe(303);
    expect(new URL(theme.headers().location!, baseURL).origin).toBe(own);

    const login = await request.post(`/user/login?redirectTo=${encodeURIComponent(target)}`, {
      headers: { origin: own },
      form: { email: demo.inspector, password: DEMO_PASSWORD, terms: 'on', redirectTo: target },
      maxRedirects: 0,
    });
    expect([302, 303]).toContain(login.status());
    expect(new URL(login.headers().location!, baseURL).origin).toBe(own);
  });
}

test('pages carry the security headers: HSTS, a nonce-based CSP that forbids framing, nosniff, a referrer policy', HTTP_ONLY, async ({ request }) => {
  const page = await request.get('/user/login');
  const headers = page.headers();
  expect(headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
  expect(headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test('the web server refuses other methods and oversized bodies before reading them', HTTP_ONLY, async ({ baseURL }) => {
  const send = (method: string, headers: Record<string, string | number> = {}) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(new URL('/user/login', baseURL), { method, headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
  expect(await send('TRACE')).toBe(405);
  // A 2 MB sign-in form, and an upload past five files of 10 MB: refused from the header alone.
  expect(await send('POST', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 2 * 1024 * 1024 })).toBe(413);
  expect(await send('POST', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': 70 * 1024 * 1024 })).toBe(413);
});

test('pages travel compressed to the browser, except those that can show a second-step secret', async ({ page }) => {
  await signIn(page, demo.operator);
  // What Chromium itself asked for and got, on a page it loaded.
  const events = await page.goto('/operator/events');
  expect(events!.headers()['content-encoding']).toMatch(/^(gzip|br)$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The profile can show the key and recovery codes of the second step: never compressed (BREACH).
  for (const path of ['/operator/profile', '/operator/profile.data', '/user/two-step/enrol']) {
    const answer = await page.request.get(path, { headers: { 'accept-encoding': 'gzip, br' }, maxRedirects: 0 });
    expect(answer.headers()['content-encoding'], path).toBeUndefined();
    if (answer.status() === 200) expect(answer.headers()['cache-control'], path).toContain('no-transform');
  }
  const data = await page.request.get('/operator/events.data', { headers: { 'accept-encoding': 'gzip' } });
  expect(data.headers()['content-encoding']).toBe('gzip');
});
