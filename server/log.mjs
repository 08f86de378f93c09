// The web app's logger (docs/decisions/121-observability.md, docs/operations.md): JSON lines on standard output, each
// with the request id of the request it belongs to; human-readable in development. Used by
// the HTTP server (server/web.mjs) and by the app's own modules (app/server/observability/log.server.ts).
import pino from 'pino';
import { errorForLog } from '../contract/personal-data.mjs';

/** `service` names the process on every line: `web`, or `start` for the supervisor of scripts/start.mjs. */
export function createLogger(env = process.env, destination, service = 'web') {
  const options = {
    level: env.LOG_LEVEL ?? 'info',
    base: { service },
    serializers: { err: errorForLog },
    redact: { paths: ['password', '*.password', 'token', '*.token', 'email', '*.email', 'rut', '*.rut', 'phone', '*.phone', 'params', '*.params', 'body', '*.body'], censor: '[redacted]' },
  };
  if (destination) return pino(options, destination);
  if (env.NODE_ENV === 'development') {
    return pino({ ...options, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' } } });
  }
  return pino(options);
}
