import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from '@contract/idempotency';
import { messages } from '@contract/messages';
import { ANONYMOUS_SCOPE, complete, fingerprintOf, PENDING_TOUCH_MS, release, reserve, touch, type KeyRef } from '../domain/idempotency/store';
import { UPLOAD_DEADLINE_MS } from '../platform/storage/orphan-sweep';
import { ApiError } from './errors';
import { describeIdempotent } from './route-schema';

/** Sent with a repeated request's stored answer. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** How long a copy waits for the same request running elsewhere (polling every WAIT_STEP_MS) before a 409. */
const WAIT_MS = 15_000;
const WAIT_STEP_MS = 100;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The writes that take no key: the sign-in steps (password, second step, sign-out) and the
 * enrolment in a second step, whose answers carry a secret (the TOTP seed, the recovery codes)
 * that must never be kept in a table for a replay.
 */
const EXEMPT = new Set([
  'POST /api/auth',
  'POST /api/auth/second-step',
  'POST /api/auth/logout',
  'POST /api/profile/me/two-step/setup',
  'POST /api/profile/me/two-step/confirm',
]);

/** Whether a route takes the Idempotency-Key header: every state-changing call of section 7 but the sign-in steps. */
export function takesIdempotencyKey(method: string, url: string): boolean {
  return WRITES.has(method) && !EXEMPT.has(`${method} ${url}`);
}

type Held = KeyRef & { settled: boolean; timer: NodeJS.Timeout };

declare module 'fastify' {
  interface FastifyRequest {
    /** The submission key this request holds while it runs (api/http/idempotency.ts). */
    idempotency: Held | null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Exactly-once writes (docs/decisions/136-exactly-once-writes.md). On every route that takes a
 * key, a request with the `Idempotency-Key` header:
 * - first use: the key is reserved (pending) and the route runs; a 2xx answer is kept with the
 *   key, any other answer (or an error, or a request that died) frees it for the corrected resend;
 * - repeat with the same method, URL and body: the kept answer again, with `Idempotent-Replayed:
 *   true`, and the route does not run (nothing written, no notification, no quota);
 * - repeat with anything else: 409;
 * - a copy while the first still runs (here or on another process): waits for it, then replays.
 * Without the header, the route runs as always. After the route's own guards and validation
 * (preHandler): a refused request never holds a key.
 */
export function registerIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotency', null);
  // Documented on each such route (the header parameter and the 409: api/http/openapi.ts).
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().some((method) => takesIdempotencyKey(method, route.url))) describeIdempotent(route.schema as Record<string, unknown> | undefined);
  });

  // The body as it came (before validation normalizes it), for the fingerprint.
  const sentBodies = new WeakMap<FastifyRequest, { body: unknown }>();
  app.addHook('preValidation', async (request) => {
    if (request.headers[IDEMPOTENCY_KEY_HEADER] !== undefined) sentBodies.set(request, { body: request.body });
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.routeOptions.url;
    if (!url || !takesIdempotencyKey(request.method, url)) return;
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? undefined : idempotencyKeySchema.safeParse(header).data;
    if (!key) throw new ApiError(400, messages.idempotencyKeyInvalid, { [IDEMPOTENCY_KEY_HEADER]: messages.idempotencyKeyInvalid });
    const ref: KeyRef = { scope: request.principal?.profileId ?? ANONYMOUS_SCOPE, key };
    const fingerprint = fingerprintOf(request.method, request.url, request.isMultipart() ? undefined : (sentBodies.get(request)?.body ?? null));
    const keepMs = app.config.idempotencyKeyMs;
    const giveUp = Date.now() + (app.config.idempotencyWaitMs ?? WAIT_MS);
    for (;;) {
      const found = await reserve(app.db, ref, fingerprint, keepMs);
      switch (found.kind) {
        case 'first': {
          // No request runs longer than an upload may: past that, the key is left to go stale.
          const until = Date.now() + UPLOAD_DEADLINE_MS + PENDING_TOUCH_MS;
          const timer = setInterval(() => {
            if (Date.now() > until) return clearInterval(timer);
            touch(app.db, ref).catch((err: unknown) => request.log.warn({ err }, 'could not keep a submission key pending'));
          }, PENDING_TOUCH_MS);
          timer.unref();
          request.idempotency = { ...ref, settled: false, timer };
          return;
        }
        case 'replay':
          return reply
            .status(found.statusCode)
            .header(REPLAYED_HEADER, 'true')
            .type('application/json; charset=utf-8')
            .send(found.response);
        case 'conflict':
          throw new ApiError(409, messages.idempotencyKeyReused);
        case 'pending':
          if (Date.now() >= giveUp) throw new ApiError(409, messages.idempotencyKeyBusy, undefined, { 'retry-after': '5' });
          await sleep(WAIT_STEP_MS);
      }
    }
  });

  /**
   * A failed request frees its key at once: also when its client is gone and no answer will be
   * written (then neither onSend nor onResponse runs).
   */
  app.addHook('onError', async (request) => {
    const held = request.idempotency;
    if (!held || held.settled) return;
    held.settled = true;
    clearInterval(held.timer);
    await release(app.db, held).catch((err: unknown) => request.log.error({ err }, 'could not free a submission key'));
  });

  /** Once the answer is known (before it leaves, so a waiting copy replays it): kept on success, else freed. */
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held || held.settled) return payload;
    held.settled = true;
    clearInterval(held.timer);
    const status = reply.statusCode;
    const text = payload === null || payload === undefined ? '' : typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      if (status >= 200 && status < 300 && text !== null) await complete(app.db, held, status, text);
      else await release(app.db, held);
    } catch (err) {
      // The answer goes out anyway; the pending key is taken over once stale (STALE_PENDING_MS).
      request.log.error({ err }, 'could not settle a submission key');
    }
    return payload;
  });

  /** A request that ended without an answer (onSend never ran, or failed): its key is freed. */
  app.addHook('onResponse', async (request) => {
    const held = request.idempotency;
    if (!held || held.settled) return;
    held.settled = true;
    clearInterval(held.timer);
    await release(app.db, held).catch((err: unknown) => request.log.error({ err }, 'could not free a submission key'));
  });
}
