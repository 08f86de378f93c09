// One JSON access line per request (docs/decisions/121-observability.md): method, route pattern, status, milliseconds,
// bytes sent, request id, the signed-in user's role. Never the URL, its query, a header or a
// body: they may carry a reset link's token, an e-mail or a RUT. A request the browser gave up
// on (it left, or closed a live relay) is logged as aborted, not as a failure.
import pinoHttp from 'pino-http';
import { ROLE_HEADER, ROUTE_HEADER } from './log-headers.mjs';
import { requests } from './metrics.mjs';

const PROBES = new Set(['/healthz', '/readyz']);

const sentBefore = Symbol('bytes the connection had sent before this request');

/** Finds and removes one of the app's log headers, set with setHeader or passed to writeHead (a flat list or an object). */
function takeHeader(res, headers, header) {
  let value = res.getHeader(header);
  res.removeHeader(header);
  if (Array.isArray(headers)) {
    for (let i = headers.length - 2; i >= 0; i -= 2) {
      if (String(headers[i]).toLowerCase() === header) {
        value = headers[i + 1];
        headers.splice(i, 2);
      }
    }
  } else if (headers) {
    for (const name of Object.keys(headers)) {
      if (name.toLowerCase() === header) {
        value = headers[name];
        delete headers[name];
      }
    }
  }
  return value === undefined ? null : String(value);
}

/**
 * `routeOf(req)` names what answered a request the app did not name itself: the app names its
 * pages and routes with the pattern React Router matched (ROUTE_HEADER), at no cost here.
 */
export function accessLog(logger, routeOf) {
  const routeLabel = (req, res) => res.locals?.route ?? routeOf(req);
  const fields = (req, res, responseTime) => ({
    method: req.method,
    route: routeLabel(req, res),
    status: res.statusCode,
    ms: responseTime,
    bytes: req.socket ? req.socket.bytesWritten - (req[sentBefore] ?? 0) : null,
    role: res.locals?.role ?? null,
    ...(res.writableEnded ? {} : { aborted: true }),
  });
  const middleware = pinoHttp({
    logger,
    genReqId: (req) => req.id,
    customAttributeKeys: { reqId: 'requestId' },
    quietReqLogger: true,
    // The load balancer's probes every few seconds would drown the log; the metrics count them.
    autoLogging: { ignore: (req) => PROBES.has(req.url) },
    quietResLogger: true,
    customLogLevel: (_req, res, err) => (res.writableEnded && (err || res.statusCode >= 500) ? 'error' : 'info'),
    customSuccessObject: (req, res, value) => fields(req, res, value.responseTime),
    customErrorObject: (req, res, err, value) => ({ ...fields(req, res, value.responseTime), err }),
    customSuccessMessage: (_req, res) => (res.writableEnded ? 'request' : 'request aborted by the client'),
    customErrorMessage: (_req, res) => (res.writableEnded ? 'request failed' : 'request aborted by the client'),
  });
  return (req, res) => {
    req[sentBefore] = req.socket?.bytesWritten ?? 0;
    const started = process.hrtime.bigint();
    res.once('close', () => {
      requests.observe({ method: req.method, route: routeLabel(req, res), status: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    // The role and route the app wrote for the log travel no further than this process.
    const writeHead = res.writeHead.bind(res);
    res.writeHead = (status, ...rest) => {
      const headers = rest.find((arg) => typeof arg === 'object' && arg !== null);
      const role = takeHeader(res, headers, ROLE_HEADER);
      const route = takeHeader(res, headers, ROUTE_HEADER);
      res.locals = { ...res.locals, ...(role ? { role } : {}), ...(route ? { route } : {}) };
      return writeHead(status, ...rest);
    };
    middleware(req, res);
  };
}
