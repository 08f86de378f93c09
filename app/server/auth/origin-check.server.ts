import { data, type MiddlewareFunction } from 'react-router';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * May this request change something? Only when it comes from one of the app's own pages: a
 * browser's `Origin` (or, without one, its `Sec-Fetch-Site`) must say the same site. A client that
 * sends neither is not a browser a third-party page could drive, so it goes on. Hosts are compared,
 * not schemes: behind a TLS-terminating proxy the app sees http while the browser says https.
 */
export function isSameOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (origin === 'null') return false;
    try {
      return new URL(origin).host === new URL(request.url).host;
    } catch {
      return false;
    }
  }
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

/**
 * The one origin check of the web app: in the root's middleware, so it runs before every action
 * of every route, pages and resource routes (upload, logout, theme) alike. See docs/security.md, V3.5.1.
 */
export const originCheckMiddleware: MiddlewareFunction<Response> = ({ request }, next) => {
  if (!isSameOriginWrite(request)) throw data('Origen no permitido', { status: 403 });
  return next();
};
