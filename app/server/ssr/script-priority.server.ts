/**
 * The page first, its scripts after it (decision 062). Every screen is complete without
 * JavaScript, which only adds interactivity, so on a slow phone the text must not wait for
 * ~200 KB of modules: neither for their download nor for their evaluation.
 *
 * React Router writes a module preload per chunk in <head> and, at the end of <body>, a
 * bootstrap module that imports the root and route modules statically and then the client
 * entry. As the document streams out:
 * - `holdModulePreloads` makes the preloads inert (`data-after-paint` instead of `rel`);
 * - `runScriptsAfterFirstPaint` makes the bootstrap wait for the first paint, then turn the
 *   preloads on (all modules fetched in parallel, as before) and import the same modules
 *   dynamically, in the same order.
 * Anything of another shape passes through unchanged, so a React Router upgrade that changes
 * it costs speed, never correctness.
 */

const MODULE_PRELOAD = /<link\b([^>]*?)\brel="modulepreload"/g;

export function holdModulePreloads(headHtml: string): string {
  return headHtml.replace(MODULE_PRELOAD, '<link$1data-after-paint="modulepreload"');
}

const BOOTSTRAP = /(<script\b[^>]*\btype="module"[^>]*>)([^<]*?\bimport \* as route0 from [^<]*)(<\/script>)/;
const STATIC_IMPORT = /\bimport \* as (\w+) from ("[^"]+");/g;

/**
 * After the next paint (a task after the next animation frame), or 100 ms at most: a tab in
 * the background paints nothing. Then the held preloads start, with their nonce.
 */
const AFTER_PAINT =
  'await new Promise((resolve) => { requestAnimationFrame(() => setTimeout(resolve, 0)); setTimeout(resolve, 100); });' +
  'for (const link of document.querySelectorAll("link[data-after-paint]")) link.rel = link.dataset.afterPaint;';

export function runScriptsAfterFirstPaint(html: string): string {
  return html.replace(BOOTSTRAP, (_match, open: string, body: string, close: string) => {
    const deferred = body.replace(STATIC_IMPORT, 'const $1 = await import($2);');
    return `${open}${AFTER_PAINT}${deferred}${close}`;
  });
}

/** The bootstrap as the document stream finds it (app/server/ssr/emotion-stream.server.ts): the script importing route0. */
export const deferBootstrap = { marker: 'import * as route0 from', rewrite: runScriptsAfterFirstPaint };
