// Builds the service worker (app/offline/service-worker.ts, decision 139) after `react-router build`:
// esbuild bundles it, workbox-build's injectManifest writes build/client/sw.js with the precache
// list of what the driver's "Nuevo evento" needs without coverage, and nothing more: the client
// entry, the root, area layout and new-event route modules with everything they import (statically
// or lazily: the validator, the outbox) and their styles, read from React Router's build manifest
// and the modules themselves, and the offline page written here.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

const buildDir = process.env.BUILD_DIR ?? 'build';
const client = path.join(buildDir, 'client');
const assets = path.join(client, 'assets');

/** The route modules the new-event page is made of (app/routes.ts ids). */
const ROUTES = ['root', 'area', 'area-events-new'];

// React Router's manifest is a `manifest-<hash>.js` that assigns window.__reactRouterManifest; a
// route module may have the same name (routes/resources/web-manifest.ts once did): read to tell.
let manifestFile;
let manifestText = '';
for (const name of (await readdir(assets)).filter((file) => /^manifest-[\w-]+\.js$/.test(file))) {
  const text = await readFile(path.join(assets, name), 'utf8');
  if (text.startsWith('window.__reactRouterManifest=')) [manifestFile, manifestText] = [name, text];
}
if (!manifestFile) throw new Error(`No React Router manifest in ${assets}`);
const manifest = JSON.parse(manifestText.slice(manifestText.indexOf('{'), manifestText.lastIndexOf('}') + 1));

const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
for (const id of ROUTES) {
  const route = manifest.routes[id];
  if (!route) throw new Error(`No route ${id} in the React Router manifest`);
  for (const file of [route.module, ...(route.imports ?? []), ...(route.css ?? [])]) files.add(file);
}

// Whatever these modules name in /assets (lazy chunks, stylesheets imported with ?url), to the end.
const existing = new Set(await readdir(assets));
const REFERENCE = /(?:\/assets\/|["'`]\.\/)([\w.-]+\.(?:js|css))\b/g;
const queue = [...files].filter((file) => file.endsWith('.js'));
// The manifest itself (every page's modules are named in it) is needed, not followed.
files.add(`/assets/${manifestFile}`);
while (queue.length > 0) {
  const file = queue.pop();
  const text = await readFile(path.join(client, file), 'utf8');
  for (const [, name] of text.matchAll(REFERENCE)) {
    const url = `/assets/${name}`;
    if (!existing.has(name) || files.has(url)) continue;
    files.add(url);
    if (name.endsWith('.js')) queue.push(url);
  }
}

// The page a navigation gets with no link: plain, Spanish, no script.
const OFFLINE_PAGE = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sin conexión · Atención a usuarios</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:24px 16px;color:#1c2025;background:#fff;line-height:1.5}
main{max-width:36rem;margin:0 auto}
h1{font-size:1.5rem;margin:0 0 12px}
a{color:#0b57d0;font-weight:600}
li{margin:8px 0}
</style>
</head>
<body>
<main>
<h1>Sin conexión</h1>
<p>No hay cobertura en este momento, y esta página no está guardada en el dispositivo.</p>
<p>Puede escribir un reporte igual: quedará guardado en este teléfono y se enviará solo cuando vuelva la cobertura.</p>
<ul>
<li><a href="/driver/events/new">Nuevo evento</a></li>
<li><a href="/driver/dashboard">Reportes guardados en este dispositivo</a></li>
</ul>
</main>
</body>
</html>
`;
await writeFile(path.join(client, 'offline.html'), OFFLINE_PAGE);
files.add('/offline.html');

const bundled = path.join(buildDir, 'sw.bundle.js');
await build({
  entryPoints: ['app/offline/service-worker.ts'],
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2020',
  outfile: bundled,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});

const { count, size, warnings } = await injectManifest({
  swSrc: bundled,
  swDest: path.join(client, 'sw.js'),
  globDirectory: client,
  globPatterns: [...files].map((file) => file.replace(/^\//, '')),
  // Fingerprinted files: their name is their revision.
  dontCacheBustURLsMatching: /^assets\//,
  maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
});
await rm(bundled);
for (const warning of warnings) console.warn(warning);
console.log(`Service worker: ${count} files precached (${Math.round(size / 1024)} KB)`);
if (process.env.SW_LIST) console.log([...files].sort().join('\n'));
