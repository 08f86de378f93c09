import { describe, expect, it } from 'vitest';
import { formatMessage, messages, statusLabels } from '@contract/messages';
import { TICKET_STATUSES, type TicketStatus } from '@contract/ticket-codes';
import type { ticket } from '../../platform/db/schema';
import { reopenStatus } from '@contract/ticket-codes';
import { canTransition, planLifecycle, TicketRuleError, TRANSITIONS, type LifecycleState } from './lifecycle';
import { isLate } from './sla';
import { planTicketUpdate } from './update-plan';

const T0 = new Date('2026-03-02T12:00:00.000Z');
const hours = (h: number) => new Date(T0.getTime() + h * 3_600_000);
const NEEDS_ASSIGNEE: TicketStatus[] = ['ASSIGNED', 'IN_PROGRESS', 'ON_HOLD'];

function state(statusCode: TicketStatus, assignedToId: string | null, extra: Partial<LifecycleState> = {}): LifecycleState {
  return {
    statusCode,
    assignedToId,
    dueAt: hours(72),
    pausedAt: statusCode === 'ON_HOLD' ? T0 : null,
    closedAt: statusCode === 'CLOSED' ? T0 : null,
    closureReason: statusCode === 'CLOSED' ? 'RESOLVED' : null,
    ...extra,
  };
}

function ruleError(fn: () => unknown): TicketRuleError {
  try {
    fn();
  } catch (error) {
    if (error instanceof TicketRuleError) return error;
    throw error;
  }
  throw new Error('expected a TicketRuleError');
}

describe('the transition table, over every pair of statuses', () => {
  const pairs = TICKET_STATUSES.flatMap((from) => TICKET_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));

  it.each(pairs)('%s -> %s', (from, to) => {
    // The assignee always fits the target, so only the table decides.
    const assignee = NEEDS_ASSIGNEE.includes(to) ? 'op-1' : null;
    const currentAssignee = NEEDS_ASSIGNEE.includes(from) || (from === 'CLOSED' && assignee) ? 'op-1' : null;
    const request = {
      statusCode: to,
      ...(assignee !== currentAssignee ? { assignedToId: assignee } : {}),
      ...(to === 'CLOSED' ? { closureReason: 'RESOLVED' as const } : {}),
    };
    const run = () => planLifecycle(state(from, currentAssignee), request, hours(1));
    if (canTransition(from, to)) {
      expect(run().statusCode).toBe(to);
    } else {
      const error = ruleError(run);
      expect(error.kind).toBe('conflict');
      expect(error.message).toBe(formatMessage(messages.illegalTransition, { from: statusLabels[from], to: statusLabels[to] }));
    }
  });

  it('is the one docs/product-decisions.md, "Tickets (events)" describes', () => {
    expect(TRANSITIONS).toEqual({
      NEW: ['ASSIGNED', 'IN_PROGRESS', 'CLOSED'],
      ASSIGNED: ['NEW', 'IN_PROGRESS', 'ON_HOLD', 'CLOSED'],
      IN_PROGRESS: ['ON_HOLD', 'CLOSED'],
      ON_HOLD: ['IN_PROGRESS', 'CLOSED'],
      CLOSED: ['NEW', 'IN_PROGRESS'],
    });
  });
});

describe('assignment and the status it implies', () => {
  it('assigning a NEW ticket makes it ASSIGNED', () => {
    expect(planLifecycle(state('NEW', null), { assignedToId: 'op-1' }, T0)).toMatchObject({ statusCode: 'ASSIGNED', assignedToId: 'op-1' });
  });

  it('unassigning an ASSIGNED ticket returns it to NEW', () => {
    expect(planLifecycle(state('ASSIGNED', 'op-1'), { assignedToId: null }, T0)).toMatchObject({ statusCode: 'NEW', assignedToId: null });
  });

  it('reassigning keeps the status', () => {
    expect(planLifecycle(state('IN_PROGRESS', 'op-1'), { assignedToId: 'op-2' }, T0)).toMatchObject({ statusCode: 'IN_PROGRESS', assignedToId: 'op-2' });
  });

  it('a ticket in progress or on hold cannot lose its assignee', () => {
    for (const from of ['IN_PROGRESS', 'ON_HOLD'] as const) {
      const error = ruleError(() => planLifecycle(state(from, 'op-1'), { assignedToId: null }, T0));
      expect(error.message).toBe(formatMessage(messages.assigneeRequired, { status: statusLabels[from] }));
    }
  });

  it('moving to ASSIGNED or IN_PROGRESS needs someone to hold the ticket', () => {
    const error = ruleError(() => planLifecycle(state('NEW', null), { statusCode: 'IN_PROGRESS' }, T0));
    expect(error).toMatchObject({ kind: 'conflict', message: formatMessage(messages.assigneeRequired, { status: statusLabels.IN_PROGRESS }) });
  });

  it('back to NEW means back to the queue, without an assignee', () => {
    const error = ruleError(() => planLifecycle(state('ASSIGNED', 'op-1'), { statusCode: 'NEW' }, T0));
    expect(error.message).toBe(messages.newMustBeUnassigned);
    expect(planLifecycle(state('ASSIGNED', 'op-1'), { statusCode: 'NEW', assignedToId: null }, T0).statusCode).toBe('NEW');
  });
});

describe('closing and reopening', () => {
  it('closing needs a reason', () => {
    const error = ruleError(() => planLifecycle(state('IN_PROGRESS', 'op-1'), { statusCode: 'CLOSED' }, T0));
    expect(error).toMatchObject({ kind: 'invalid', message: messages.ticketNotClosed, fields: { closureReason: messages.closureReasonRequired } });
  });

  it('closing records when and why', () => {
    const closed = planLifecycle(state('IN_PROGRESS', 'op-1'), { statusCode: 'CLOSED', closureReason: 'DUPLICATE' }, hours(5));
    expect(closed).toMatchObject({ statusCode: 'CLOSED', closedAt: hours(5), closureReason: 'DUPLICATE' });
  });

  it('reopens to IN_PROGRESS when assigned and to NEW when not', () => {
    expect(reopenStatus('op-1')).toBe('IN_PROGRESS');
    expect(reopenStatus(null)).toBe('NEW');
    const reopened = planLifecycle(state('CLOSED', 'op-1'), { statusCode: reopenStatus('op-1') }, hours(1));
    expect(reopened).toMatchObject({ statusCode: 'IN_PROGRESS', closedAt: null, closureReason: null });
    expect(planLifecycle(state('CLOSED', null), { statusCode: reopenStatus(null) }, hours(1)).statusCode).toBe('NEW');
    expect(ruleError(() => planLifecycle(state('CLOSED', null), { statusCode: 'IN_PROGRESS' }, T0)).kind).toBe('conflict');
  });

  it('a closed ticket changes nothing but by being reopened', () => {
    const error = ruleError(() => planLifecycle(state('CLOSED', 'op-1'), { assignedToId: 'op-2' }, T0));
    expect(error.message).toBe(messages.ticketClosedLocked);
    expect(planLifecycle(state('CLOSED', 'op-1'), { statusCode: 'CLOSED', closureReason: 'RESOLVED' }, T0).statusCode).toBe('CLOSED');
  });
});

describe('the SLA clock', () => {
  it('stops while ON_HOLD and moves the deadline by the paused time', () => {
    const held = planLifecycle(state('IN_PROGRESS', 'op-1'), { statusCode: 'ON_HOLD' }, hours(10));
    expect(held).toMatchObject({ pausedAt: hours(10), dueAt: hours(72) });
    const resumed = planLifecycle(held, { statusCode: 'IN_PROGRESS' }, hours(13));
    expect(resumed).toMatchObject({ pausedAt: null, dueAt: hours(75) });
  });

  it('closing from ON_HOLD also resumes the clock, so reports see the true deadline', () => {
    const closed = planLifecycle(state('ON_HOLD', 'op-1', { pausedAt: hours(2) }), { statusCode: 'CLOSED', closureReason: 'RESOLVED' }, hours(6));
    expect(closed).toMatchObject({ pausedAt: null, dueAt: hours(76) });
  });

  it('late is computed: active and past due, with the paused time not counting', () => {
    expect(isLate({ statusCode: 'IN_PROGRESS', dueAt: hours(1), pausedAt: null }, hours(2))).toBe(true);
    expect(isLate({ statusCode: 'IN_PROGRESS', dueAt: hours(3), pausedAt: null }, hours(2))).toBe(false);
    expect(isLate({ statusCode: 'ON_HOLD', dueAt: hours(1), pausedAt: hours(0.5) }, hours(100))).toBe(false);
    expect(isLate({ statusCode: 'ON_HOLD', dueAt: hours(1), pausedAt: hours(2) }, hours(100))).toBe(true);
    expect(isLate({ statusCode: 'CLOSED', dueAt: hours(1), pausedAt: null }, hours(100))).toBe(false);
  });
});

type Row = typeof ticket.$inferSelect;
function row(overrides: Partial<Row> = {}): Row {
  return {
    id: 7, folio: 'R-2026-000007', type: 'CLAIM', classificationId: 2, statusCode: 'NEW', channelCode: 'WEB',
    description: 'Bache', kilometer: 23.5, sector: 'Curacaví Oriente', commune: 'Curacaví', orientation: 'NORTH_SOUTH',
    dateEvent: hours(-1), reporterId: null, createdById: null, assignedToId: null, realAddress: null, email: null,
    fullName: 'Camila Rojas', phone: '+56912345678', rut: '12345678-5', dueAt: hours(120), pausedAt: null,
    firstResponseAt: null, closedAt: null, closureReason: null, lateNotifiedAt: null, anonymisedAt: null, createdAt: T0, updatedAt: T0,
    positionLat: null, positionLon: null, positionAccuracy: null, calendarId: null, firstAnswerDueAt: null,
    firstAnswerWarnAt: null, warnAt: null, firstAnswerBusinessMs: null, resolutionBusinessMs: null, firstAnswerTargetMs: null, resolutionTargetMs: null, firstAnsweredAt: null, searchClassification: 'Estado del pavimento',
    searchText: 'r-2026-000007 12345678-5 123456785  camila rojas bache estado del pavimento curacavi oriente curacavi',
    ...overrides,
  };
}
const ctx = { now: hours(1), currentSlaHours: 120, assigneeNames: { 'op-1': 'Carolina Reyes' } };

describe('planning an update', () => {
  it('records only what changed, from and to', () => {
    const plan = planTicketUpdate(row(), { description: 'Bache', kilometer: 24, sector: 'Curacaví Oriente' }, ctx)!;
    expect(plan.changes).toEqual({ kilometer: { from: 23.5, to: 24 } });
    expect(plan.action).toBe('UPDATED');
    expect(plan.patch).toMatchObject({ kilometer: 24, updatedAt: hours(1), firstResponseAt: hours(1) });
  });

  it('changes nothing when nothing differs', () => {
    expect(planTicketUpdate(row(), { description: 'Bache', dateEvent: hours(-1) }, ctx)).toBeNull();
  });

  it('keeps the first response time once set', () => {
    const plan = planTicketUpdate(row({ firstResponseAt: T0 }), { sector: 'Otro' }, ctx)!;
    expect(plan.patch.firstResponseAt).toBeUndefined();
  });

  it('names the assignee in the history and calls it ASSIGNED', () => {
    const plan = planTicketUpdate(row(), { assignedToId: 'op-1' }, ctx)!;
    expect(plan.action).toBe('ASSIGNED');
    expect(plan.changes).toMatchObject({
      statusCode: { from: 'NEW', to: 'ASSIGNED' },
      assignedToId: { from: null, to: 'op-1' },
      assignedToName: { from: null, to: 'Carolina Reyes' },
    });
  });

  it('moves both deadlines by the business time left when leaving ON_HOLD, an answered one excepted, and measures the resolution at closing', () => {
    const held = row({
      statusCode: 'ON_HOLD', assignedToId: 'op-1', pausedAt: hours(10), dueAt: hours(120), warnAt: hours(90),
      firstAnswerDueAt: hours(16), firstAnswerWarnAt: hours(12), resolutionTargetMs: 120 * 3_600_000, firstAnswerTargetMs: 16 * 3_600_000,
    });
    const resumed = planTicketUpdate(held, { statusCode: 'IN_PROGRESS' }, { ...ctx, now: hours(30) })!;
    expect(resumed.patch).toMatchObject({ dueAt: hours(140), warnAt: hours(110), firstAnswerDueAt: hours(36), firstAnswerWarnAt: hours(32), pausedAt: null });
    expect(resumed.changes.firstAnswerDueAt).toEqual({ from: hours(16).toISOString(), to: hours(36).toISOString() });
    const answered = planTicketUpdate({ ...held, firstAnswerBusinessMs: 5 * 3_600_000 }, { statusCode: 'IN_PROGRESS' }, { ...ctx, now: hours(30) })!;
    expect(answered.patch.dueAt).toEqual(hours(140));
    expect(answered.patch).not.toHaveProperty('firstAnswerDueAt');
    // Closed from hold: 10 hours counted before the pause, none during it.
    const closed = planTicketUpdate(held, { statusCode: 'CLOSED', closureReason: 'RESOLVED' }, { ...ctx, now: hours(30) })!;
    expect(closed.patch.resolutionBusinessMs).toBe(10 * 3_600_000);
    const reopened = planTicketUpdate(row({ statusCode: 'CLOSED', closedAt: hours(30), closureReason: 'RESOLVED', resolutionBusinessMs: 1 }), { statusCode: 'IN_PROGRESS', assignedToId: 'op-1' }, ctx)!;
    expect(reopened.patch.resolutionBusinessMs).toBeNull();
  });

  it('swaps the SLA when the classification changes within its type, and refuses another type', () => {
    const same = planTicketUpdate(row(), { classificationId: 3 }, { ...ctx, newClassification: { id: 3, type: 'CLAIM', slaHours: 72, name: 'Cobro de peaje', calendarId: 1, firstAnswerHours: null } })!;
    expect(same.changes.classificationName).toEqual({ from: null, to: 'Cobro de peaje' });
    expect(same.patch.dueAt).toEqual(hours(72));
    const error = ruleError(() => planTicketUpdate(row(), { classificationId: 9 }, { ...ctx, newClassification: { id: 9, type: 'INCIDENT', slaHours: 2, name: 'Animal en la vía', calendarId: 1, firstAnswerHours: null } }));
    expect(error).toMatchObject({ kind: 'invalid', fields: { classificationId: messages.classificationTypeChange } });
  });

  it('refuses edits to a closed ticket unless it is reopened in the same request', () => {
    const closed = row({ statusCode: 'CLOSED', assignedToId: 'op-1', closedAt: T0, closureReason: 'RESOLVED' });
    expect(ruleError(() => planTicketUpdate(closed, { description: 'Otro' }, ctx)).message).toBe(messages.ticketClosedLocked);
    const reopened = planTicketUpdate(closed, { description: 'Otro', statusCode: 'IN_PROGRESS' }, ctx)!;
    expect(reopened.action).toBe('REOPENED');
    expect(reopened.changes).toMatchObject({ closureReason: { from: 'RESOLVED', to: null }, closedAt: { from: T0.toISOString(), to: null } });
  });

  it('calls a close CLOSED, with its reason', () => {
    const plan = planTicketUpdate(row({ statusCode: 'ASSIGNED', assignedToId: 'op-1' }), { statusCode: 'CLOSED', closureReason: 'REFERRED' }, ctx)!;
    expect(plan.action).toBe('CLOSED');
    expect(plan.changes.closureReason).toEqual({ from: null, to: 'REFERRED' });
  });
});
