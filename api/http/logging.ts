import { BlockList, isIP, isIPv6 } from 'node:net';
import type { Writable } from 'node:stream';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { REQUEST_ID_HEADER, requestIdFrom } from '@contract/request-id.mjs';
import { errorForLog } from '@contract/personal-data.mjs';
import type { Config } from '../config';

/**
 * The API's logger (docs/decisions/121-observability.md, 145-logs-keep-the-cause-not-the-person.md,
 * docs/operations.md): one JSON line per event, `service: "api"` on each, each line of a request
 * carrying its `requestId`; human-readable in development. Nothing a line carries may hold a
 * password, token, e-mail, RUT, phone or name: requests are logged by route pattern, never by URL,
 * headers and bodies are never logged, and errors go through `errorForLog` (their cause, never a
 * statement's values or PostgreSQL's `detail`; texts scrubbed by `scrubPersonalData`).
 * One logger for the whole process: Fastify's, the database pool's and the cluster channel's lines.
 */
export function apiLoggerOptions(config: Pick<Config, 'env' | 'logLevel'>, stream?: Writable): LoggerOptions & { stream?: Writable } {
  const common: LoggerOptions = {
    level: config.env === 'test' && !stream ? 'silent' : config.logLevel,
    base: { service: 'api' },
    serializers: { err: errorForLog },
    // Never logged as they are, whatever a future log call passes.
    redact: {
      paths: ['req.headers', 'headers.authorization', 'password', '*.password', 'token', '*.token', 'email', '*.email', 'rut', '*.rut', 'phone', '*.phone', 'params', '*.params', 'body', '*.body'],
      censor: '[redacted]',
    },
  };
  return config.env === 'development' && !stream
    ? {
        ...common,
        transport: {
          target: 'pino-pretty',
          options: {
            translateTime: 'SYS:HH:MM:ss',
            ignore: 'pid,hostname,service',
          },
        },
      }
    : stream
      ? { ...common, stream }
      : common;
}

/** The process's logger, made before the app so the database and the cluster channel log through it too (api/server.ts). */
export function createApiLogger(config: Pick<Config, 'env' | 'logLevel'>, stream?: Writable): Logger {
  const { stream: destination, ...options } = apiLoggerOptions(config, stream);
  return destination ? pino(options, destination) : pino(options);
}

export function loggerOptions(
  config: Config,
  stream?: Writable,
  instance?: Logger,
): Pick<FastifyServerOptions, 'logger' | 'loggerInstance' | 'genReqId' | 'logController'> {
  return {
    ...(instance ? { loggerInstance: instance } : { logger: apiLoggerOptions(config, stream) }),
    // The web app's id when valid and the caller is one of its processes (TRUSTED_WEB_ADDRESSES),
    // else a new one: another caller never chooses the id its requests are logged under
    // (docs/decisions/131-no-request-stops-a-process.md).
    genReqId: (request) => requestIdFrom(request.headers[REQUEST_ID_HEADER], isTrustedWebAddress(config, request.socket?.remoteAddress)),
    // One access line per request, written below, instead of Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
  };
}

const plainAddress = (value: string) => (value.toLowerCase().startsWith('::ffff:') && value.includes('.') ? value.slice(7) : value);
const trustedBlocks = new WeakMap<readonly string[], BlockList>();

/**
 * Whether a peer is one of the web app's processes (TRUSTED_WEB_ADDRESSES: addresses or CIDR
 * ranges, as Fastify's trustProxy reads them); "::ffff:127.0.0.1" and "127.0.0.1" are the same.
 */
export function isTrustedWebAddress(config: Pick<Config, 'trustedWebAddresses'>, address: string | undefined): boolean {
  if (!address) return false;
  let block = trustedBlocks.get(config.trustedWebAddresses);
  if (!block) {
    block = new BlockList();
    for (const entry of config.trustedWebAddresses) {
      const [ip, prefix] = plainAddress(entry.trim()).split('/');
      const type = isIPv6(ip!) ? 'ipv6' : 'ipv4';
      if (!isIP(ip!)) continue;
      if (prefix === undefined) block.addAddress(ip!, type);
      else block.addSubnet(ip!, Number(prefix), type);
    }
    trustedBlocks.set(config.trustedWebAddresses, block);
  }
  const peer = plainAddress(address);
  return isIP(peer) !== 0 && block.check(peer, isIPv6(peer) ? 'ipv6' : 'ipv4');
}

/**
 * Answers carry their request id (X-Request-Id), and each request ends with one access line:
 * method, route pattern, status, milliseconds, bytes sent, the caller's role. A request the
 * client gave up on is logged as aborted, not as a failure of the API.
 */
export function registerAccessLog(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    sentBefore.set(request.raw, request.raw.socket?.bytesWritten ?? 0);
  });
  // The client went away before the answer was complete (a closed tab, a cancelled call).
  app.addHook('onRequestAbort', async (request) => {
    abandoned.add(request);
  });
  app.addHook('onResponse', async (request, reply) => {
    // The load balancer's probes every few seconds would drown the log; the metrics count them.
    if (PROBES.has(request.routeOptions.url ?? '')) return;
    const aborted = abandoned.has(request) || (reply.raw.destroyed && !reply.raw.writableFinished);
    accessLine(request.log, {
      method: request.method,
      route: routeLabelOf(request),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      bytes: bytesOf(reply.getHeader('content-length')) ?? (request.raw.socket ? request.raw.socket.bytesWritten - (sentBefore.get(request.raw) ?? 0) : null),
      role: request.principal?.role ?? null,
      ...(aborted ? { aborted: true } : {}),
    });
  });
}

/** The route pattern a request matched, without its parameters' rules ("/api/ticket/:id"); "(none)" when none did. */
export function routeLabelOf(request: FastifyRequest): string {
  return (request.routeOptions.url ?? '(none)').replace(/:(\w+)\([^/]*\)/g, ':$1');
}

const PROBES = new Set(['/api/health', '/api/ready']);

/** Requests whose client left before their answer was complete. */
const abandoned = new WeakSet<object>();

/** What the connection had sent before this request: a streamed answer's size is the difference. */
const sentBefore = new WeakMap<object, number>();

function bytesOf(length: unknown): number | null {
  const bytes = Number(Array.isArray(length) ? length[0] : length);
  return Number.isFinite(bytes) ? bytes : null;
}

type AccessFields = { status: number; aborted?: boolean };

function accessLine(log: FastifyBaseLogger, fields: AccessFields & Record<string, unknown>) {
  if (fields.aborted) log.info(fields, 'request aborted by the client');
  else if (fields.status >= 500) log.error(fields, 'request failed');
  else log.info(fields, 'request');
}
