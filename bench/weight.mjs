// Page weight of a running product, without the rest of the benchmark: what a first visit
// downloads (gzip JavaScript, HTML and CSS), measured as bench/run.mjs measures it.
//   node bench/weight.mjs [WEB_URL] [--as=operador@concesion.demo] [PATH ...]
// Paths default to the benchmark's pages; `:ticket` stands for a ticket of the list.
import { pageWeight } from './lib/weight.mjs';

const args = process.argv.slice(2);
const WEB = args.find((a) => a.startsWith('http')) ?? 'http://127.0.0.1:3000';
const email = args.find((a) => a.startsWith('--as='))?.slice(5) ?? 'operador@concesion.demo';
const area = { 'conductor@concesion.demo': 'driver', 'admin@concesion.demo': 'admin', 'inspector@concesion.demo': 'inspector', 'supervisor@concesion.demo': 'supervisor' }[email] ?? 'operator';
const paths = args.filter((a) => a.startsWith('/'));
const budgets = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(new URL('./budgets.json', import.meta.url), 'utf8')));

const form = new URLSearchParams({ email, password: 'Demo-2026', terms: 'on', redirectTo: '' });
const login = await fetch(`${WEB}/user/login`, { method: 'POST', body: form, redirect: 'manual' });
let cookie = String(login.headers.get('set-cookie')).split(';')[0];
const landing = await fetch(WEB + login.headers.get('location'), { headers: { cookie }, redirect: 'manual' });
cookie = String(landing.headers.get('set-cookie') ?? cookie).split(';')[0];

let ticket = '';
if (paths.length === 0 || paths.some((p) => p.includes(':ticket'))) {
  const list = await (await fetch(`${WEB}/${area}/events`, { headers: { cookie } })).text();
  ticket = list.match(new RegExp(`/${area}/events/(\\d+)`))?.[1] ?? '1';
}
const pages = (paths.length ? paths : ['/user/login', `/${area}/dashboard`, `/${area}/events`, `/${area}/events/:ticket`, `/${area}/events/new`]).map((p) =>
  p.replace(':ticket', ticket),
);

let missed = false;
for (const path of pages) {
  const w = await pageWeight(WEB, path, path.startsWith('/user/') ? {} : { cookie });
  const over = w.jsGzip > budgets.jsGzipBytes.max || w.htmlGzip + w.cssGzip > budgets.htmlCssGzipBytes.max;
  missed ||= over;
  console.log(`${over ? 'OVER' : 'ok  '} ${path}: JS ${(w.jsGzip / 1024).toFixed(1)} KB gzip (budget ${budgets.jsGzipBytes.max / 1024}), HTML+CSS ${((w.htmlGzip + w.cssGzip) / 1024).toFixed(1)} KB gzip`);
}
process.exit(missed ? 1 : 0);
