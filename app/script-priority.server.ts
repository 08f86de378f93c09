const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")(?![^>]*\bfetchpriority=)/g;

/**
 * Marks the page's module preloads (React Router's `<Scripts>`, hoisted into <head>) as low
 * priority. Every page is complete without JavaScript, so on a slow phone the stylesheet and
 * the text come first and the scripts, which only add interactivity, after them: measured
 * with Lighthouse's mobile profile, first paint went from 2.6 s to 0.9 s (decision 062).
 */
export function lowerModulePreloadPriority(headHtml: string): string {
  return headHtml.replace(MODULE_PRELOAD, '<link fetchpriority="low"');
}
