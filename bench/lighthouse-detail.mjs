// What a Lighthouse performance score is made of, for public paths of the benchmark's build:
//   node bench/lighthouse-detail.mjs /bench/floor /user/login
// Needs build-bench/ (made by `npm run bench`); starts both services on the demo data, runs
// Lighthouse once per path with its mobile profile and prints the metrics and their causes.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { start, stop, waitFor } from './lib/processes.mjs';
const BUILD_DIR = 'build-bench';
const api = start('API', [`${BUILD_DIR}/api/server.mjs`], { DATA_DIR: 'bench/.data-lighthouse', API_PORT: '4400', NODE_ENV: 'production', TOTP_ENCRYPTION_KEYS: 'bench:BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=', LOG_LEVEL: 'error', SEED: 'demo', TWO_STEP_ROLES: '' });
const web = start('Web', ['server/web.mjs'], { BUILD_DIR, PORT: '3400', NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789', CONCESSION_API_URL: 'http://127.0.0.1:4400' });
try {
  await waitFor('http://127.0.0.1:4400/api/health'); await waitFor('http://127.0.0.1:3400/user/login');
  // Signed in as the demo operator for the paths that need it.
  const form = new URLSearchParams({ email: 'operador@concesion.demo', password: 'Demo-2026', terms: 'on', redirectTo: '' });
  const login = await fetch('http://127.0.0.1:3400/user/login', { method: 'POST', body: form, redirect: 'manual' });
  const cookie = String(login.headers.get('set-cookie')).split(';')[0];
  for (const path of process.argv.slice(2)) {
    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
    const r = await lighthouse('http://127.0.0.1:3400' + path, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { Cookie: cookie } });
    await chrome.kill();
    const a = r.lhr.audits;
    console.log(path, 'score', r.lhr.categories.performance.score * 100);
    for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'interactive', 'bootup-time', 'mainthread-work-breakdown', 'render-blocking-resources', 'unused-javascript', 'largest-contentful-paint-element'])
      console.log('  ', id, a[id]?.displayValue ?? '', a[id]?.score ?? '');
    const lcp = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet; console.log('   LCP node', lcp);
    const rb = a['render-blocking-resources']?.details?.items?.map((i) => i.url + ' ' + i.wastedMs); console.log('   blocking', rb);
  }
} finally { await stop(api); await stop(web); }
