import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTicket, DEMO_PASSWORD, startDeployment, tokenOf, type Deployment } from './cluster';

/**
 * Stopping a process during a deploy (docs/decisions/114-graceful-shutdown-and-readiness.md): SIGTERM with a
 * live stream open and a request under way. SHUTDOWN_TIMEOUT_MS is 3 s here.
 */
let deployment: Deployment;
beforeAll(async () => {
  // Two pairs: web 1 → API 1 stops its web; web 0 → API 0 stops its API.
  deployment = await startDeployment({ apis: 2, env: { SHUTDOWN_TIMEOUT_MS: '3000' } });
});
afterAll(() => deployment?.stop());

const exited = (proc: Deployment['apis'][number]) =>
  new Promise<number>((resolve) => {
    if (proc.child.exitCode !== null) return resolve(0);
    const started = Date.now();
    proc.child.once('exit', () => resolve(Date.now() - started));
  });

/** An open SSE stream; resolves `ended` when the server ends it. */
function openStream(url: string, headers: Record<string, string>) {
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const ended = new Promise<number>((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('event: ready')) ready();
      });
      res.on('end', () => resolve(Date.now()));
      res.on('error', () => resolve(Date.now()));
    });
    // A connection cut by the server ends the stream too.
    req.on('error', (error) => (/socket hang up|ECONNRESET/.test(error.message) ? resolve(Date.now()) : reject(error)));
  });
  return { isReady, ended };
}

describe('SIGTERM', () => {
  it('on the web app: the live relay ends at once, readiness fails, and the process exits within the deadline', async () => {
    const web = deployment.webs[1];
    expect((await fetch(`${web!.url}/readyz`)).status).toBe(200);
    const signIn = await fetch(`${web!.url}/user/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: web!.url },
      body: new URLSearchParams({ email: 'operador@concesion.demo', password: DEMO_PASSWORD, terms: 'on', redirectTo: '' }),
    });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const stream = openStream(`${web!.url}/resources/notifications/stream`, { cookie });
    await stream.isReady;
    const stoppedAt = Date.now();
    const gone = exited(web!);
    web!.child.kill('SIGTERM');
    expect((await stream.ended) - stoppedAt).toBeLessThan(1_000);
    const readiness = await fetch(`${web!.url}/readyz`).then((r) => r.status, () => 'refused');
    expect(readiness).not.toBe(200);
    expect(await gone).toBeLessThan(4_000);
  });

  it('on the API: a live stream (and its relay through the web app) ends at once, an upload under way still completes, and the process exits within the deadline', async () => {
    const [api] = deployment.apis;
    const [web] = deployment.webs;
    expect((await fetch(`${api!.url}/api/ready`)).status).toBe(200);
    const driver = await tokenOf(api!.url, 'conductor@concesion.demo');
    const { id: ticketId } = await createTicket(api!.url, driver);
    const stream = openStream(`${api!.url}/api/notification/stream`, { authorization: `Bearer ${driver}` });
    await stream.isReady;
    // And a browser's stream through the web app, relayed from this API.
    const signIn = await fetch(`${web!.url}/user/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: web!.url },
      body: new URLSearchParams({ email: 'supervisor@concesion.demo', password: DEMO_PASSWORD, terms: 'on', redirectTo: '' }),
    });
    const relayed = openStream(`${web!.url}/resources/notifications/stream`, { cookie: signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') });
    await relayed.isReady;

    // An upload from a slow phone: the first half now, the rest after SIGTERM.
    const boundary = 'x-boundary';
    const head = `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="parte.pdf"\r\ncontent-type: application/pdf\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const bodyText = `%PDF-1.4\n${'a'.repeat(2040)}`;
    const upload = new Promise<number>((resolve, reject) => {
      const req = http.request(`${api!.url}/api/ticket/${ticketId}/attachment`, {
        method: 'POST',
        headers: { authorization: `Bearer ${driver}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': Buffer.byteLength(head + bodyText + tail) },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(head + bodyText.slice(0, 1024));
      setTimeout(() => req.end(bodyText.slice(1024) + tail), 1_000);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    const gone = exited(api!);
    api!.child.kill('SIGTERM');
    expect((await stream.ended) - stoppedAt).toBeLessThan(1_000);
    // The web app's relay ends its browser stream with the API's, so the browser reconnects elsewhere.
    expect((await relayed.ended) - stoppedAt).toBeLessThan(1_000);
    expect(await upload).toBe(201);
    expect(await gone).toBeLessThan(4_000);
  });
});
