// What a first visit downloads: HTML, inline CSS, stylesheets and JavaScript, gzip-measured.
import { gzipSync } from 'node:zlib';

const gz = (text) => gzipSync(Buffer.from(text)).length;

export async function pageWeight(base, path, headers = {}) {
  const html = await (await fetch(base + path, { headers })).text();
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  const cssLinks = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  const scripts = new Set([
    // Module preloads, also those held until the first paint (app/server/ssr/script-priority.server.ts).
    ...[...html.matchAll(/<link[^>]+(?:rel|data-after-paint)="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/import\s*\(?\s*["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]),
  ]);
  let cssGzip = 0;
  for (const href of cssLinks) cssGzip += gz(await (await fetch(base + href)).text());
  let jsGzip = 0;
  for (const src of scripts) jsGzip += gz(await (await fetch(base + src)).text());
  return {
    htmlBytes: Buffer.byteLength(html),
    htmlGzip: gz(html),
    inlineCssBytes: Buffer.byteLength(inlineCss),
    cssGzip,
    jsGzip,
    requests: 1 + cssLinks.length + scripts.size,
    noJsRequests: 1 + cssLinks.length,
    noJsGzip: gz(html) + cssGzip,
  };
}
