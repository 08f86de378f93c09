import type { HeadersFunction } from 'react-router';

/**
 * The headers of a page that can show a secret (the second step's key, recovery codes): never
 * kept, and `no-transform`, so neither our server nor a proxy compresses it. A compressed page
 * that shows a secret beside text an attacker chose leaks the secret through its size (BREACH;
 * docs/decisions/127-pages-compressed-in-process.md). Cookies keep the order they have without a
 * headers function: the parent's first, the page's own after.
 */
export const secretPageHeaders: HeadersFunction = ({ parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'no-store, no-transform');
  return headers;
};
