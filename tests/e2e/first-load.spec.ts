import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, DEMO_PASSWORD, HTTP_ONLY } from './fixtures';

/**
 * What a first visit really gets, checked on the production build of the installed React Router
 * (the document as the web server writes it, the modules as it serves them), so the fragile
 * optimisations fail loudly instead of silently stopping:
 * - the script-priority rewrite (app/server/ssr/script-priority.server.ts, decision 062) works by regular
 *   expressions on React Router's output and lets anything of another shape through unchanged;
 *   a React Router upgrade that changed the shape would only show as a slower page;
 * - zod stays out of every page's first-load JavaScript, downloaded on the first focus in a form
 *   (docs/decisions/063-validation-loaded-on-first-focus.md; the 200 KB budget of
 *   docs/decisions/065-first-load-javascript-under-200-kb.md counted on it);
 * - i18next (and react-i18next) stay on the server: the browser translates with the catalogue
 *   alone (docs/decisions/123-the-browser-translates-without-i18next.md).
 * Only HTTP requests (the `request` fixture): the same in the js and nojs projects.
 */

/**
 * Texts the minifier cannot rename (strings that zod and i18next keep at run time), found in the
 * installed packages. Each one alone identifies its library; the build turns quotes into
 * backticks, so the markers hold no quotes.
 */
const MARKERS = {
  // zod v4's core (node_modules/zod/v4/core/schemas.js, errors.js): every schema class is made by
  // `$constructor("$ZodType", …)` and every failed parse by `$constructor("$ZodError", …)`; the
  // trait names are looked up at run time (`traits.has("$ZodType")`), so they survive any
  // minification, in zod and zod/mini alike. The login page's lazily loaded validator chunk must
  // hold both (checked below), so a zod upgrade renaming them fails here instead of passing.
  zod: ['$ZodType', '$ZodError'],
  // i18next's own code (node_modules/i18next/dist/esm/i18next.js): the backend connector's warning
  // and the guard of hasLoadedNamespace, both in the core every i18next instance bundles.
  i18next: ['No backend was added via i18next.use', 'hasLoadedNamespace: i18next was not initialized'],
  // react-i18next (node_modules/react-i18next/dist/es/useTranslation.js, context.js), which
  // decision 123 removed with it.
  'react-i18next': ['You will need to pass in an i18next instance by using initReactI18next'],
} as const;

const visitorAddress = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** Served modules, by path: immutable in a build, shared by the tests of a worker. */
const modules = new Map<string, Promise<string>>();
function fetchModule(request: APIRequestContext, path: string): Promise<string> {
  let text = modules.get(path);
  if (!text) {
    text = request.get(path).then(async (response) => {
      expect(response.status(), `GET ${path}`).toBe(200);
      expect(response.headers()['content-type'], `GET ${path}`).toMatch(/javascript/);
      return response.text();
    });
    modules.set(path, text);
  }
  return text;
}

/** The bootstrap React Router writes at the end of <body>: the module script setting the route modules. */
function bootstrapOf(html: string): string {
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const bootstraps = scripts.filter((text) => text.includes('__reactRouterRouteModules'));
  expect(bootstraps, 'one bootstrap module script').toHaveLength(1);
  return bootstraps[0]!;
}

/** The rewrite of app/server/ssr/script-priority.server.ts applied to the real document (compared as facts, for a short failure). */
function expectScriptsAfterFirstPaint(html: string) {
  const bootstrap = bootstrapOf(html);
  const at = (text: string) => bootstrap.indexOf(text);
  expect({
    activeModulePreloads: html.match(/<[^<>]*\brel="modulepreload"[^<>]*>|rel="modulepreload"/g) ?? [],
    heldModulePreloads: (html.match(/\bdata-after-paint="modulepreload"/g)?.length ?? 0) > 0,
    bootstrapWaitsForPaint: bootstrap.includes('requestAnimationFrame'),
    bootstrapImportsDynamically: bootstrap.includes('await import('),
    bootstrapStaticImports: bootstrap.match(/\bimport \* as \w+ from "[^"]*"/g) ?? [],
    // The wait comes first: the held preloads and the route modules start after it.
    waitThenPreloadsThenModules: at('requestAnimationFrame') < at('link[data-after-paint]') && at('link[data-after-paint]') < at('const route0 = await import('),
  }).toEqual({
    activeModulePreloads: [],
    heldModulePreloads: true,
    bootstrapWaitsForPaint: true,
    bootstrapImportsDynamically: true,
    bootstrapStaticImports: [],
    waitThenPreloadsThenModules: true,
  });
}

/**
 * The page's first-load JavaScript, as bench/lib/weight.mjs counts it (module preloads, held or
 * not; script src; the bootstrap's imports of /assets/*.js), plus every module those import
 * statically, which the browser loads with them whether preloaded or not.
 */
async function firstLoadScripts(request: APIRequestContext, html: string): Promise<Map<string, string>> {
  const start = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\b(?:rel|data-after-paint)="modulepreload"/.test(tag)) start.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) start.add(m[1]!);
  for (const m of bootstrapOf(html).matchAll(/import\s*\(?\s*["'](\/assets\/[^"']+\.js)["']/g)) start.add(m[1]!);
  expect([...start].some((path) => /\/entry\.client-[^/]+\.js$/.test(path)), 'the client entry is among the scripts').toBe(true);

  const scripts = new Map<string, string>();
  const queue = [...start];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (scripts.has(path)) continue;
    const code = await fetchModule(request, path);
    scripts.set(path, code);
    // Static imports and re-exports (`import{a as b}from"./x.js"`, `import"./x.js"`), not import("./x.js").
    for (const m of code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(new URL(m[1]!, `http://x${path}`).pathname);
    }
  }
  return scripts;
}

/** Which library's markers each script holds: none may. */
function markersIn(scripts: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [path, code] of scripts) {
    for (const [library, markers] of Object.entries(MARKERS)) {
      for (const marker of markers) if (code.includes(marker)) found.push(`${library} (${marker}) in ${path}`);
    }
  }
  return found;
}

async function checkPage(request: APIRequestContext, path: string, headers: Record<string, string>) {
  return test.step(path, async () => {
    const response = await request.get(path, { headers, maxRedirects: 0 });
    expect(response.status(), `GET ${path}`).toBe(200);
    const html = await response.text();
    expectScriptsAfterFirstPaint(html);
    const scripts = await firstLoadScripts(request, html);
    expect(markersIn(scripts), `zod or i18next in the first load of ${path}`).toEqual([]);
    return { html, scripts };
  });
}

async function signIn(request: APIRequestContext, baseURL: string, email: string, headers: Record<string, string>) {
  const response = await request.post('/user/login', {
    headers: { ...headers, origin: new URL(baseURL).origin },
    form: { email, password: DEMO_PASSWORD, terms: 'on', redirectTo: '' },
    maxRedirects: 0,
  });
  expect([302, 303], `sign-in of ${email}`).toContain(response.status());
  expect(response.headers().location).not.toMatch(/\/user\/login/);
}

test('the sign-in page: scripts after the first paint, no zod or i18next before it, zod only with the form', HTTP_ONLY, async ({ request }) => {
  const headers = { 'x-forwarded-for': visitorAddress() };
  const { scripts } = await checkPage(request, '/user/login', headers);

  // The markers are alive: the chunks the page loads later (its form's validator, decision 063)
  // hold zod and every zod marker, so zod in the first load could not go unnoticed.
  const later = new Set<string>();
  for (const code of scripts.values()) {
    for (const m of code.matchAll(/["'](?:\.\/|\/?assets\/)([\w.-]+\.js)["']/g)) {
      const path = `/assets/${m[1]}`;
      if (!scripts.has(path)) later.add(path);
    }
  }
  const lazyCode = await Promise.all([...later].map((path) => fetchModule(request, path)));
  for (const marker of MARKERS.zod) {
    expect(lazyCode.some((code) => code.includes(marker)), `zod's marker ${marker} in the validator the form loads`).toBe(true);
  }
  // i18next is in no client chunk at all: its markers are checked against its own code.
  const sources = { i18next: 'i18next/dist/esm/i18next.js', 'react-i18next': 'react-i18next/dist/es/useTranslation.js' } as const;
  for (const [library, file] of Object.entries(sources) as [keyof typeof sources, string][]) {
    const code = readFileSync(fileURLToPath(new URL(`../../node_modules/${file}`, import.meta.url)), 'utf8');
    for (const marker of MARKERS[library]) expect(code, `${library}'s marker in its own code`).toContain(marker);
  }
});

test("a driver's pages: scripts after the first paint, no zod or i18next before it", HTTP_ONLY, async ({ request, baseURL }) => {
  const headers = { 'x-forwarded-for': visitorAddress() };
  await signIn(request, baseURL!, demo.driver, headers);
  await checkPage(request, '/driver/dashboard', headers);
  const { html } = await checkPage(request, '/driver/events', headers);
  await checkPage(request, '/driver/events/new', headers);
  const id = /href="\/driver\/events\/(\d+)"/.exec(html)?.[1];
  expect(id, 'an event in the list').toBeTruthy();
  await checkPage(request, `/driver/events/${id}`, headers);
});

test("an operator's pages: scripts after the first paint, no zod or i18next before it", HTTP_ONLY, async ({ request, baseURL }) => {
  const headers = { 'x-forwarded-for': visitorAddress() };
  await signIn(request, baseURL!, demo.operator, headers);
  await checkPage(request, '/operator/dashboard', headers);
  await checkPage(request, '/operator/events', headers);
});
