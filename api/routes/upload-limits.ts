import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { messages } from '@contract/messages';
import { ApiError } from '../http/errors';
import { principalOf } from '../http/auth';
import { limitsFor } from '../domain/quotas/write-quotas';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How often the tus routes may be called (docs/decisions/154-upload-locks-and-expiry.md), per account and per
 * address, counted in the database as every rate limit (@fastify/rate-limit's store, decision 112):
 * - creation counts like a write: an account may start as many uploads an hour as it may report
 *   events times the files each may carry; an address (many phones behind one carrier's NAT) ten
 *   times a driver's allowance;
 * - HEAD, PATCH and DELETE (the transfer) are cheap and many: resuming a 10 MB file in 256 KB
 *   chunks after every chunk is about 80 calls; a few files at once stay far below the limit, a
 *   loop of thousands does not.
 */
export const TRANSFER_PER_ACCOUNT_PER_MINUTE = 600;
export const TRANSFER_PER_ADDRESS_PER_MINUTE = 3_000;
/** An address may create this many times the uploads one driver may. */
const CREATION_ADDRESS_FACTOR = 10;

type Limit = { name: string; timeWindow: number; max: (request: FastifyRequest) => number; key: (request: FastifyRequest) => string };

/** One onRequest hook (after authentication) that counts the call against each limit, and refuses past any with a 429. */
function limited(app: FastifyInstance, limits: Limit[]): onRequestAsyncHookHandler {
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      timeWindow: limit.timeWindow,
      max: (request: FastifyRequest) => limit.max(request),
      // Every limiter shares the store: the limit's name keeps their counts apart.
      keyGenerator: (request: FastifyRequest) => `${limit.name}|${limit.key(request)}`,
    }),
  }));
  return async (request) => {
    for (const { check } of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new ApiError(429, messages.tooManyAttempts, undefined, { 'retry-after': String(Math.max(1, result.ttlInSeconds)) });
      }
    }
  };
}

export function uploadLimits(app: FastifyInstance) {
  const account = (request: FastifyRequest) => principalOf(request).profileId;
  const address = (request: FastifyRequest) => request.ip;
  const creationsOf = (role: Parameters<typeof limitsFor>[1]) => limitsFor(app.config.quotas, role).eventsPerHour * app.config.attachmentMaxFiles;
  return {
    creation: limited(app, [
      { name: 'upload-create-account', timeWindow: HOUR, max: (request) => creationsOf(principalOf(request).role), key: account },
      { name: 'upload-create-address', timeWindow: HOUR, max: () => creationsOf('DRIVER') * CREATION_ADDRESS_FACTOR, key: address },
    ]),
    transfer: limited(app, [
      { name: 'upload-transfer-account', timeWindow: MINUTE, max: () => TRANSFER_PER_ACCOUNT_PER_MINUTE, key: account },
      { name: 'upload-transfer-address', timeWindow: MINUTE, max: () => TRANSFER_PER_ADDRESS_PER_MINUTE, key: address },
    ]),
  };
}
