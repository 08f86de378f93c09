// `npm run bench`: seeds a database, runs the production builds of both services and
// measures them side by side. Writes bench/results/latest.{json,md}.
//   --tickets=N (100000; --million for 1M)  --export-rows=N (200000)
//   --duration=S (10)  --no-lighthouse  --no-build
//   --no-seed: measure the database as it is (PostgreSQL seeded by an earlier run with the same flags)
//   --only=uploads: only issue 35's upload budgets (bench/lib/uploads.mjs, bench/upload-resume.ts), on a
//     fresh embedded database with the demo data; the other results in latest.json are kept as they were
// PostgreSQL when DATABASE_URL is set (it should name an empty database), else the embedded one.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { load, timeIt } from './lib/load.mjs';
import { cpuMs, memorySampler, rssMiB, start, stop, waitFor } from './lib/processes.mjs';
import { pageCounts } from './lib/counts.mjs';
import { pageWeight } from './lib/weight.mjs';
import { lighthouseScores } from './lib/lighthouse.mjs';
import { toMarkdown } from './lib/markdown.mjs';
import { regular3gAttachments } from './lib/uploads.mjs';

const flag = (name, fallback) => {
  const arg = process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  return arg.includes('=') ? arg.split('=')[1] : true;
};
let tickets = flag('million', false) ? 1_000_000 : Number(flag('tickets', 100_000));
const exportRows = Number(flag('export-rows', 200_000));
const duration = Number(flag('duration', 10));
const only = flag('only', null);
if (only !== null && only !== 'uploads') throw new Error(`--only=${only}: solo se conoce --only=uploads`);
const onlyUploads = only === 'uploads';
const WARM_UP_SECONDS = 3;
const BUILD_DIR = 'build-bench';
const BARE_BUILD_DIR = path.resolve('build-bench-bare');
const WEB = 'http://127.0.0.1:3400';
const BARE = 'http://127.0.0.1:3401';
const API = 'http://127.0.0.1:4400';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
/** Issue 36's searches (decision 170): words of the seeded "Bache de gran tamaño en la pista derecha, dañó mi neumático." at Placilla, out of order and unaccented; a folio's short number. */
const SEARCH_WORDS = 'neumatico placilla bache';
const SEARCH_SHORT_FOLIO = '4321';
/** api/domain/search/words.ts allWordsInFolded: one word in ticket.search_text, stored folded (migration 0023). */
const searchWord = (i) => `search_text like lower(ticket_search_fold($${i}))`;
const databaseUrl = process.env.DATABASE_URL;
// --only=uploads keeps away from the seeded database a full run left (and from DATABASE_URL).
const dataDir = path.resolve(onlyUploads ? 'bench/.data-uploads' : 'bench/.data');
const dbEnv = databaseUrl && !onlyUploads ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
const step = (text) => console.log(`\n== ${text}`);
const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} falló`);
};

if (!flag('no-build', false)) {
  step('Build (production, with the in-product comparison page)');
  run('npm', ['run', '--silent', 'build'], { BUILD_DIR, BENCH_FLOOR: '1' });
  if (!onlyUploads) {
    step('Build the bare React Router app (bench/bare-app)');
    run('npx', ['react-router', 'build', 'bench/bare-app'], { BARE_BUILD_DIR });
  }
}

let seedSeconds = null;
if (onlyUploads) {
  step('Uploads only: a fresh embedded database with the demo data');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
} else if (flag('no-seed', false)) {
  step('Seeding skipped (--no-seed): the database as an earlier run left it');
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    tickets = Number((await client.query('select count(*) from ticket')).rows[0].count);
    await client.end();
  }
} else {
  step(`Seeding ${tickets.toLocaleString('es-CL')} tickets (${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})`);
  if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });
  const seedStarted = Date.now();
  run('npx', ['tsx', 'api/platform/db/seed/bulk.ts', String(tickets)], dbEnv);
  run('npx', ['tsx', 'bench/seed-export-month.ts', String(exportRows)], dbEnv);
  seedSeconds = (Date.now() - seedStarted) / 1000;
}

const api = start('API', [`${BUILD_DIR}/api/server.mjs`], {
  ...dbEnv,
  API_PORT: '4400',
  NODE_ENV: 'production',
  TOTP_ENCRYPTION_KEYS: 'bench:BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=',
  LOG_LEVEL: 'error',
  SEED: 'demo',
  TWO_STEP_ROLES: '',
  METRICS_TOKEN,
});
const web = start('Web', ['server/web.mjs'], {
  BUILD_DIR,
  PORT: '3400',
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789',
  CONCESSION_API_URL: API,
  METRICS_TOKEN,
});
const bare = onlyUploads ? null : start('Bare app', ['bench/bare-app/server.mjs'], { BARE_BUILD_DIR, PORT: '3401' });
const results = {
  when: new Date().toISOString(),
  tickets,
  exportRows,
  database: databaseUrl ? 'postgres' : 'embedded',
  seedSeconds,
  pages: {},
  api: {},
  exports: {},
  weight: {},
  lighthouse: {},
  lighthouse3g: {},
  uploads: null,
};

/** A signed-in session of the web app: its cookie, and an API token of the same account. */
async function signIn(email, listPath = '/api/ticket/list/all') {
  const form = new URLSearchParams({ email, password: 'Demo-2026', terms: 'on', redirectTo: '' });
  const login = await fetch(`${WEB}/user/login`, { method: 'POST', body: form, redirect: 'manual' });
  let cookie = String(login.headers.get('set-cookie')).split(';')[0];
  // The first page after signing in shows the "signed in" toast and clears it from the
  // session, as a browser would; measuring with the login's cookie would show it every time.
  const landing = await fetch(WEB + login.headers.get('location'), { headers: { cookie }, redirect: 'manual' });
  cookie = String(landing.headers.get('set-cookie') ?? cookie).split(';')[0];
  const auth = await fetch(`${API}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo-2026', providerId: 'email', tokenId: '' }),
  });
  const bearer = { authorization: String(auth.headers.get('authorization')) };
  const someTicket = (await (await fetch(`${API}${listPath}?size=1`, { headers: bearer })).json()).payload.content[0]?.id;
  return { cookie, bearer, someTicket };
}

/** Issue 35's budgets: the Regular 3G attachment both ways, and the bytes of an upload cut at half and resumed. */
async function measureUploads() {
  step('Uploads: a 4 MB 4000 × 3000 photo through the new-event form at 360 px on Regular 3G (700 kbps, 300 ms), without and with JavaScript');
  const email = 'conductor@concesion.demo';
  const attach = await regular3gAttachments({ web: WEB, api: API, email, password: 'Demo-2026', workDir: dataDir });
  console.log(attach);
  step('Uploads: the same photo by tus through a counting TCP proxy, uncut and cut at 50% then resumed');
  const { bearer } = await signIn(email, '/api/ticket/list/me');
  const resume = spawnSync('npx', ['tsx', 'bench/upload-resume.ts', API, attach.photoPath], {
    env: { ...process.env, BENCH_BEARER: bearer.authorization },
    encoding: 'utf8',
  });
  if (resume.status !== 0) throw new Error(`upload-resume falló: ${resume.stderr}`);
  const resumed = JSON.parse(resume.stdout.trim().split('\n').at(-1));
  console.log(resumed);
  const { photoPath: _file, ...measured } = attach;
  return { when: new Date().toISOString(), ...measured, resume: resumed };
}

try {
  await waitFor(`${API}/api/health`);
  await waitFor(`${WEB}/user/login`);
  if (onlyUploads) {
    results.uploads = await measureUploads();
  } else {
    await waitFor(BARE);

    const { cookie, bearer, someTicket } = await signIn('operador@concesion.demo');
    const pages = {
      bare: '/',
      floor: '/bench/floor',
      login: '/user/login',
      dashboard: '/operator/dashboard',
      events: '/operator/events',
      detail: `/operator/events/${someTicket}`,
      newEvent: '/operator/events/new',
    };
    const baseOf = (name) => (name === 'bare' ? BARE : WEB);
    const headersOf = (name) => (name === 'bare' || name === 'floor' || name === 'login' ? {} : { cookie });
    /** A timed run of one page, with the CPU each request cost the web (or bare) process and the API. */
    const measure = async (name) => {
      const server = name === 'bare' ? bare : web;
      const cpuBefore = { web: cpuMs(server.pid), api: cpuMs(api.pid) };
      const measured = await load(baseOf(name) + pages[name], { headers: headersOf(name), duration });
      measured.webCpuMs = Math.round(((cpuMs(server.pid) - cpuBefore.web) / Math.max(measured.requests, 1)) * 100) / 100;
      measured.apiCpuMs = Math.round(((cpuMs(api.pid) - cpuBefore.api) / Math.max(measured.requests, 1)) * 100) / 100;
      return measured;
    };
    step('Web throughput (autocannon, 10 connections, each page warmed up first, the bare app measured again just before it)');
    // Untimed: the first seconds of a page run its code cold (V8 compiles it as it goes).
    await load(BARE + pages.bare, { duration: WARM_UP_SECONDS });
    results.pages.bare = { ...(await measure('bare')), ratio: 1 };
    console.log('bare', results.pages.bare);
    for (const name of Object.keys(pages).filter((page) => page !== 'bare')) {
      await load(WEB + pages[name], { headers: headersOf(name), duration: WARM_UP_SECONDS });
      // This shared machine's speed drifts by as much as three times within minutes: each page is
      // compared with the bare app measured right before it, not with a run minutes earlier.
      const bareNow = await measure('bare');
      const measured = await measure(name);
      measured.bareRps = bareNow.rps;
      measured.bareWebCpuMs = bareNow.webCpuMs;
      // Shares of the bare React Router app (the framework's floor) and of the in-product page.
      measured.ratio = Math.round((measured.rps / bareNow.rps) * 100) / 100;
      if (results.pages.floor) measured.floorRatio = Math.round((measured.rps / results.pages.floor.rps) * 100) / 100;
      Object.assign(measured, await pageCounts({ web: WEB, api: API, token: METRICS_TOKEN }, pages[name], headersOf(name)));
      results.pages[name] = measured;
      console.log(name, measured);
    }

    step('API latency, beside the same SQL run directly');
    const apiCalls = {
      listPage0: '/api/ticket/list/all?page=0&size=10',
      listPage500: '/api/ticket/list/all?page=500&size=10',
      filtered: '/api/ticket/list/all?page=0&size=10&tab=active&sector=Placilla',
      // Issue 37: the late filter (the "atrasados" counter as a link), on the deadlines the calendars set.
      listLate: '/api/ticket/list/all?page=0&size=10&late=true',
      // Issue 36 (decision 170): words out of order, without accents, one of them the sector;
      // and a folio by its short number.
      searchWords: `/api/ticket/list/all?page=0&size=10&q=${encodeURIComponent(SEARCH_WORDS)}`,
      searchShortFolio: `/api/ticket/list/all?page=0&size=10&q=${SEARCH_SHORT_FOLIO}`,
      detail: `/api/ticket/${someTicket}`,
      statistics: '/api/report/reportStatistic',
    };
    for (const [name, url] of Object.entries(apiCalls)) {
      results.api[name] = await load(API + url, { headers: bearer, duration: Math.min(duration, 5) });
      console.log(name, results.api[name]);
    }
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const direct = {
        // The API's own order (NULLS LAST, as its indexes): a plain DESC would sort the whole table.
        listPage0: () => client.query('select * from ticket order by created_at desc nulls last, id desc nulls last limit 10'),
        listPage500: () => client.query('select * from ticket order by created_at desc nulls last, id desc nulls last limit 10 offset 5000'),
        filtered: () =>
          client.query("select * from ticket where status_code <> 'CLOSED' and sector = 'Placilla' order by created_at desc nulls last, id desc nulls last limit 10"),
        // The API's search (api/domain/tickets/list.ts): each word a LIKE on the stored, indexed document.
        searchWords: () =>
          client.query(
            `select * from ticket where ${SEARCH_WORDS.split(' ').map((_, i) => searchWord(i + 1)).join(' and ')} order by created_at desc nulls last, id desc nulls last limit 10`,
            SEARCH_WORDS.split(' ').map((w) => `%${w}%`),
          ),
        searchShortFolio: () =>
          client.query(`select * from ticket where ${searchWord(1)} order by created_at desc nulls last, id desc nulls last limit 10`, [
            `%${SEARCH_SHORT_FOLIO}%`,
          ]),
        detail: () => client.query('select * from ticket join classification c on c.id = ticket.classification_id where ticket.id = $1', [someTicket]),
        statistics: () => client.query('select type, status_code, count(*) from ticket group by grouping sets ((type), (status_code), ())'),
      };
      for (const [name, fn] of Object.entries(direct)) {
        const sqlTime = await timeIt(fn, name === 'statistics' ? 10 : 200);
        results.api[name].sql = sqlTime;
        results.api[name].ratio = Math.round((results.api[name].p95 / Math.max(sqlTime.p95, 0.01)) * 10) / 10;
      }
      await client.end();
    }

    step(`Report export: ${exportRows.toLocaleString('es-CL')} rows`);
    // Read with node:http, whose reading costs least: the client shares this machine's two cores
    // with the API and the database, and its own cost is not the export's.
    const exportOnce = (format) =>
      new Promise((resolve, reject) => {
        const baseline = rssMiB(api.pid);
        const sampler = memorySampler(api.pid);
        const started = performance.now();
        let firstByte = null;
        let bytes = 0;
        const request = http.get(`${API}/api/report/1?month=2&year=2020&format=${format}`, { headers: bearer }, (response) => {
          response.on('data', (chunk) => {
            firstByte ??= performance.now() - started;
            bytes += chunk.length;
          });
          response.on('error', reject);
          response.on('end', () => {
            const seconds = (performance.now() - started) / 1000;
            const peak = sampler.stop();
            resolve({
              firstByteMs: Math.round(firstByte),
              seconds: Math.round(seconds * 10) / 10,
              rowsPerSecond: Math.round(exportRows / seconds),
              megabytes: Math.round((bytes / 1e6) * 10) / 10,
              memoryGrowthMiB: Math.round(peak - baseline),
            });
          });
        });
        request.on('error', reject);
      });
    results.exports.xlsx = await exportOnce('xlsx');
    console.log('xlsx', results.exports.xlsx);
    // The CSV's rate against PostgreSQL's own COPY of the same month, measured just before and
    // after it (bench/copy-baseline.ts); best of two on each side.
    const csvRuns = [await exportOnce('csv'), await exportOnce('csv')];
    results.exports.csv = csvRuns.reduce((best, run) => (run.rowsPerSecond > best.rowsPerSecond ? run : best));
    if (databaseUrl) {
      const copy = spawnSync('npx', ['tsx', 'bench/copy-baseline.ts', String(exportRows)], { env: { ...process.env, ...dbEnv }, encoding: 'utf8' });
      if (copy.status !== 0) throw new Error(`copy-baseline falló: ${copy.stderr}`);
      const line = copy.stdout.trim().split('\n').at(-1);
      results.exports.copy = JSON.parse(line);
      results.exports.csv.shareOfCopy = Math.round((results.exports.csv.rowsPerSecond / results.exports.copy.formattedRowsPerSecond) * 100) / 100;
    }
    console.log('csv', results.exports.csv, results.exports.copy ?? '(no COPY on the embedded database)');

    // Issue 37 (decision 183): the service-level report of the same month, as the inspector asks for it:
    // the API's JSON, its file, and the web page that shows it (first byte and whole answer).
    step(`Service-level report: ${exportRows.toLocaleString('es-CL')} events in the month`);
    const inspector = await signIn('inspector@concesion.demo');
    const timedGet = (url, headers) =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        let firstByte = null;
        let bytes = 0;
        const request = http.get(url, { headers }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          response.on('data', (chunk) => {
            firstByte ??= performance.now() - started;
            bytes += chunk.length;
          });
          response.on('error', reject);
          response.on('end', () =>
            resolve({ firstByteMs: Math.round(firstByte), totalMs: Math.round(performance.now() - started), kilobytes: Math.round(bytes / 1024) }),
          );
        });
        request.on('error', reject);
      });
    results.serviceLevel = {
      api: await timedGet(`${API}/api/report/service-level?month=2&year=2020`, inspector.bearer),
      xlsx: await timedGet(`${API}/api/report/4?month=2&year=2020&format=xlsx`, inspector.bearer),
      csv: await timedGet(`${API}/api/report/4?month=2&year=2020&format=csv`, inspector.bearer),
      page: await timedGet(`${WEB}/inspector/reports/service-level?period=2020-02`, { cookie: inspector.cookie }),
    };
    console.log('service level', results.serviceLevel);

    step('Page weight');
    for (const [name, page] of Object.entries(pages)) {
      results.weight[name] = await pageWeight(baseOf(name), page, headersOf(name));
    }

    if (!flag('no-lighthouse', false)) {
      step('Lighthouse 12 (mobile, median of 3)');
      for (const name of ['login', 'dashboard', 'events', 'detail', 'newEvent']) {
        results.lighthouse[name] = await lighthouseScores(WEB + pages[name], { cookie: name === 'login' ? undefined : cookie });
        console.log(name, results.lighthouse[name]);
      }
      // The driver's own screens, as a phone on a weak road signal loads them.
      step('Lighthouse 12 (Regular 3G: 300 ms RTT, 700 kbps, 4x CPU; the driver; median of 3)');
      const driver = await signIn('conductor@concesion.demo', '/api/ticket/list/me');
      const driverPages = {
        dashboard: '/driver/dashboard',
        events: '/driver/events',
        newEvent: '/driver/events/new',
        detail: `/driver/events/${driver.someTicket}`,
      };
      for (const [name, page] of Object.entries(driverPages)) {
        results.lighthouse3g[name] = await lighthouseScores(WEB + page, { cookie: driver.cookie, throttling: 'regular3g' });
        console.log(name, results.lighthouse3g[name]);
      }
    }
    results.uploads = await measureUploads();
  }
} finally {
  await stop(web);
  await stop(api);
  if (bare) await stop(bare);
}

mkdirSync('bench/results', { recursive: true });
if (onlyUploads && existsSync('bench/results/latest.json')) {
  // The other measurements stay as the last full run left them; results.when says when that was.
  const { uploads } = results;
  Object.assign(results, JSON.parse(readFileSync('bench/results/latest.json', 'utf8')), { uploads });
}
const stamp = results.when.slice(0, 19).replace(/[:T]/g, '-');
writeFileSync('bench/results/latest.json', JSON.stringify(results, null, 2));
writeFileSync(`bench/results/${stamp}.json`, JSON.stringify(results, null, 2));
writeFileSync('bench/results/latest.md', toMarkdown(results));
console.log(`\n${toMarkdown(results)}`);
