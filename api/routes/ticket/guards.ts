import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import { fullName } from '@contract/person-name';
import { z } from '@contract/zod';
import { parseTicketId, TICKET_ID_PATTERN } from '@contract/ticket-id';
import { ApiError, notFound } from '../../http/errors';
import { principalOf } from '../../http/auth';
import type { Database } from '../../platform/db/client';
import { TicketRuleError } from '../../domain/tickets/lifecycle';
import { canSeeTicket } from '../../domain/tickets/permissions';
import { findTicket, type TicketActor } from '../../domain/tickets/store';

export function actorOf(request: FastifyRequest): TicketActor {
  const p = principalOf(request);
  return { profileId: p.profileId, role: p.role, name: fullName(p) };
}

/** Ids are positive integers; anything else names no ticket. */
export function ticketIdOf(request: FastifyRequest): number {
  const id = parseTicketId((request.params as { id: string }).id);
  if (id === null) throw notFound();
  return id;
}

/** The ticket if the caller may see it; 404 otherwise, so a driver learns nothing of others' tickets. */
export async function visibleTicket(db: Database, actor: TicketActor, id: number) {
  const found = await findTicket(db, id);
  if (!found || !canSeeTicket(actor, found)) throw notFound();
  return found;
}

type VisibleTicket = Awaited<ReturnType<typeof visibleTicket>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The ticket of a /api/ticket/{id}/... route, once `loadVisibleTicket` found it visible. */
    ticket: VisibleTicket | null;
  }
}

/**
 * Before the body or query is validated: a ticket the caller may not see is a 404 whatever
 * was sent, so a driver learns nothing of others' tickets from a 400 either.
 */
export const loadVisibleTicket: preValidationHookHandler = async function (request) {
  request.ticket = await visibleTicket(this.db, actorOf(request), ticketIdOf(request));
};

/** The ticket `loadVisibleTicket` found. */
export function ticketOf(request: FastifyRequest): VisibleTicket {
  if (!request.ticket) throw notFound();
  return request.ticket;
}

/** Domain rule failures as the API envelope: 409 state conflicts, 400 field errors, 404. */
export function toApiError(error: unknown): unknown {
  if (!(error instanceof TicketRuleError)) return error;
  const status = error.kind === 'conflict' ? 409 : error.kind === 'missing' ? 404 : 400;
  return new ApiError(status, error.message, error.fields);
}

/** Route path parameter for ticket ids: digits only, so /api/ticket/abc is a 404, not a handler. */
export const TICKET_ID = `:id(${TICKET_ID_PATTERN.source})`;

/** The same parameter as the description states it (the router's rule above keeps out anything but digits). */
export const ticketParams = z.object({ id: z.string().describe('El número del evento') });
