import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { readBearerToken } from '@contract/auth';
import type { Role } from '@contract/roles';
import { messages } from '@contract/messages';
import { hashToken, resolveToken, tokenPolicy, type Principal, type ResolvedToken } from '../domain/accounts/tokens';
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
export const requireAuth: onRequestHookHandler = async function (request: FastifyRequest) {
  const { principal, ended } = await resolveBearer(this, request);
  // A session that ended says why, and nothing more (decision 138): the web tells its holder.
  if (!principal) throw unauthorized(messages.unauthorized, ended);
  // A token whose second step is still due opens nothing but the two-step calls.
  if (principal.stage !== 'full') throw unauthorized();
  request.principal = principal;
};

/** For the two-step calls only: a token past its first step (the password), whatever its stage. */
export const requireFirstStep: onRequestHookHandler = async function (request: FastifyRequest) {
  const principal = await resolvePrincipal(this, request);
  if (!principal) throw unauthorized();
  request.principal = principal;
};

/** Who the request's bearer token belongs to, or null (no token, or not a live one). */
export async function resolvePrincipal(app: FastifyInstance, request: FastifyRequest): Promise<Principal | null> {
  return (await resolveBearer(app, request)).principal;
}

/** The request's bearer token resolved: its principal, or why a session it was has ended. */
async function resolveBearer(app: FastifyInstance, request: FastifyRequest): Promise<Pick<ResolvedToken, 'principal' | 'ended'>> {
  const token = readBearerToken(request.headers.authorization);
  if (!token) return { principal: null };
  const policy = tokenPolicy(app.config);
  return app.principalCache.get(
    hashToken(token),
    () => resolveToken(app.db, token, policy),
    (resolved) => resolved.validUntil,
  );
}

/**
 * The one role guard, after requireAuth: only roles the rule admits go on (403 for the others). The rules are
 * contract/permissions.ts's, which the web app's screens ask too.
 */
export function allowRoles(rule: (role: Role) => boolean): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    if (!rule(principalOf(request).role)) throw forbidden();
  };
}

/** The signed-in caller; only valid in handlers behind requireAuth. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
