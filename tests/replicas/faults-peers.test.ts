import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../contract/messages';
import { startTestS3, type TestS3 } from '../../api/test/s3';
import { ticketBody } from '../shared/ticket-body';
import { createTicket, DEMO_PASSWORD, freePort, freshDatabase, SERVER_URL, startDeployment, startProcess, stopProcess, tokenOf, waitFor, type Deployment, type Proc } from './cluster';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * Faults of the peers every replica shares (docs/decisions/141-readiness-and-degraded-peers.md):
 * the attachment storage (s3rver) and PostgreSQL, each behind the suite's TCP proxy, refused and
 * stalled. Readiness stays 200 (the balancer keeps every replica), the features that need the
 * peer answer the product's own Spanish 503 with Retry-After, the rest of the site works, the
 * metrics show it, and everything works again after the peer returns, without restarts. And the
 * start-up lock: processes started together on an empty database all come up.
 */
const METRICS_TOKEN = 'faults-peers-metrics-token-0123';
/** Probes every second, each within half a second: the tests see a change within seconds. */
const FAST_PROBES = { HEALTH_CHECK_INTERVAL_MS: '1000', HEALTH_CHECK_TIMEOUT_MS: '500', METRICS_TOKEN };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function peerUp(apiUrl: string, peer: string): Promise<string | undefined> {
  const text = await fetch(`${apiUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(8_000) }).then(
    (r) => r.text(),
    () => '',
  );
  return new RegExp(`^peer_up\\{peer="${peer}"\\} (\\d)$`, 'm').exec(text)?.[1];
}

/** Signs in through the web app's form; the session cookie. */
async function webSignIn(webUrl: string, email: string): Promise<string> {
  const signIn = await fetch(`${webUrl}/user/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD, terms: 'on', redirectTo: '' }),
  });
  if (![302, 303].includes(signIn.status)) throw new Error(`web sign-in of ${email}: ${signIn.status}`);
  return signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** The session cookie a response replaced (its toasts ride in it), else the one sent. */
function cookieAfter(response: Response, cookie: string): string {
  const fresh = response.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('__session='));
  return fresh ?? cookie;
}

/** Whether a page says `text` (a boolean: a failure names the text, not the whole page). */
const says = (html: string, text: string) => expect(html.includes(text), `the page says "${text}"`).toBe(true);

const page = (webUrl: string, path: string, cookie: string) => fetch(`${webUrl}${path}`, { headers: { cookie }, redirect: 'manual', signal: AbortSignal.timeout(20_000) });

/** The hidden fields of the first form on a page that posts as multipart (the new-event form). */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? '';
    if (name) fields[name] = value;
  }
  return fields;
}

/**
 * A new event through the web app's form, as a browser without JavaScript sends it (multipart,
 * fields first, files after): the address it is sent to (its page), or throws with the answer.
 */
async function webNewEvent(webUrl: string, cookie: string, files: Array<{ name: string; type: string; content: Buffer }> = []): Promise<Response> {
  const form = await page(webUrl, '/driver/events/new', cookie);
  expect(form.status).toBe(200);
  const hidden = hiddenFields(await form.text());
  const body = ticketBody({ kilometer: `${40 + Math.floor(Math.random() * 40)},${Math.floor(Math.random() * 9)}` });
  const send = async (extra: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries({ ...hidden, ...extra })) data.append(name, value);
    for (const [name, value] of Object.entries(body)) data.append(name, String(value));
    data.set('intent', 'create');
    for (const file of files) data.append('files', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
    return fetch(`${webUrl}/driver/events/new`, { method: 'POST', body: data, headers: { cookie, origin: webUrl }, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  };
  let answer = await send({});
  if (answer.status === 200) {
    // Possible duplicates near that kilometre were shown first: confirm as the person would.
    const nearbyChecked = hiddenFields(await answer.text()).nearbyChecked;
    answer = await send({ nearbyChecked: nearbyChecked ?? '' });
  }
  return answer;
}

describe('the attachment storage down (S3 refused, then stalled)', () => {
  let s3: TestS3;
  let proxy: TcpProxy;
  let deployment: Deployment;
  let driverToken: string;
  let cookie: string;
  let ticket: { id: number; folio: string };
  let attachmentId: string;
  const api = () => deployment.apis[0]!.url;
  const web = () => deployment.webs[0]!.url;

  beforeAll(async () => {
    s3 = await startTestS3();
    proxy = await startTcpProxy({ port: Number(new URL(s3.settings.endpoint).port) });
    const { bucket, region, accessKeyId, secretAccessKey } = s3.settings;
    deployment = await startDeployment({
      apis: 1,
      env: {
        ...FAST_PROBES,
        S3_ENDPOINT: proxy.url('http'),
        S3_BUCKET: bucket,
        S3_REGION: region,
        S3_ACCESS_KEY_ID: accessKeyId,
        S3_SECRET_ACCESS_KEY: secretAccessKey,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      webEnv: () => ({ METRICS_TOKEN }),
    });
    driverToken = await tokenOf(api(), 'conductor@concesion.demo');
    cookie = await webSignIn(web(), 'conductor@concesion.demo');
    ticket = await createTicket(api(), driverToken);
    const upload = await uploadThroughApi(ticket.id);
    expect(upload.status).toBe(201);
    attachmentId = (await upload.json()).payload[0].id;
  });
  afterAll(async () => {
    await deployment?.stop();
    await proxy?.close();
    await s3?.close();
  });

  function uploadThroughApi(id: number): Promise<Response> {
    const data = new FormData();
    data.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
    return fetch(`${api()}/api/ticket/${id}/attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${driverToken}`, 'idempotency-key': randomUUID() },
      body: data,
      signal: AbortSignal.timeout(30_000),
    });
  }

  for (const fault of ['refuse', 'stall'] as const) {
    it(`S3 ${fault === 'refuse' ? 'refused' : 'stalled'}: readiness 200, pages and new events without files work, attachments answer the Spanish 503 with Retry-After, peer_up 0; all back after heal`, async () => {
      proxy[fault]();
      try {
        await expect.poll(() => peerUp(api(), 'storage'), { timeout: 15_000, interval: 500 }).toBe('0');
        expect(await peerUp(api(), 'database')).toBe('1');
        // The balancer keeps the replica: only the attachments are degraded.
        expect((await fetch(`${api()}/api/ready`)).status).toBe(200);
        expect((await fetch(`${web()}/readyz`)).status).toBe(200);

        // The rest of the site works: the home page, the list, the event page.
        expect((await page(web(), '/driver/dashboard', cookie)).status).toBe(200);
        expect((await page(web(), '/driver/events', cookie)).status).toBe(200);
        const eventPage = await page(web(), `/driver/events/${ticket.id}`, cookie);
        expect(eventPage.status).toBe(200);
        says(await eventPage.text(), ticket.folio);
        // The web counts the API as up: it answers (its storage is not the web's peer).
        expect(await peerUp(web(), 'api')).toBe('1');

        // A new event without files is created, and its page shows.
        const created = await webNewEvent(web(), cookie);
        expect([302, 303]).toContain(created.status);
        expect(created.headers.get('location')).toMatch(/^\/driver\/events\/\d+$/);
        const createdPage = await page(web(), created.headers.get('location')!, cookieAfter(created, cookie));
        expect(createdPage.status).toBe(200);
        says(await createdPage.text(), messages.ticketCreated);

        // A download, through the API and through the web: the attachments' own message, Retry-After.
        const started = Date.now();
        const fromApi = await fetch(`${api()}/api/ticket/${ticket.id}/attachment/${attachmentId}`, { headers: { authorization: `Bearer ${driverToken}` } });
        expect(fromApi.status).toBe(503);
        expect(fromApi.headers.get('retry-after')).toBe('30');
        expect((await fromApi.json()).errors.message).toBe(messages.attachmentStorageDown);
        const fromWeb = await page(web(), `/driver/events/${ticket.id}/attachments/${attachmentId}`, cookie);
        expect(fromWeb.status).toBe(503);
        expect(fromWeb.headers.get('retry-after')).toBe('30');
        expect(fromWeb.headers.get('content-type')).toMatch(/^text\/html/);
        const downloadPage = await fromWeb.text();
        says(downloadPage, 'Los adjuntos no están disponibles por ahora');
        says(downloadPage, `href="/driver/events/${ticket.id}"`);
        // At once, not after the store's own timeouts.
        expect(Date.now() - started).toBeLessThan(5_000);

        // An upload through the API: 503 in Spanish with Retry-After, nothing stored.
        const upload = await uploadThroughApi(ticket.id);
        expect(upload.status).toBe(503);
        expect(upload.headers.get('retry-after')).toBe('30');
        expect((await upload.json()).errors.message).toBe(messages.attachmentStorageDown);

        // A new event WITH a photo: the event is kept, and its page says the photo did not arrive, and why.
        const withPhoto = await webNewEvent(web(), cookie, [{ name: 'foto.png', type: 'image/png', content: PNG }]);
        expect([302, 303]).toContain(withPhoto.status);
        const location = withPhoto.headers.get('location')!;
        expect(location).toMatch(/\?archivos=pendientes$/);
        const photoPage = await (await page(web(), location, cookieAfter(withPhoto, cookie))).text();
        says(photoPage, messages.ticketCreatedFilesMissingLink);
        says(photoPage, messages.attachmentStorageDown);
      } finally {
        proxy.heal();
      }
      await expect.poll(() => peerUp(api(), 'storage'), { timeout: 15_000, interval: 500 }).toBe('1');
      const again = await page(web(), `/driver/events/${ticket.id}/attachments/${attachmentId}`, cookie);
      expect(again.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await again.arrayBuffer()), PNG)).toBe(0);
      expect((await uploadThroughApi(ticket.id)).status).toBe(201);
    });
  }
});

describe('the database down (refused, then stalled)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let proxy: TcpProxy;
  let deployment: Deployment;
  let cookie: string;
  let ticket: { id: number; folio: string };
  let attachmentId: string;
  const api = () => deployment.apis[0]!.url;
  const web = () => deployment.webs[0]!.url;

  beforeAll(async () => {
    // The API reaches PostgreSQL through the proxy only; the deployment's own database is unused.
    database = await freshDatabase();
    proxy = await startTcpProxy({ port: Number(new URL(SERVER_URL).port || 5432) });
    const throughProxy = new URL(database.url);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    deployment = await startDeployment({ apis: 1, env: FAST_PROBES, apiEnv: () => ({ DATABASE_URL: throughProxy.toString() }) });
    cookie = await webSignIn(web(), 'conductor@concesion.demo');
    const token = await tokenOf(api(), 'conductor@concesion.demo');
    ticket = await createTicket(api(), token);
    const data = new FormData();
    data.append('files', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'foto.png');
    const uploaded = await fetch(`${api()}/api/ticket/${ticket.id}/attachment`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: data });
    expect(uploaded.status).toBe(201);
    attachmentId = (await uploaded.json()).payload[0].id;
  });
  afterAll(async () => {
    await deployment?.stop();
    await proxy?.close();
    await database?.drop();
  });

  for (const fault of ['refuse', 'stall'] as const) {
    it(`PostgreSQL ${fault === 'refuse' ? 'refused' : 'stalled'}: pages answer the product's own 503 page with Retry-After, readiness stays 200, peer_up 0; pages work again after heal without restarts`, async () => {
      proxy[fault]();
      try {
        await expect.poll(() => peerUp(api(), 'database'), { timeout: 20_000, interval: 500 }).toBe('0');
        for (const address of ['/driver/events', `/driver/events/${ticket.id}`]) {
          const answer = await page(web(), address, cookie);
          expect(answer.status).toBe(503);
          expect(answer.headers.get('retry-after')).toBe('5');
          const html = await answer.text();
          // The product's page (its shell and Spanish text), not a balancer's bare 503.
          says(html, '<html lang="es"');
          says(html, 'Servicio no disponible');
        }
        // A download needs the database (who may read the file): a Spanish 503 page too, never a 500.
        const download = await page(web(), `/driver/events/${ticket.id}/attachments/${attachmentId}`, cookie);
        expect(download.status).toBe(503);
        expect(download.headers.get('retry-after')).toBeTruthy();
        says(await download.text(), messages.serviceUnavailable);
        expect((await fetch(`${api()}/api/ready`)).status).toBe(200);
        expect((await fetch(`${web()}/readyz`)).status).toBe(200);
      } finally {
        proxy.heal();
      }
      await expect.poll(async () => (await page(web(), `/driver/events/${ticket.id}`, cookie)).status, { timeout: 30_000, interval: 500 }).toBe(200);
      says(await (await page(web(), `/driver/events/${ticket.id}`, cookie)).text(), ticket.folio);
      await expect.poll(() => peerUp(api(), 'database'), { timeout: 15_000, interval: 500 }).toBe('1');
    });
  }
});

describe('the start-up lock', () => {
  it('three APIs started together on an empty database all come up, while another connection holds the lock for 6 s (past the pool’s 4 s timeout)', async () => {
    for (let round = 0; round < 2; round++) {
      const database = await freshDatabase();
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      await holder.query('select pg_advisory_lock(4110017)');
      const apis: Proc[] = [];
      const dataDir = await mkdtemp(path.join(tmpdir(), 'faults-lock-'));
      try {
        for (let i = 0; i < 3; i++) {
          const port = await freePort();
          apis.push(startProcess(`${process.env.BUILD_DIR ?? 'build'}/api/server.mjs`, { API_PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url, SEED: 'demo', TWO_STEP_ROLES: '' }, port));
        }
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        // Still waiting, none gave up.
        for (const api of apis) expect(api.child.exitCode, api.output()).toBeNull();
        await holder.query('select pg_advisory_unlock(4110017)');
        await Promise.all(apis.map((api) => waitFor(`${api.url}/api/ready`, 90).catch((error: Error) => Promise.reject(new Error(`${error.message}\n${api.output()}`)))));
        for (const api of apis) expect((await fetch(`${api.url}/api/ready`)).status).toBe(200);
        const { rows } = await holder.query(`select count(*)::int as n from profile where email = 'admin@concesion.demo'`);
        expect(rows[0].n).toBe(1);
      } finally {
        await Promise.all(apis.map(stopProcess));
        await holder.end();
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  }, 240_000);
});
