import { describe, expect, it } from 'vitest';
import { holdModulePreloads, runScriptsAfterFirstPaint } from './script-priority.server';

describe('holdModulePreloads', () => {
  it('makes every module preload inert, keeping its other attributes, and leaves other tags alone', () => {
    const head =
      '<link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
      '<link nonce="n" rel="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/assets/app.css"/>';
    expect(holdModulePreloads(head)).toBe(
      '<link rel="icon" href="/favicon.svg"/><link data-after-paint="modulepreload" href="/assets/a.js" nonce="n"/>' +
        '<link nonce="n" data-after-paint="modulepreload" href="/assets/b.js"/><link rel="stylesheet" href="/assets/app.css"/>',
    );
    expect(holdModulePreloads(holdModulePreloads(head))).toBe(holdModulePreloads(head));
  });
});

describe('runScriptsAfterFirstPaint', () => {
  // The shape React Router 7.18.4's <Scripts> writes (route discovery inlines the matched routes'
  // manifest, pretty-printed); tests/e2e/first-load.spec.ts checks the rewrite on the real output.
  const manifest = {
    entry: { module: '/assets/entry.client-3.js', imports: ['/assets/chunk-4.js'], css: [] },
    routes: {
      root: { id: 'root', path: '', hasLoader: true, hasDefaultExport: true, module: '/assets/root-1.js', imports: ['/assets/chunk-4.js'], css: [] },
      'routes/account/login': { id: 'routes/account/login', parentId: 'root', path: 'user/login', module: '/assets/login-2.js', imports: [], css: [] },
    },
    url: '/assets/manifest-5.js',
    version: '5',
  };
  const manifestScript = `window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};`;
  const bootstrap =
    '<script nonce="n" type="module" async="">;\nimport * as route0 from "/assets/root-1.js";\nimport * as route1 from "/assets/login-2.js";\n' +
    `  ${manifestScript}\n` +
    '  window.__reactRouterRouteModules = {"root":route0,"routes/account/login":route1};\n\nimport("/assets/entry.client-3.js");</script>';

  it('waits for a paint, starts the held preloads, then imports the same modules in the same order', () => {
    const out = runScriptsAfterFirstPaint(`<p>Hola</p>${bootstrap}<script nonce="n">other()</script>`);
    const script = out.slice(out.indexOf('<script nonce="n" type="module"'), out.indexOf('</script>') + 9);
    const body = script.slice(script.indexOf('>') + 1, -9);
    expect(out.startsWith('<p>Hola</p><script nonce="n" type="module" async="">')).toBe(true);
    expect(out.endsWith('<script nonce="n">other()</script>')).toBe(true);
    expect(body.indexOf('requestAnimationFrame')).toBeLessThan(body.indexOf('link[data-after-paint]'));
    expect(body.indexOf('link[data-after-paint]')).toBeLessThan(body.indexOf('const route0 = await import("/assets/root-1.js");'));
    expect(body.indexOf('const route0')).toBeLessThan(body.indexOf('const route1 = await import("/assets/login-2.js");'));
    expect(body).toContain(manifestScript);
    expect(body).toContain('import("/assets/entry.client-3.js");');
    expect(body).not.toMatch(/import \* as/);
  });

  it('runs in a module: the rewritten bootstrap is valid JavaScript with top-level await', async () => {
    const out = runScriptsAfterFirstPaint(bootstrap);
    const body = out.slice(out.indexOf('>') + 1, out.lastIndexOf('</script>'));
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => unknown;
    expect(() => new AsyncFunction(body)).not.toThrow();
  });

  it('leaves other scripts and a bootstrap of another shape as they are', () => {
    const other = '<script type="module">import { x } from "/a.js"; x();</script>';
    expect(runScriptsAfterFirstPaint(other)).toBe(other);
    expect(runScriptsAfterFirstPaint('<p>import * as route0 from "x";</p>')).toBe('<p>import * as route0 from "x";</p>');
  });
});
