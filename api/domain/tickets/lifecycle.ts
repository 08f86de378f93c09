import { formatMessage, messages, statusLabels } from '@contract/messages';
import type { ClosureReason, TicketStatus } from '@contract/ticket-codes';
import { AROUND_THE_CLOCK, type Calendar } from '../calendar/business-time';
import { resumedInstant } from '../calendar/deadlines';

/**
 * The ticket lifecycle of docs/product-decisions.md, "Tickets (events)":
 * NEW -> ASSIGNED -> IN_PROGRESS <-> ON_HOLD -> CLOSED, reopened by staff.
 * Invariant for active tickets: NEW has no assignee; ASSIGNED, IN_PROGRESS and ON_HOLD have one.
 */
export const TRANSITIONS: Record<TicketStatus, readonly TicketStatus[]> = {
  NEW: ['ASSIGNED', 'IN_PROGRESS', 'CLOSED'],
  // Back to NEW is "unassign": the ticket returns to the queue.
  ASSIGNED: ['NEW', 'IN_PROGRESS', 'ON_HOLD', 'CLOSED'],
  IN_PROGRESS: ['ON_HOLD', 'CLOSED'],
  ON_HOLD: ['IN_PROGRESS', 'CLOSED'],
  // Reopen: see reopenStatus (contract/ticket-codes.ts).
  CLOSED: ['NEW', 'IN_PROGRESS'],
};

const NEEDS_ASSIGNEE: readonly TicketStatus[] = ['ASSIGNED', 'IN_PROGRESS', 'ON_HOLD'];

export function canTransition(from: TicketStatus, to: TicketStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** A broken rule: `conflict` (409) for the ticket's state, `invalid` (400) for a field, `missing` (404). */
export class TicketRuleError extends Error {
  constructor(
    readonly kind: 'conflict' | 'invalid' | 'missing',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export type LifecycleState = {
  statusCode: TicketStatus;
  assignedToId: string | null;
  dueAt: Date;
  pausedAt: Date | null;
  closedAt: Date | null;
  closureReason: ClosureReason | null;
};

export type LifecycleRequest = {
  statusCode?: TicketStatus;
  /** undefined: unchanged; null: unassign. */
  assignedToId?: string | null;
  closureReason?: ClosureReason;
};

/**
 * Applies a status and/or assignee change and returns the resulting lifecycle fields,
 * or throws TicketRuleError. Assigning a NEW ticket makes it ASSIGNED; unassigning an
 * ASSIGNED one returns it to NEW; ON_HOLD stops the SLA clock and leaving it resumes it, in the business time
 * of the event's calendar (decision 179): the time left when the pause started is left again from now.
 */
export function planLifecycle(current: LifecycleState, request: LifecycleRequest, now: Date, calendar: Calendar = AROUND_THE_CLOCK): LifecycleState {
  const from = current.statusCode;
  const assignee = request.assignedToId === undefined ? current.assignedToId : request.assignedToId;
  const to = request.statusCode ?? impliedStatus(from, assignee);

  if (from === 'CLOSED' && to === 'CLOSED') {
    if (assignee !== current.assignedToId) throw new TicketRuleError('conflict', messages.ticketClosedLocked);
    return current;
  }
  if (to !== from && !canTransition(from, to)) {
    throw new TicketRuleError(
      'conflict',
      formatMessage(messages.illegalTransition, { from: statusLabels[from], to: statusLabels[to] }),
    );
  }
  if (NEEDS_ASSIGNEE.includes(to) && !assignee) {
    throw new TicketRuleError('conflict', formatMessage(messages.assigneeRequired, { status: statusLabels[to] }));
  }
  if (to === 'NEW' && assignee) throw new TicketRuleError('conflict', messages.newMustBeUnassigned);
  if (to === 'CLOSED' && !request.closureReason) {
    throw new TicketRuleError('invalid', messages.ticketNotClosed, { closureReason: messages.closureReasonRequired });
  }

  let { dueAt, pausedAt, closedAt, closureReason } = current;
  if (from === 'ON_HOLD' && to !== 'ON_HOLD' && pausedAt) {
    dueAt = resumedInstant(calendar, dueAt, pausedAt, now);
    pausedAt = null;
  }
  if (to === 'ON_HOLD' && from !== 'ON_HOLD') pausedAt = now;
  if (to === 'CLOSED' && from !== 'CLOSED') {
    closedAt = now;
    closureReason = request.closureReason ?? null;
  }
  if (from === 'CLOSED' && to !== 'CLOSED') {
    // The reason stays in the history; the deadline stands (a reopened ticket was not resolved in time).
    closedAt = null;
    closureReason = null;
  }
  return { statusCode: to, assignedToId: assignee, dueAt, pausedAt, closedAt, closureReason };
}

function impliedStatus(from: TicketStatus, assignee: string | null): TicketStatus {
  if (from === 'NEW' && assignee) return 'ASSIGNED';
  if (from === 'ASSIGNED' && !assignee) return 'NEW';
  return from;
}
