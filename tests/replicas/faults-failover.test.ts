import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketBody } from '../shared/ticket-body';
import { startBalancer, type Balancer } from './balancer';
import { createTicket, DEMO_PASSWORD, SESSION_SECRET, startDeployment, startProcess, tokenOf, waitFor, type Deployment, type Proc } from './cluster';

/**
 * Losing an API process costs only its requests in flight; a rolling restart shows no 503
 * (docs/decisions/143-web-fails-over-between-apis.md). Two API processes and two web processes, each web given
 * both API addresses; a load of signed-in page views and new events (each with its submission
 * key) from a few concurrent clients.
 */
const buildDir = process.env.BUILD_DIR ?? 'build';
/** Writes are not limited by the quotas here: the load creates a few hundred events. */
const API_ENV = { QUOTA_EVENTS_PER_HOUR: '100000', QUOTA_EVENTS_PER_DAY: '100000', SHUTDOWN_TIMEOUT_MS: '10000' };
const CONCURRENCY = 4;
const METRICS_TOKEN = 'failover-metrics-token-0123456789';

let deployment: Deployment;
let apiUrls: string;
let driverCookie: string;
let ticketId: number;

beforeAll(async () => {
  deployment = await startDeployment({
    apis: 2,
    env: API_ENV,
    webEnv: (_i, apis) => ({ CONCESSION_API_URL: apis.map((api) => api.url).join(','), WEB_API_PROBE_MS: '300', METRICS_TOKEN }),
  });
  apiUrls = deployment.apis.map((api) => api.url).join(',');
  driverCookie = await signIn(deployment.webs[0]!.url, 'conductor@concesion.demo');
  ticketId = (await createTicket(deployment.apis[0]!.url, await tokenOf(deployment.apis[0]!.url, 'conductor@concesion.demo'))).id;
});
afterAll(() => deployment?.stop());

async function signIn(webUrl: string, email: string): Promise<string> {
  const response = await fetch(`${webUrl}/user/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD, terms: 'on', redirectTo: '' }),
  });
  if (response.status !== 302 && response.status !== 303) throw new Error(`sign-in through the web: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function query<T>(sql: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: deployment.databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}

type Outcome = { kind: 'page' | 'write'; status: number | 'network'; started: number; ended: number; description?: string; ticket?: number };

/**
 * `CONCURRENCY` clients against `baseUrl` until `stop()`: each in turn views the events list,
 * creates an event through the new-event form (with its submission key) and views it.
 */
function runLoad(baseUrl: string) {
  const outcomes: Outcome[] = [];
  let running = true;
  let serial = 0;
  const client = async (c: number) => {
    const headers = { cookie: driverCookie, origin: baseUrl };
    while (running) {
      const step = serial++;
      const started = Date.now();
      if (step % 3 === 1) {
        const description = `Carga de prueba ${c}-${step} ${crypto.randomUUID()}`;
        const body = ticketBody({ description });
        const form = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
        form.set('submissionKey', `carga-${crypto.randomUUID()}`);
        // The possible duplicates were already shown for this place (the form's own field).
        form.set('nearbyChecked', '30.5|NORTH_SOUTH');
        try {
          const response = await fetch(`${baseUrl}/driver/events/new`, {
            method: 'POST',
            redirect: 'manual',
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            body: form,
          });
          await response.body?.cancel();
          const location = response.headers.get('location') ?? '';
          const ticket = /\/events\/(\d+)/.exec(location)?.[1];
          outcomes.push({ kind: 'write', status: response.status, started, ended: Date.now(), description, ticket: ticket ? Number(ticket) : undefined });
        } catch {
          outcomes.push({ kind: 'write', status: 'network', started, ended: Date.now(), description });
        }
      } else {
        const path = step % 3 === 0 ? '/driver/events' : `/driver/events/${ticketId}`;
        try {
          const response = await fetch(`${baseUrl}${path}`, { headers, redirect: 'manual' });
          await response.arrayBuffer();
          outcomes.push({ kind: 'page', status: response.status, started, ended: Date.now() });
        } catch {
          outcomes.push({ kind: 'page', status: 'network', started, ended: Date.now() });
        }
      }
    }
  };
  const clients = Array.from({ length: CONCURRENCY }, (_, c) => client(c));
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(clients);
      return outcomes;
    },
  };
}

const failed = (o: Outcome) => o.status === 'network' || o.status >= 500;
const acknowledged = (o: Outcome) => o.kind === 'write' && (o.status === 302 || o.status === 303) && o.ticket !== undefined;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every acknowledged event is stored once, and no description (one per attempt) is stored twice. */
async function expectWritesOnce(outcomes: Outcome[]) {
  const writes = outcomes.filter((o) => o.kind === 'write');
  const acked = writes.filter(acknowledged);
  expect(acked.length).toBeGreaterThan(10);
  const rows = await query<{ id: number; description: string }>('select id::int as id, description from ticket where description = any($1)', [writes.map((o) => o.description)]);
  const byDescription = new Map<string, number[]>();
  for (const row of rows) byDescription.set(row.description, [...(byDescription.get(row.description) ?? []), row.id]);
  const doubled = [...byDescription.entries()].filter(([, ids]) => ids.length > 1);
  expect(doubled, 'events stored twice').toEqual([]);
  for (const write of acked) expect(byDescription.get(write.description!), write.description).toEqual([write.ticket]);
}

function exited(proc: Proc): Promise<void> {
  return new Promise((resolve) => {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
    proc.child.once('exit', () => resolve());
  });
}

/** web_api_failovers_total by reason, from a web's /metrics. */
const failoversOf = (metrics: string): Record<string, number> =>
  Object.fromEntries([...metrics.matchAll(/^web_api_failovers_total\{reason="(\w+)"\} (\d+)/gm)].map((m) => [m[1]!, Number(m[2])]));
const metricsOf = async (web: Proc) => (await fetch(`${web.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();

const portOf = (url: string) => new URL(url).port;

/** API process `i` again, on its port (after it stopped). */
async function restartApi(i: number) {
  const port = portOf(deployment.apis[i]!.url);
  const proc = startProcess(
    `${buildDir}/api/server.mjs`,
    { API_PORT: port, DATA_DIR: deployment.dataDir, DATABASE_URL: deployment.databaseUrl, SEED: 'demo', TWO_STEP_ROLES: '', ...API_ENV },
    Number(port),
  );
  deployment.apis[i] = proc;
  await waitFor(`${proc.url}/api/ready`, 60);
}

/** Web process `i` again, on its port, given both APIs. */
async function restartWeb(i: number) {
  const port = portOf(deployment.webs[i]!.url);
  const proc = startProcess('server/web.mjs', { PORT: port, HOST: '127.0.0.1', BUILD_DIR: buildDir, SESSION_SECRET, CONCESSION_API_URL: apiUrls, WEB_API_PROBE_MS: '300', METRICS_TOKEN }, Number(port));
  deployment.webs[i] = proc;
  await waitFor(`${proc.url}/readyz`, 60);
}

/**
 * A multipart upload of a `size`-byte PDF to the test's event, through web `webUrl`, sent in two
 * halves: the second when `second` resolves. Resolves with the web's status.
 */
function slowUpload(webUrl: string, name: string, size: number, second: Promise<unknown>) {
  const boundary = 'failover-boundary';
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.4\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const content = Buffer.alloc(size - 9, 'a');
  const length = head.length + content.length + tail.length;
  let firstSent!: () => void;
  const sent = new Promise<void>((resolve) => (firstSent = resolve));
  const done = new Promise<number>((resolve, reject) => {
    const req = http.request(`${webUrl}/driver/events/${ticketId}/attachments?submissionKey=subida-${crypto.randomUUID()}`, {
      method: 'POST',
      headers: {
        cookie: driverCookie,
        origin: webUrl,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': length,
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    const half = Math.floor(content.length / 2);
    req.write(Buffer.concat([head, content.subarray(0, half)]), () => firstSent());
    void second.then(() => req.end(Buffer.concat([content.subarray(half), tail])));
  });
  return { sent, done };
}

async function storedAttachment(name: string): Promise<number> {
  const rows = await query<{ n: number }>('select count(*)::int as n from attachment where ticket_id = $1 and file_name = $2', [ticketId, name]);
  return rows[0]!.n;
}

describe('an API process killed (kill -9) under load', () => {
  it('costs at most the requests in flight on it: no 503 after, no event stored twice', async () => {
    const load = runLoad(deployment.webs[0]!.url);
    // The second web takes half the load too.
    const other = runLoad(deployment.webs[1]!.url);
    await sleep(4_000);
    const killedAt = Date.now();
    deployment.apis[0]!.child.kill('SIGKILL');
    await exited(deployment.apis[0]!);
    await sleep(8_000);
    const outcomes = [...(await load.stop()), ...(await other.stop())];
    const failures = outcomes.filter(failed);
    if (process.env.FAILOVER_DEBUG) {
      const statuses: Record<string, number> = {};
      for (const o of outcomes) statuses[`${o.kind} ${o.status}`] = (statuses[`${o.kind} ${o.status}`] ?? 0) + 1;
      console.info('kill -9', outcomes.length, 'requests,', failures.length, 'failed,', outcomes.filter((o) => o.started > killedAt).length, 'after the kill', JSON.stringify(statuses));
    }
    // Only what was under way when the process died may fail: at most one request per client.
    expect(failures.length, JSON.stringify(failures)).toBeLessThanOrEqual(2 * CONCURRENCY);
    for (const failure of failures) expect(failure.started).toBeLessThanOrEqual(killedAt);
    const after = outcomes.filter((o) => o.started > killedAt);
    expect(after.length).toBeGreaterThan(50);
    expect(after.filter(failed)).toEqual([]);
    await expectWritesOnce(outcomes);
    // Each web counted the calls it sent again, and shows the dead address down and the other up.
    for (const web of deployment.webs) {
      const metrics = await metricsOf(web);
      const [dead, alive] = deployment.apis.map((api) => new URL(api.url).host);
      expect(metrics).toContain(`web_api_upstream_up{api="${dead}"} 0`);
      expect(metrics).toContain(`web_api_upstream_up{api="${alive}"} 1`);
      expect(Object.values(failoversOf(metrics)).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    }
  });
  // The next test needs both APIs, whatever happened here.
  afterAll(() => restartApi(0));
});

describe('a rolling restart of every API and web process under load, through a balancer checking readiness', () => {
  let balancer: Balancer;
  afterAll(() => balancer?.close());

  it('shows no 503 (no 5xx at all), stores every acknowledged event once, and completes uploads under way', async () => {
    balancer = await startBalancer(deployment.webs.map((web) => web.url), { checkMs: 200 });
    // Sign-in cookies are valid on every web process (one session secret).
    const load = runLoad(balancer.url);
    await sleep(2_000);
    const uploads: Array<{ name: string; status: number }> = [];
    const marks: Array<[string, number]> = [];
    const mark = (what: string) => marks.push([what, Date.now()]);

    for (const i of [0, 1]) {
      // The API process that gets SIGTERM while an upload is under way on it: the other API is
      // stopped first so the upload can only go to this one, and back before this one stops.
      const other = deployment.apis[1 - i]!;
      mark(`sigterm api ${1 - i}`);
      other.child.kill('SIGTERM');
      await exited(other);
      mark(`exited api ${1 - i}`);
      let release!: () => void;
      const second = new Promise<void>((resolve) => (release = resolve));
      const name = `subida-api-${i}.pdf`;
      const upload = slowUpload(deployment.webs[i]!.url, name, 2 * 1024 * 1024, second);
      await upload.sent;
      await sleep(300);
      await restartApi(1 - i);
      mark(`restarted api ${1 - i}`);
      // Both webs probe it ready again (WEB_API_PROBE_MS) before this one stops.
      await sleep(1_000);
      const api = deployment.apis[i]!;
      mark(`sigterm api ${i}`);
      api.child.kill('SIGTERM');
      const gone = exited(api);
      await sleep(200);
      release();
      uploads.push({ name, status: await upload.done });
      await gone;
      mark(`exited api ${i}`);
      await restartApi(i);
      mark(`restarted api ${i}`);
      await sleep(1_000);
    }

    // The webs did send calls again during the API restarts (refused, reset or draining).
    const failovers = await Promise.all(deployment.webs.map(async (web) => failoversOf(await metricsOf(web))));
    mark(`failovers ${JSON.stringify(failovers)}`);
    expect(failovers.flatMap((byReason) => Object.values(byReason)).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);

    for (const i of [0, 1]) {
      // A web process stopped while an upload (~1.5 s) is under way on it, then started again.
      const web = deployment.webs[i]!;
      let release!: () => void;
      const second = new Promise<void>((resolve) => (release = resolve));
      const name = `subida-web-${i}.pdf`;
      const upload = slowUpload(web.url, name, 2 * 1024 * 1024, second);
      await upload.sent;
      mark(`sigterm web ${i}`);
      web.child.kill('SIGTERM');
      const gone = exited(web);
      await sleep(1_500);
      release();
      uploads.push({ name, status: await upload.done });
      await gone;
      mark(`exited web ${i}`);
      await restartWeb(i);
      mark(`restarted web ${i}`);
      await sleep(1_000);
    }

    await sleep(1_000);
    const outcomes = await load.stop();
    if (process.env.FAILOVER_DEBUG) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync('/tmp/h3-debug.json', JSON.stringify({ marks, outcomes: outcomes.filter(failed), webs: deployment.webs.map((w) => w.output()), apis: deployment.apis.map((a) => a.output()) }, null, 1));
    }
    const statuses = new Map<string, number>();
    for (const o of outcomes) statuses.set(String(o.status), (statuses.get(String(o.status)) ?? 0) + 1);
    if (process.env.FAILOVER_DEBUG) console.info('rolling restart', JSON.stringify([...statuses]), JSON.stringify(marks));
    expect(outcomes.filter((o) => o.status === 503), JSON.stringify([...statuses])).toEqual([]);
    expect(outcomes.filter(failed), JSON.stringify([...statuses])).toEqual([]);
    expect(balancer.ownFailures()).toBe(0);
    expect(outcomes.length).toBeGreaterThan(100);
    await expectWritesOnce(outcomes);
    // Every upload answered as done (204 to a script) and its file is stored once.
    expect(uploads.map((u) => u.status)).toEqual([204, 204, 204, 204]);
    for (const upload of uploads) expect(await storedAttachment(upload.name), upload.name).toBe(1);
  });
});
