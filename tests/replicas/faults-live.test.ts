import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTicket, DEMO_PASSWORD, SERVER_URL, startDeployment, tokenOf, type Deployment } from './cluster';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * Live notifications that heal (docs/decisions/142-live-notifications-that-heal.md), on the real
 * PostgreSQL with two API processes: API 0 reaches the database through a TCP proxy that can
 * refuse or silence it, API 1 directly. Web 0 relays API 0's streams.
 */
const HEARTBEAT_MS = 1_000;
const METRICS_TOKEN = 'faults-live-metrics-0123456789';
/** What PostgreSQL's simple query carries when the channel listens (api/platform/cluster/channel.ts). */
const LISTEN_SQL = 'listen concesion_cluster';

let deployment: Deployment;
let proxy: TcpProxy;

beforeAll(async () => {
  const server = new URL(SERVER_URL);
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  deployment = await startDeployment({
    apis: 2,
    env: { CLUSTER_HEARTBEAT_MS: String(HEARTBEAT_MS), METRICS_TOKEN },
    apiEnv: (i, databaseUrl): Record<string, string> => {
      if (i !== 0) return {};
      const throughProxy = new URL(databaseUrl);
      throughProxy.hostname = '127.0.0.1';
      throughProxy.port = String(proxy.port);
      return { DATABASE_URL: throughProxy.toString() };
    },
    // A busy web process collects its young garbage often: the relay must not depend on
    // objects nobody holds (the Request copies React Router makes).
    webEnv: () => ({ METRICS_TOKEN, NODE_OPTIONS: '--max-semi-space-size=1' }),
  });
});
afterAll(async () => {
  proxy?.heal();
  await deployment?.stop();
  await proxy?.close();
});

const api = (i: number) => deployment.apis[i]!.url;
const web = (i: number) => deployment.webs[i]!.url;

/** One sample of a metric without labels on a process's /metrics. */
async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no ${name} in /metrics of ${url}`);
  return Number(line.slice(name.length + 1));
}

async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A live stream read as it comes: its text, its `ready` events' counts, and whether it ended. */
function openStream(url: string, headers: Record<string, string>) {
  let text = '';
  let ended = false;
  const request = http.get(url, { headers }, (res) => {
    res.on('data', (chunk: Buffer) => (text += chunk.toString()));
    res.on('close', () => (ended = true));
    res.on('error', () => (ended = true));
  });
  request.on('error', () => (ended = true));
  return {
    text: () => text,
    ended: () => ended,
    readyCounts: () => [...text.matchAll(/event: ready\ndata: (\{.*\})/g)].map((m) => (JSON.parse(m[1]!) as { unread: number }).unread),
    until: (what: string, ms: number, check: (text: string) => boolean) => until(what, ms, async () => check(text)),
    leave: () => request.destroy(),
  };
}

async function profileIdOf(apiUrl: string, token: string): Promise<string> {
  const me = await (await fetch(`${apiUrl}/api/user/me`, { headers: { authorization: `Bearer ${token}` } })).json();
  return me.payload.userProfileDto.id as string;
}

/** A new ticket assigned to `assigneeId` through `apiUrl`: the assignee is notified. */
async function assignNew(apiUrl: string, supervisor: string, assigneeId: string): Promise<string> {
  const ticket = await createTicket(apiUrl, supervisor);
  const assigned = await fetch(`${apiUrl}/api/ticket/${ticket.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${supervisor}`, 'content-type': 'application/json' },
    body: JSON.stringify({ assignedToId: assigneeId }),
  });
  expect(assigned.status).toBe(200);
  return ticket.folio;
}

async function webCookie(webUrl: string, email: string): Promise<string> {
  const signIn = await fetch(`${webUrl}/user/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: webUrl },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD, terms: 'on', redirectTo: '' }),
  });
  return signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** The API process's JSON log lines with `msg` containing `text`. */
const logLines = (i: number, text: string) =>
  deployment.apis[i]!.output()
    .split('\n')
    .filter((line) => line.includes(text))
    .map((line) => JSON.parse(line) as { level: number; msg: string; component?: string });

describe('the LISTEN connection', () => {
  it('gone silent: detected within two heartbeats, replaced, streams resync, and the next notifications arrive', async () => {
    const supervisor = await tokenOf(api(1), 'supervisor@concesion.demo');
    const operator = await tokenOf(api(0), 'operador@concesion.demo');
    const operatorId = await profileIdOf(api(0), operator);
    const stream = openStream(`${api(0)}/api/notification/stream`, { authorization: `Bearer ${operator}` });
    await stream.until('ready', 5_000, (text) => text.includes('event: ready'));
    // Healthy: the heartbeat comes back every period.
    expect(await metric(api(0), 'cluster_listen_heartbeat_age_seconds')).toBeLessThan(2 * (HEARTBEAT_MS / 1000));
    const reconnectionsBefore = await metric(api(0), 'cluster_listen_reconnections_total');

    // The LISTEN connection (and only it) goes silent; nothing errors or closes.
    expect(proxy.stallMatching(LISTEN_SQL)).toBe(1);
    const stalledAt = Date.now();
    const missed = await assignNew(api(1), supervisor, operatorId);
    // Not delivered: the NOTIFY went to a connection that no longer forwards anything.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.text()).not.toContain(missed);
    // The heartbeat's age rises past two periods...
    const oldest = await until('heartbeat age past 2 periods', 5_000, async () => {
      const age = await metric(api(0), 'cluster_listen_heartbeat_age_seconds');
      return age > 2 * (HEARTBEAT_MS / 1000) ? age : undefined;
    });
    expect(oldest).toBeGreaterThan(2);
    // ...the listener is replaced and every stream gets a fresh `ready` (refetch what you show)
    // whose count includes what was missed.
    await stream.until('resync ready', 3 * HEARTBEAT_MS + 5_000, () => stream.readyCounts().length >= 2);
    const [first, resynced] = stream.readyCounts();
    expect(resynced).toBe(first! + 1);
    // Two periods of silence, then a new connection (slack for a machine under load).
    expect(Date.now() - stalledAt).toBeLessThan(3 * HEARTBEAT_MS + 5_000);
    const reconnections = await until('reconnection counted', 3_000, async () => {
      const total = await metric(api(0), 'cluster_listen_reconnections_total');
      return total > reconnectionsBefore ? total - reconnectionsBefore : undefined;
    });
    // ...and the age falls back below a period once the new connection hears its heartbeat.
    await until('heartbeat age back under 2 periods', 3 * HEARTBEAT_MS, async () => (await metric(api(0), 'cluster_listen_heartbeat_age_seconds')) < 2 * (HEARTBEAT_MS / 1000));

    // One JSON line (the API's logger) per detection and one per reconnection (on a loaded
    // machine a late heartbeat may count as one more of each).
    const detected = logLines(0, 'heartbeat not heard back');
    const reconnected = logLines(0, 'listener reconnected');
    expect(detected.length).toBeGreaterThanOrEqual(1);
    expect(detected).toHaveLength(reconnections);
    expect(reconnected).toHaveLength(reconnections);
    expect(detected[0]!.component).toBe('cluster-channel');
    expect(detected[0]!.level).toBe(40);

    // The next notifications arrive within a second again.
    const next = await assignNew(api(1), supervisor, operatorId);
    await stream.until('next notification', 1_000, (text) => text.includes(next));
    expect(stream.text()).not.toContain(missed);
    stream.leave();
  });
});

describe('the database refused for a few seconds', () => {
  it('streams open before resync (or end) once it heals, and notifications resume, on streams old and new', async () => {
    const supervisor = await tokenOf(api(1), 'supervisor@concesion.demo');
    const driver = await tokenOf(api(0), 'conductor@concesion.demo');
    const operator = await tokenOf(api(0), 'operador@concesion.demo');
    const operatorId = await profileIdOf(api(0), operator);
    const before = openStream(`${api(0)}/api/notification/stream`, { authorization: `Bearer ${operator}` });
    await before.until('ready', 5_000, (text) => text.includes('event: ready'));

    proxy.refuse();
    // Meanwhile, API 0 cannot open a stream (its database is gone), and what is raised elsewhere
    // cannot reach it.
    const during = await fetch(`${api(0)}/api/notification/stream`, { headers: { authorization: `Bearer ${driver}` } });
    expect(during.status).toBe(503);
    await during.body?.cancel();
    const lost = await assignNew(api(1), supervisor, operatorId);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    proxy.heal();

    // The stream opened before either ends (the browser reconnects) or resyncs with the count.
    await before.until('resync or end', 10_000, () => before.ended() || before.readyCounts().length >= 2);
    if (!before.ended()) expect(before.readyCounts()[1]).toBe(before.readyCounts()[0]! + 1);
    expect(before.text()).not.toContain(lost);

    // A stream opened after the heal, and the old one if still open, receive what comes next.
    const after = openStream(`${api(0)}/api/notification/stream`, { authorization: `Bearer ${operator}` });
    await after.until('ready after heal', 10_000, (text) => text.includes('event: ready'));
    const next = await assignNew(api(1), supervisor, operatorId);
    await after.until('notification after heal', 2_000, (text) => text.includes(next));
    if (!before.ended()) await before.until('old stream gets it too', 2_000, (text) => text.includes(next));
    before.leave();
    after.leave();
  });
});

describe('browsers that leave', () => {
  it('100 relays whose browsers leave leave no stream open on the web nor on the API', async () => {
    const cookie = await webCookie(web(0), 'inspector@concesion.demo');
    await until('no stream open', 10_000, async () => (await metric(api(0), 'live_streams_open')) === 0 && (await metric(web(0), 'live_streams_open')) === 0);

    // 100 tabs open the stream through web 0 (held by API 0) and get their `ready`...
    const tabs = Array.from({ length: 100 }, () => openStream(`${web(0)}/resources/notifications/stream`, { cookie }));
    await Promise.all(tabs.map((tab) => tab.until('ready', 30_000, (text) => text.includes('event: ready'))));
    expect(await metric(api(0), 'live_streams_open')).toBe(100);
    expect(await metric(web(0), 'live_streams_open')).toBe(100);
    // ...stay a while (the web process collects its garbage meanwhile)...
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    // ...and leave, sockets destroyed; 20 more leave before their answer has come, each at a
    // different moment of its way (the web's session check, its call, the API's checks).
    for (const tab of tabs) tab.leave();
    const hasty = Array.from({ length: 20 }, () => openStream(`${web(0)}/resources/notifications/stream`, { cookie }));
    await Promise.all(hasty.map((tab, i) => new Promise((resolve) => setTimeout(resolve, i * 5)).then(() => tab.leave())));

    await until('the web holds none', 10_000, async () => (await metric(web(0), 'live_streams_open')) === 0);
    await until('the API holds none', 10_000, async () => (await metric(api(0), 'live_streams_open')) === 0);
    // And none comes back later (a relay answered after its browser left).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await metric(api(0), 'live_streams_open')).toBe(0);
    expect(await metric(web(0), 'live_streams_open')).toBe(0);
  });
});
