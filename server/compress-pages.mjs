// Pages and their data (.data) compressed for the browsers that accept it, as they stream
// (docs/decisions/127-pages-compressed-in-process.md).
import zlib from 'node:zlib';
import compression from 'compression';

/** React Router's documents, and the data of a navigation made in the browser. */
const PAGE_TYPES = /^text\/(html|x-script)\b/;

/**
 * Middleware `(req, res, next)`: gzip (level 6) or brotli (quality 4), whichever the browser
 * prefers, for pages only: downloads, the live-notification stream and static files are left
 * alone. Every chunk the app writes is flushed at once, so a page still arrives part by part.
 * A response with `Cache-Control: no-transform` (a page that shows a secret) goes as it is.
 */
export const compressPages = compression({
  filter: (req, res) => PAGE_TYPES.test(String(res.getHeader('content-type') ?? '')),
  flush: zlib.constants.Z_SYNC_FLUSH,
  brotli: { flush: zlib.constants.BROTLI_OPERATION_FLUSH },
});
