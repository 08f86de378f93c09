import { messages } from '@contract/messages';
import { ticketFieldsSchema, type TicketFields, type TicketUpdate } from '@contract/ticket';
import type { ClosureReason, HistoryAction, TicketStatus, TicketType } from '@contract/ticket-codes';
import type { ticket } from '../../platform/db/schema';
import { planLifecycle, TicketRuleError, type LifecycleState } from './lifecycle';
import { AROUND_THE_CLOCK, type Calendar } from '../calendar/business-time';
import { consumedAt, DEFAULT_WARNING_SHARE, HOUR_MS, reclassifiedDeadlines, resumedDeadlines, targetsOf, type Deadlines, type Targets } from '../calendar/deadlines';

type TicketRow = typeof ticket.$inferSelect;
export type TicketPatch = Partial<Omit<TicketRow, 'id' | 'folio' | 'createdAt'>>;
export type Changes = Record<string, { from: unknown; to: unknown }>;

/**
 * The fields of docs/specification.md, "Ticket (event)" that staff may edit, in the order the history lists them:
 * the contract's event fields (contract/ticket.ts ticketFieldsSchema), so a field added there is editable and
 * recorded here; each must be a column of the ticket row, or this does not compile.
 */
export const EDITABLE_FIELDS: readonly (keyof TicketFields & keyof TicketUpdate & keyof TicketRow)[] = Object.keys(ticketFieldsSchema.shape) as (keyof TicketFields)[];

export type UpdateContext = {
  now: Date;
  /** SLA hours of the ticket's classification now. */
  currentSlaHours: number;
  /** The classification asked for, when the update changes it. */
  newClassification?: { id: number; type: TicketType; slaHours: number; name: string; calendarId: number; firstAnswerHours: number | null };
  /** The calendar the event's deadlines run on (around the clock when not given). */
  calendar?: Calendar;
  /** The new classification's calendar, when the update changes it. */
  newCalendar?: Calendar;
  /** DEADLINE_WARNING_SHARE (decision 179). */
  warningShare?: number;
  /** The current classification's name: the history names both, as people read them. */
  currentClassificationName?: string;
  /** Display names of the assignees involved, for a readable history. */
  assigneeNames: Record<string, string>;
};

/** A deadline whose notices (decision 182's warnings and breaches) start again: a new classification gave it a later instant. */
export type RearmedDeadline = 'RESOLUTION' | 'FIRST_ANSWER';
export type UpdatePlan = { patch: TicketPatch; changes: Changes; action: HistoryAction; rearm: RearmedDeadline[] };

const same = (a: unknown, b: unknown) =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
const forHistory = (value: unknown) => (value instanceof Date ? value.toISOString() : value ?? null);

/**
 * What a PUT changes, as a patch for the row and a history entry, or null when it
 * changes nothing. Pure: the caller has loaded the ticket and looked up references.
 */
export function planTicketUpdate(current: TicketRow, update: TicketUpdate, ctx: UpdateContext): UpdatePlan | null {
  const patch: TicketPatch = {};
  const changes: Changes = {};
  const record = <K extends keyof TicketPatch>(key: K, from: TicketRow[K & keyof TicketRow], to: TicketPatch[K]) => {
    if (same(from, to)) return;
    patch[key] = to;
    changes[key] = { from: forHistory(from), to: forHistory(to) };
  };

  for (const field of EDITABLE_FIELDS) {
    const value = update[field];
    if (value !== undefined) record(field, current[field], value);
  }
  const fieldsChanged = Object.keys(changes).length > 0;

  // The event's clock (decision 179): its deadlines, its own targets (a classification's may have changed since;
  // an event from before calendars has only its classification's sla_hours) and its calendar.
  let deadlines: Deadlines = {
    dueAt: current.dueAt,
    warnAt: current.warnAt,
    firstAnswerDueAt: current.firstAnswerDueAt,
    firstAnswerWarnAt: current.firstAnswerWarnAt,
  };
  let targets: Targets = {
    resolutionMs: current.resolutionTargetMs ?? ctx.currentSlaHours * HOUR_MS,
    firstAnswerMs: current.firstAnswerTargetMs,
  };
  let calendar = ctx.calendar ?? AROUND_THE_CLOCK;
  const rearm: RearmedDeadline[] = [];
  if (patch.classificationId !== undefined) {
    const next = ctx.newClassification;
    if (!next || next.id !== patch.classificationId) throw new Error('planTicketUpdate: classification not looked up');
    if (next.type !== current.type) {
      throw new TicketRuleError('invalid', messages.validationFailed, { classificationId: messages.classificationTypeChange });
    }
    const newCalendar = ctx.newCalendar ?? AROUND_THE_CLOCK;
    ({ deadlines, targets } = reclassifiedDeadlines(
      { calendar, deadlines, targets, pausedAt: current.pausedAt, answered: current.firstAnswerBusinessMs !== null },
      { calendar: newCalendar, targets: targetsOf(next) },
      ctx.warningShare ?? DEFAULT_WARNING_SHARE,
      ctx.now,
    ));
    calendar = newCalendar;
    patch.calendarId = next.calendarId;
    patch.resolutionTargetMs = targets.resolutionMs;
    patch.firstAnswerTargetMs = targets.firstAnswerMs;
    changes.classificationName = { from: ctx.currentClassificationName ?? null, to: next.name };
    // A new deadline still ahead gets its own notices (decision 188): the warning sent for the old one told of a
    // time left that no longer holds. One already passed keeps what was sent, so nobody hears of a breach twice.
    const ahead = (at: Date | null) => at !== null && at.getTime() > ctx.now.getTime();
    if (!same(current.dueAt, deadlines.dueAt) && ahead(deadlines.dueAt)) {
      rearm.push('RESOLUTION');
      patch.lateNotifiedAt = null;
    }
    if (current.firstAnswerBusinessMs === null && !same(current.firstAnswerDueAt, deadlines.firstAnswerDueAt) && ahead(deadlines.firstAnswerDueAt)) {
      rearm.push('FIRST_ANSWER');
    }
  }

  const before: LifecycleState = {
    statusCode: current.statusCode as TicketStatus,
    assignedToId: current.assignedToId,
    dueAt: deadlines.dueAt,
    pausedAt: current.pausedAt,
    closedAt: current.closedAt,
    closureReason: current.closureReason as ClosureReason | null,
  };
  const after = planLifecycle(before, update, ctx.now, calendar);
  // Leaving "En espera" moves every deadline and warning by the business time left when the pause started.
  // An answered event's first-answer deadline is history: it stays as it was met (decision 179).
  if (current.pausedAt && !after.pausedAt) {
    const resumed = resumedDeadlines(calendar, deadlines, current.pausedAt, ctx.now);
    deadlines = current.firstAnswerBusinessMs === null ? resumed : { ...resumed, firstAnswerDueAt: deadlines.firstAnswerDueAt, firstAnswerWarnAt: deadlines.firstAnswerWarnAt };
  }
  if (current.statusCode === 'CLOSED' && after.statusCode === 'CLOSED' && fieldsChanged) {
    throw new TicketRuleError('conflict', messages.ticketClosedLocked);
  }

  record('statusCode', current.statusCode, after.statusCode);
  record('assignedToId', current.assignedToId, after.assignedToId);
  if (changes.assignedToId) {
    changes.assignedToName = {
      from: current.assignedToId ? (ctx.assigneeNames[current.assignedToId] ?? null) : null,
      to: after.assignedToId ? (ctx.assigneeNames[after.assignedToId] ?? null) : null,
    };
  }
  record('closureReason', current.closureReason, after.closureReason);
  record('closedAt', current.closedAt, after.closedAt);
  record('dueAt', current.dueAt, deadlines.dueAt);
  record('firstAnswerDueAt', current.firstAnswerDueAt, deadlines.firstAnswerDueAt);
  record('pausedAt', current.pausedAt, after.pausedAt);
  // Warning instants move with their deadlines; the history names the deadlines only.
  if (!same(current.warnAt, deadlines.warnAt)) patch.warnAt = deadlines.warnAt;
  if (!same(current.firstAnswerWarnAt, deadlines.firstAnswerWarnAt)) patch.firstAnswerWarnAt = deadlines.firstAnswerWarnAt;

  if (Object.keys(changes).length === 0) return null;
  patch.updatedAt = ctx.now;
  // The resolution target is met at closing: the business time the event's clock counted (decision 179).
  // A reopened event is no longer resolved; its next closing is measured again.
  if (after.statusCode === 'CLOSED' && current.statusCode !== 'CLOSED') {
    patch.resolutionBusinessMs = consumedAt(calendar, ctx.now, deadlines.dueAt, targets.resolutionMs);
  }
  if (current.statusCode === 'CLOSED' && after.statusCode !== 'CLOSED') patch.resolutionBusinessMs = null;
  // The first thing staff do to a ticket is its first response (reports measure it).
  if (!current.firstResponseAt) patch.firstResponseAt = ctx.now;
  return { patch, changes, action: actionOf(current.statusCode as TicketStatus, after.statusCode, changes), rearm };
}

function actionOf(from: TicketStatus, to: TicketStatus, changes: Changes): HistoryAction {
  if (to === 'CLOSED' && from !== 'CLOSED') return 'CLOSED';
  if (from === 'CLOSED' && to !== 'CLOSED') return 'REOPENED';
  if (changes.assignedToId) return changes.assignedToId.to ? 'ASSIGNED' : 'UNASSIGNED';
  if (changes.statusCode) return 'STATUS_CHANGED';
  return 'UPDATED';
}
