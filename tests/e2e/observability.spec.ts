import { expect, test } from '@playwright/test';
import { demo, DEMO_PASSWORD, HTTP_ONLY, labels, ready, sessionToken, submitLogin } from './fixtures';
import { mailedLinkToken } from './outbox';
import { startOwnProduct, type OwnProduct } from './processes';

/**
 * docs/decisions/121-observability.md: one request id end to end, access logs without personal data, metrics behind a
 * token. A product of its own, logging at "info", so its lines can be read.
 */
const METRICS_TOKEN = 'metricas-de-prueba-0123456789';
const RUT = '12.345.678-5';
const NEW_PASSWORD = 'Ruta-68-Segura-2026';

let product: OwnProduct;

test.beforeAll(async ({}, testInfo) => {
  // Its own API and web process: starting them takes longer than a test on a loaded machine (as api-down.spec.ts).
  testInfo.setTimeout(150_000);
  product = await startOwnProduct(`observability-${testInfo.project.name}`, { LOG_LEVEL: 'info', METRICS_TOKEN }, {
    // The test plays the load balancer in front of the web app: only a trusted proxy's request id is kept (decision 131).
    webSettings: { LOG_LEVEL: 'info', METRICS_TOKEN, WEB_TRUSTED_PROXIES: '127.0.0.1,::1' },
    logs: true,
  });
});
test.afterAll(() => product.stop());

/** The JSON lines of both services (anything else they printed is left out). */
function logLines(): Record<string, unknown>[] {
  return product.logs().flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

test('a request id sent to the web app by a trusted proxy is answered, passed to the API and logged by both', HTTP_ONLY, async ({ request }) => {
  const id = `soporte-${Date.now()}`;
  const response = await request.get(`${product.webURL}/user/login`, { headers: { 'x-request-id': id } });
  expect(response.status()).toBe(200);
  expect(response.headers()['x-request-id']).toBe(id);

  // A page that calls the API: the sign-in form's action.
  const signIn = await request.post(`${product.webURL}/user/login`, {
    headers: { 'x-request-id': `${id}-b`, origin: product.webURL },
    form: { email: demo.driver, password: DEMO_PASSWORD, terms: 'on', redirectTo: '' },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  expect(signIn.headers()['x-request-id']).toBe(`${id}-b`);
  // The route and role the app tells its own server for the log never reach the browser.
  const logHeaders = (headers: Record<string, string>) => Object.keys(headers).filter((name) => name.startsWith('x-log-'));
  expect(logHeaders(signIn.headers())).toEqual([]);
  expect(logHeaders(response.headers())).toEqual([]);
  await expect
    .poll(() => logLines().filter((line) => line.requestId === `${id}-b`).map((line) => `${line.service} ${line.route}`))
    .toEqual(expect.arrayContaining(['api /api/auth', 'api /api/user/me', 'web /user/login']));
  const apiLine = logLines().find((line) => line.requestId === `${id}-b` && line.route === '/api/auth')!;
  expect(apiLine).toMatchObject({ method: 'POST', status: 200 });
  expect(typeof apiLine.ms).toBe('number');
  const webLine = logLines().find((line) => line.requestId === `${id}-b` && line.service === 'web')!;
  expect(webLine).toMatchObject({ method: 'POST', status: 302 });

  // An id that could break a log line or a header is replaced by one of the server's own.
  const forged = await request.get(`${product.webURL}/user/login`, { headers: { 'x-request-id': 'a b"<script>{}' } });
  expect(forged.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('an error page shows the reference code of its request', async ({ page }) => {
  await page.goto(`${product.webURL}/user/login`);
  await submitLogin(page, demo.driver);
  await expect(page).not.toHaveURL(/\/user\/login/);
  const response = await page.goto(`${product.webURL}/driver/events/999999`);
  expect(response!.status()).toBe(404);
  const id = response!.headers()['x-request-id']!;
  await expect(page.getByText(`Código de referencia: ${id}`)).toBeVisible();
  // The API's lines for that page carry the same id.
  await expect.poll(() => logLines().some((line) => line.requestId === id && line.service === 'api')).toBe(true);
});

test('no log line holds a password, a token, an e-mail or a RUT through sign-in, recovery and a new event', async ({ page, context }) => {
  // Recovery: ask for a link, then set a new password with it.
  await page.goto(`${product.webURL}/user/recover-password`);
  await ready(page);
  await page.getByLabel(labels.email).fill(demo.driver);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Si el correo está registrado' })).toBeVisible();
  const resetToken = await mailedLinkToken(product.dataDir, 'reset-password');
  await page.goto(`${product.webURL}/user/reset-password?token=${resetToken}`);
  await ready(page);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repita la nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page).toHaveURL(/\/user\/login/);

  // Sign-in with the new password, then a new event with the reporter's e-mail and RUT.
  await submitLogin(page, demo.driver, NEW_PASSWORD);
  await expect(page).not.toHaveURL(/\/user\/login/);
  const token = await sessionToken(context, product.sessionSecret);
  await page.goto(`${product.webURL}/driver/events/new`);
  await ready(page);
  await page.getByLabel('Clasificación').selectOption({ label: 'Reclamo · Estado del pavimento' });
  await page.getByLabel('Descripción').fill('Bache profundo frente al peaje');
  await page.getByLabel('Kilómetro').fill('23,5');
  await page.getByLabel('Orientación').selectOption({ label: 'Norte a Sur (hacia Valparaíso)' });
  await page.getByLabel('Sector').selectOption('Curacaví Oriente');
  await page.getByLabel('Comuna').selectOption('Curacaví');
  await page.getByLabel('Nombre completo').fill('Ana Soto');
  await page.getByLabel('RUT').fill(RUT);
  await page.getByLabel('Teléfono').fill('+56 9 1234 5678');
  await page.getByLabel(/Correo/).fill('ana.soto@correo.cl');
  await page.getByRole('button', { name: 'Registrar evento' }).click();
  await expect(page).toHaveURL(/\/driver\/events\/\d+$/);

  // The journeys were logged (by route pattern), and nothing personal was.
  const routes = logLines().map((line) => line.route);
  expect(routes).toEqual(expect.arrayContaining(['/api/profile/forgotten/:email', '/api/profile/reset', '/api/auth', '/api/ticket', '/user/reset-password', '/driver/events/new']));
  // The reporter's name and phone too, as typed and as stored (docs/decisions/145-logs-keep-the-cause-not-the-person.md).
  const secrets = [DEMO_PASSWORD, NEW_PASSWORD, token, resetToken, demo.driver, 'ana.soto@correo.cl', RUT, RUT.replace(/\./g, ''), '12345678', 'Ana Soto', '+56 9 1234 5678', '+56912345678', 'Bache profundo'];
  const everything = product.logs().join('\n');
  for (const secret of secrets) expect(everything, `the logs mention ${secret.slice(0, 4)}…`).not.toContain(secret);
  expect(everything).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
});

test('every line both services wrote is JSON with its service, and each request line carries its id (decision 145)', HTTP_ONLY, async ({ request }) => {
  expect((await request.get(`${product.webURL}/user/login`)).status()).toBe(200);
  await expect.poll(() => logLines().some((line) => line.service === 'web' && line.route === '/user/login')).toBe(true);
  const lines = product.logs();
  // The start-up lines, in JSON too (they were plain text before).
  expect(lines.length).toBeGreaterThan(2);
  for (const line of lines) {
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      parsed = undefined;
    }
    expect(parsed, `not JSON: ${line.slice(0, 80)}`).toBeDefined();
    expect(['api', 'web'], line.slice(0, 120)).toContain(parsed!.service);
    if ('route' in parsed! && 'status' in parsed!) expect(typeof parsed!.requestId, line.slice(0, 120)).toBe('string');
  }
  expect(logLines().filter((line) => /^(API|Web) lista en /.test(String(line.msg))).map((line) => line.service).sort()).toEqual(['api', 'web']);
});

test('/metrics counts requests and is not served without its token', HTTP_ONLY, async ({ request }) => {
  for (const url of [`${product.webURL}/metrics`, `${product.apiURL}/metrics`]) {
    const anonymous = await request.get(url);
    expect(anonymous.status(), url).toBe(404);
    const wrong = await request.get(url, { headers: { authorization: 'Bearer otro-token-cualquiera-123' } });
    expect(wrong.status(), url).toBe(404);
  }
  const read = async (url: string, series: string) => {
    const text = await (await request.get(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const line = text.split('\n').find((l) => l.startsWith(series));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  const webSeries = 'http_request_duration_seconds_count{method="GET",route="/user/login",status="200"}';
  const apiSeries = 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}';
  const [webBefore, apiBefore] = [await read(`${product.webURL}/metrics`, webSeries), await read(`${product.apiURL}/metrics`, apiSeries)];
  expect((await request.get(`${product.webURL}/user/login`)).status()).toBe(200);
  expect((await request.get(`${product.apiURL}/api/health`)).status()).toBe(200);
  expect(await read(`${product.webURL}/metrics`, webSeries)).toBe(webBefore + 1);
  expect(await read(`${product.apiURL}/metrics`, apiSeries)).toBe(apiBefore + 1);
  // A failed sign-in is one call of the web app to the API (each test may run in a fresh worker
  // of its own product: it makes its own call).
  const apiCalls = async () =>
    (await (await request.get(`${product.webURL}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text())
      .split('\n')
      .filter((l) => l.startsWith('web_api_call_duration_seconds_count'))
      .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0);
  const callsBefore = await apiCalls();
  const signIn = await request.post(`${product.webURL}/user/login`, {
    form: { email: 'nadie@concesion.demo', password: 'no-es-la-clave', terms: 'on', redirectTo: '' },
    headers: { origin: product.webURL },
  });
  expect(signIn.status()).toBeLessThan(500);
  expect(await apiCalls()).toBe(callsBefore + 1);
  const web = await (await request.get(`${product.webURL}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  expect(web).toContain('nodejs_eventloop_lag_seconds');
  const api = await (await request.get(`${product.apiURL}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  for (const name of ['mail_queue_depth', 'mail_given_up_total', 'live_streams_open', 'process_resident_memory_bytes']) expect(api).toContain(name);
});
