import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { readBearerToken } from '@contract/auth';
import type { Role } from '@contract/roles';
import { hashToken, resolveToken, type Principal } from '../services/tokens';
import { forbidden, unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/**
 * Resolves the bearer token; 401 when missing, unknown, expired, revoked or suspended.
 * The answer is reused for a few seconds (app.principalCache) and forgotten after any
 * account write: sign-out, suspension, role or password changes (app.ts).
 */
export const requireAuth: preHandlerHookHandler = async function (request: FastifyRequest) {
  const token = readBearerToken(request.headers.authorization);
  if (!token) throw unauthorized();
  const policy = { idleMs: this.config.tokenIdleMs, maxMs: this.config.tokenMaxMs };
  const { principal } = await this.principalCache.get(
    hashToken(token),
    () => resolveToken(this.db, token, policy),
    (resolved) => resolved.validUntil,
  );
  if (!principal) throw unauthorized();
  request.principal = principal;
};

/** After requireAuth: only the given roles may go on (403 for the others). */
export function requireRole(...roles: Role[]): preHandlerHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.principal || !roles.includes(request.principal.role)) throw forbidden();
  };
}

/** The signed-in caller; only valid in handlers behind requireAuth. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
