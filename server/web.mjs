// The web app's production HTTP server: static assets from build/client (precompressed),
// everything else through React Router, pages compressed as they stream (see
// docs/decisions/004-web-server.md and 127-pages-compressed-in-process.md); answers at the
// browser's pace (144-downloads-with-backpressure.md).
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { normaliseAddress, parseTrustedProxies, passClientAddress } from './client-address.mjs';
import { REQUEST_ID_HEADER, requestIdFrom } from '../contract/request-id.mjs';
import { accessLog } from './access-log.mjs';
import { compressPages } from './compress-pages.mjs';
import { createRequestListener } from './request-listener.mjs';
import { createLogger } from './log.mjs';
import { liveStreams, mayReadMetrics, serveMetrics } from './metrics.mjs';
import { routePatternMatcher } from './route-pattern.mjs';
import { answerClientError, refuseAndClose } from './request-guard.mjs';
import { withClientSignal } from './client-signal.mjs';
import { isValidHost } from '../contract/valid-host.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
// Every line of this process is JSON with `service: "web"` (docs/decisions/145-logs-keep-the-cause-not-the-person.md).
const log = createLogger();
const build = await import(path.join(buildDir, 'server/index.js')).catch((err) => {
  log.fatal({ err }, 'the app build could not be loaded');
  process.exit(1);
});
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const trustedProxies = parseTrustedProxies(process.env.WEB_TRUSTED_PROXIES);
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
const metricsToken = process.env.METRICS_TOKEN || undefined;
if (metricsToken && metricsToken.length < 16) {
  log.fatal('Invalid configuration: METRICS_TOKEN: at least 16 characters');
  process.exit(1);
}
const routePattern = routePatternMatcher(build.routes);
/**
 * What the access log and metrics call a request the app did not name (the app names its own
 * routes: app/server/observability/observability.server.ts): what answered it, or for a response React Router passed
 * through untouched (a download from the API), the pattern matched here.
 */
const routeOf = (req) => req.routeLabel ?? (req.dynamic ? routePattern(new URL(req.url ?? '/', 'http://web').pathname) : 'static');
/** Whether the request target makes a URL (the app and the access log both build one from it). */
function isValidTarget(target) {
  try {
    new URL(target ?? '/', 'http://web');
    return true;
  } catch {
    return false;
  }
}
const logRequest = accessLog(log, routeOf);
/** The live-notification relays: they hold their connections open, so a shutdown ends them first. */
const STREAM_PATH = '/resources/notifications/stream';
const streams = new Set();
/** Answers not yet begun: a shutdown makes them close their connections (decision 143). */
const pending = new Set();
let draining = false;

/**
 * What a browser may send the web app. The adapter reads a body whole into memory before any
 * action runs, so its size is checked first: forms are small; an upload carries at most five
 * files of 10 MB. Other methods (TRACE, CONNECT...) are refused at once.
 */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const FORM_BODY_MAX = 1024 * 1024;
const UPLOAD_BODY_MAX = 64 * 1024 * 1024;

/** The status to refuse the request with before reading it, or 0 to let it through. */
function refusal(req) {
  if (!METHODS.has(req.method ?? '')) return 405;
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return 0;
  const length = req.headers['content-length'];
  if (length === undefined) return req.headers['transfer-encoding'] ? 411 : 0;
  const max = String(req.headers['content-type'] ?? '').startsWith('multipart/form-data') ? UPLOAD_BODY_MAX : FORM_BODY_MAX;
  return Number(length) > max ? 413 : 0;
}

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self)',
  // Browsers keep to HTTPS for a year once they reached the site over it (ignored over plain HTTP).
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

// Fingerprinted bundles never change; everything else in public/ may.
const assets = sirv(path.join(buildDir, 'client'), {
  etag: true,
  // The build wrote .br and .gz beside each script and stylesheet (scripts/compress-assets.mjs):
  // the smaller one goes to browsers that accept it, with no compression work per request.
  brotli: true,
  gzip: true,
  setHeaders(res, pathname) {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    res.setHeader(
      'cache-control',
      pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : // The service worker is checked for a new version at every visit (decision 139).
          pathname === '/sw.js'
          ? 'no-cache'
          : 'public, max-age=3600',
    );
  },
});

// Answers written at the browser's pace: a stalled download holds no more than a socket's worth
// here (server/request-listener.mjs, decision 144).
const app = createRequestListener({ build, mode: process.env.NODE_ENV ?? 'production', log });

/** Sets a header as the app will read it: React Router's adapter builds its Request from `req.rawHeaders`. */
function replaceRequestHeader(req, name, value) {
  const raw = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() !== name) raw.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  raw.push(name, value);
  req.rawHeaders.splice(0, req.rawHeaders.length, ...raw);
  req.headers[name] = value;
}

const server = http.createServer((req, res) => {
  // A client that resets mid-body or mid-answer ends its own request, never the process
  // (decision 131): the streams' errors are handled here, the app sees a body that never ends.
  req.on('error', (err) => log.debug({ err: { code: err.code, message: err.message } }, 'request stream error'));
  res.on('error', (err) => log.debug({ err: { code: err.code, message: err.message } }, 'response stream error'));
  // One id per request, end to end: a valid incoming one from a trusted proxy (a load balancer's,
  // WEB_TRUSTED_PROXIES) or a new one; a browser never chooses the id its requests are logged
  // under. The app sends it to the API with every call and shows it on error pages
  // (docs/decisions/121-observability.md, 131).
  req.id = requestIdFrom(req.headers[REQUEST_ID_HEADER], trustedProxies.has(normaliseAddress(req.socket.remoteAddress)));
  replaceRequestHeader(req, REQUEST_ID_HEADER, req.id);
  res.setHeader(REQUEST_ID_HEADER, req.id);
  // Draining: the request is served (its API calls go to the APIs still up) and its connection
  // closes after the answer, so the load balancer's kept-alive connections leave (decision 143).
  if (draining) res.setHeader('connection', 'close');
  else {
    pending.add(res);
    res.once('close', () => pending.delete(res));
  }
  logRequest(req, res);
  // The API throttles sign-in per client address: tell it who is really asking, and never
  // let a browser choose (server/client-address.mjs).
  passClientAddress(req, trustedProxies);
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  // A Host no URL can be built from ("[::1", "%00", empty): 400 and the connection closed, before
  // the app would fail to build its Request and leave the socket open (decision 131).
  // The same for a request target that is not a path ("http://%00/"): it would fail the app's URL
  // and, once answered, the access log's (an exception no request may raise).
  if ((req.headers.host !== undefined && !isValidHost(req.headers.host)) || !isValidTarget(req.url)) {
    req.routeLabel = '(refused)';
    refuseAndClose(req, res, 400);
    return;
  }
  const refused = refusal(req);
  if (refused) {
    req.routeLabel = '(refused)';
    res.writeHead(refused, { 'content-type': 'text/plain; charset=utf-8', connection: 'close', 'cache-control': 'no-store' }).end(http.STATUS_CODES[refused]);
    req.resume();
    return;
  }
  if (req.method === 'GET' && req.url === '/metrics' && mayReadMetrics(req, metricsToken)) {
    req.routeLabel = '/metrics';
    void serveMetrics(res);
    return;
  }
  if (req.url === '/healthz') {
    req.routeLabel = '/healthz';
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (req.url === '/readyz') {
    req.routeLabel = '/readyz';
    const ok = ready();
    res.writeHead(ok ? 200 : 503, { 'content-type': 'text/plain', 'cache-control': 'no-store', ...(ok ? {} : { 'retry-after': '1' }) }).end(ok ? 'ok' : 'no');
    return;
  }
  if (req.url?.startsWith(STREAM_PATH)) {
    streams.add(res);
    liveStreams.inc();
    res.on('close', () => {
      streams.delete(res);
      liveStreams.dec();
    });
  }
  // Pages, their data (.data) and files are never kept by the browser unless a route says
  // otherwise: after "Cerrar sesión", Back or a shared computer's cache shows nothing of the
  // previous user (decision 104). Static files set their own caching above.
  const dynamic = () => {
    req.dynamic = true;
    res.setHeader('cache-control', 'no-store');
    // The 503 page (the API or its database is down) says when to try again, as the API does.
    const writeHead = res.writeHead.bind(res);
    res.writeHead = (status, ...rest) => {
      if (status === 503 && !res.hasHeader('retry-after') && !namesRetryAfter(rest)) res.setHeader('retry-after', '5');
      return writeHead(status, ...rest);
    };
    // The browser's request as a signal held for as long as the response: aborted when the
    // response closes before it finished (the browser left), so the API calls made for it, and
    // a live relay's stream on the API, end with it (server/client-signal.mjs, decision 142).
    const clientGone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) clientGone.abort();
    });
    compressPages(req, res, () => {
      // Whatever the app still throws (a response stream failing half-way) ends this request only.
      // A request target no URL can be built from ("http://[::1/") is the client's mistake: 400.
      withClientSignal(clientGone.signal, () => app(req, res)).catch((err) => {
        const invalidUrl = err?.code === 'ERR_INVALID_URL';
        if (invalidUrl) log.warn({ requestId: req.id }, 'request target is not a URL');
        else log.error({ err }, 'request failed');
        if (!res.headersSent) refuseAndClose(req, res, invalidUrl ? 400 : 500);
        else res.destroy();
      });
    });
  };
  if (req.method === 'GET' || req.method === 'HEAD') {
    assets(req, res, dynamic);
  } else {
    dynamic();
  }
});

/**
 * Whether writeHead's own headers (an object, or raw [name, value] pairs flat or nested) already
 * say when to retry: a page's own Retry-After (the attachments' 30 s, decision 141) is kept.
 */
function namesRetryAfter(args) {
  const headers = args.find((arg) => arg && typeof arg === 'object');
  if (!headers) return false;
  const names = Array.isArray(headers) ? headers.flat().filter((_, i) => i % 2 === 0) : Object.keys(headers);
  return names.some((name) => String(name).toLowerCase() === 'retry-after');
}

/**
 * Ready for the load balancer: this process can serve (it listens, with the app's build loaded
 * before it started listening) and is not shutting down. The API's readiness is not relayed, nor
 * any peer's: a peer every replica shares would take every replica out at once; pages that need
 * one answer the product's own 503 page with Retry-After instead
 * (docs/decisions/141-readiness-and-degraded-peers.md).
 */
let listening = false;
const ready = () => listening && !draining;

// What the HTTP parser refuses (a malformed request line or header, headers over 16 KB) gets its
// 4xx and the socket closes (decision 131).
server.on('clientError', answerClientError);
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  listening = true;
  log.info({ port }, `Web lista en http://localhost:${port}`);
});
server.on('error', (err) => {
  // A port taken or refused: one JSON line, then the exit a supervisor restarts.
  log.fatal({ err }, 'the web server could not listen');
  process.exit(1);
});

// A browser that leaves mid-request aborts the API calls made for it; a rejection nobody
// awaited any more must never take the whole web process down. Anything else is logged.
// A crash still ends the process (its supervisor restarts it: docs/deploy.md), with a JSON line
// saying why instead of Node's plain stack (docs/decisions/145-logs-keep-the-cause-not-the-person.md).
process.on('uncaughtException', (err) => {
  log.fatal({ err }, 'uncaught exception');
  process.exit(1);
});
process.on('unhandledRejection', (reason) => {
  if (reason instanceof Error && reason.name === 'AbortError') return;
  log.error({ err: reason }, 'unhandled rejection');
});

/**
 * SIGTERM (a deploy) or SIGINT: readiness fails at once, live relays end (browsers reconnect to
 * another process), idle keep-alive connections close, requests under way finish, and by the
 * deadline (SHUTDOWN_TIMEOUT_MS, 10 s) the process exits whatever a client still holds.
 */
function shutdown(signal) {
  if (draining) return;
  draining = true;
  for (const res of pending) if (!res.headersSent) res.setHeader('connection', 'close');
  pending.clear();
  log.info({ signal }, 'shutting down');
  setTimeout(() => {
    log.warn({ ms: shutdownTimeoutMs }, 'shutdown deadline reached; closing every connection');
    server.closeAllConnections();
    process.exit(0);
  }, shutdownTimeoutMs).unref();
  for (const res of streams) res.destroy();
  server.close(() => {
    log.info({ signal }, 'stopped');
    process.exit(0);
  });
  server.closeIdleConnections();
}

for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => shutdown(signal));
