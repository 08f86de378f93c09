import { and, asc, eq, getTableColumns, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatMessage, messages } from '@contract/messages';
import type { TicketCreate, TicketUpdate } from '@contract/ticket';
import type { Ticket, TicketHistoryEntry } from '@contract/ticket-dto';
import type { Channel, ClosureReason, HistoryAction, Orientation, TicketStatus, TicketType } from '@contract/ticket-codes';
import type { Database } from '../../platform/db/client';
import { classification, deadlineNotice, profile, ticket, ticketHistory } from '../../platform/db/schema';
import { nextTicketIdentity } from './folio';
import { TicketRuleError } from './lifecycle';
import { channelFor, reporterFor, type Actor } from './permissions';
import { findAssignable, findClassification, roadProfile, roadRange } from './reference';
import { roadPlaces } from '@contract/road-lookup';
import { isLate } from './sla';
import { readCalendar } from '../calendar/store';
import { deadlinesFrom, targetsOf, type Deadlines } from '../calendar/deadlines';
import { planTicketUpdate } from './update-plan';
import { insertComment } from './comments';
import { fullNameOrNull } from '@contract/person-name';

/** Who acts, with the name the history keeps even if the account is deleted later. */
export type TicketActor = Actor & { name: string };

const assignee = alias(profile, 'assignee');

const loadedColumns = {
  ...getTableColumns(ticket),
  classificationName: classification.name,
  slaHours: classification.slaHours,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
};

export type LoadedTicket = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

export async function findTicket(db: Database, id: number) {
  const [row] = await db
    .select(loadedColumns)
    .from(ticket)
    .innerJoin(classification, eq(classification.id, ticket.classificationId))
    .leftJoin(assignee, eq(assignee.id, ticket.assignedToId))
    .where(eq(ticket.id, id))
    .limit(1);
  return row;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toTicketDto(row: LoadedTicket, now: Date): Ticket {
  return {
    id: row.id,
    folio: row.folio,
    type: row.type as TicketType,
    classificationId: row.classificationId,
    classificationName: row.classificationName,
    statusCode: row.statusCode as TicketStatus,
    channelCode: row.channelCode as Channel,
    description: row.description,
    kilometer: row.kilometer,
    sector: row.sector,
    commune: row.commune,
    orientation: row.orientation as Orientation,
    dateEvent: row.dateEvent.toISOString(),
    reporterId: row.reporterId,
    createdById: row.createdById,
    assignedToId: row.assignedToId,
    assignedToName: fullNameOrNull(row.assigneeFirstName, row.assigneeLastName),
    realAddress: row.realAddress,
    email: row.email,
    fullName: row.fullName,
    phone: row.phone,
    rut: row.rut,
    anonymised: row.anonymisedAt !== null,
    position:
      row.positionLat !== null && row.positionLon !== null
        ? { lat: row.positionLat, lon: row.positionLon, accuracy: row.positionAccuracy ?? 0 }
        : null,
    dueAt: row.dueAt.toISOString(),
    pausedAt: iso(row.pausedAt),
    firstResponseAt: iso(row.firstResponseAt),
    closedAt: iso(row.closedAt),
    closureReason: row.closureReason as ClosureReason | null,
    late: isLate({ statusCode: row.statusCode as TicketStatus, dueAt: row.dueAt, pausedAt: row.pausedAt }, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Checks against the database what the contract cannot: classification, kilometre range, and
 * sector and commune among the road profile's (so the summaries group cleanly). A road without
 * a profile takes any kilometre and place.
 */
async function checkReferences(
  db: Database,
  input: { classificationId?: number; kilometer?: number; sector?: string; commune?: string },
): Promise<{ fields: Record<string, string>; classification?: Awaited<ReturnType<typeof findClassification>> }> {
  const fields: Record<string, string> = {};
  let found: Awaited<ReturnType<typeof findClassification>>;
  if (input.classificationId !== undefined) {
    found = await findClassification(db, input.classificationId);
    if (!found || !found.active) fields.classificationId = messages.classificationNotFound;
  }
  if (input.kilometer !== undefined) {
    const range = await roadRange(db);
    if (range && (input.kilometer < range.minKm || input.kilometer > range.maxKm)) {
      fields.kilometer = formatMessage(messages.kilometerOutOfRange, { min: range.minKm, max: range.maxKm });
    }
  }
  if (input.sector !== undefined || input.commune !== undefined) {
    const profile = await roadProfile(db);
    if (profile.segments.length > 0) {
      const places = roadPlaces(profile);
      if (input.sector !== undefined && !places.sectors.includes(input.sector)) fields.sector = messages.sectorNotOnRoad;
      if (input.commune !== undefined && !places.communes.includes(input.commune)) fields.commune = messages.communeNotOnRoad;
    }
  }
  return { fields, classification: found };
}

async function writeHistory(db: Database, ticketId: number, actor: TicketActor, action: HistoryAction, changes: object, at: Date) {
  await db.insert(ticketHistory).values({
    ticketId,
    actorId: actor.profileId,
    actorName: actor.name,
    action,
    changes: changes as Record<string, { from: unknown; to: unknown }>,
    createdAt: at,
  });
}

/** The deadlines an event was given, for its history (decision 179): staff read them in the event's history. */
function deadlineChanges(d: Deadlines): Record<string, { from: null; to: string }> {
  const changes: Record<string, { from: null; to: string }> = { dueAt: { from: null, to: d.dueAt.toISOString() } };
  if (d.firstAnswerDueAt) changes.firstAnswerDueAt = { from: null, to: d.firstAnswerDueAt.toISOString() };
  return changes;
}

/**
 * Creates a ticket with its folio and its first history entry, in one transaction; `charge`,
 * when given, runs first in it (the account's write limits, domain/quotas/write-quotas.ts).
 */
export async function createTicket(
  db: Database,
  actor: TicketActor,
  input: TicketCreate,
  now: Date,
  warningShare: number,
  charge?: (tx: Database) => Promise<void>,
): Promise<Ticket> {
  const { fields, classification: category } = await checkReferences(db, input);
  if (Object.keys(fields).length > 0 || !category) throw new TicketRuleError('invalid', messages.validationFailed, fields);
  // The deadlines on the classification's calendar and targets as they are now (decision 179): the event keeps
  // them, its calendar and its targets, whatever the classification says later.
  const targets = targetsOf(category);
  const deadlines = deadlinesFrom(await readCalendar(db, category.calendarId), now, targets, warningShare);

  const channelCode = channelFor(actor.role, input.channelCode);
  const id = await db.transaction(async (tx) => {
    await charge?.(tx);
    const identity = await nextTicketIdentity(tx, category.type, now);
    await tx.insert(ticket).values({
      id: identity.id,
      folio: identity.folio,
      type: category.type,
      classificationId: category.id,
      statusCode: 'NEW',
      channelCode,
      description: input.description,
      kilometer: input.kilometer,
      sector: input.sector,
      commune: input.commune,
      orientation: input.orientation,
      dateEvent: input.dateEvent,
      reporterId: reporterFor(actor),
      createdById: actor.profileId,
      realAddress: input.realAddress ?? null,
      email: input.email ?? null,
      fullName: input.fullName,
      phone: input.phone,
      rut: input.rut,
      positionLat: input.position?.lat ?? null,
      positionLon: input.position?.lon ?? null,
      positionAccuracy: input.position?.accuracy ?? null,
      calendarId: category.calendarId,
      ...deadlines,
      resolutionTargetMs: targets.resolutionMs,
      firstAnswerTargetMs: targets.firstAnswerMs,
      createdAt: now,
      updatedAt: now,
    });
    await writeHistory(tx, identity.id, actor, 'CREATED', {
      statusCode: { from: null, to: 'NEW' },
      channelCode: { from: null, to: channelCode },
      ...deadlineChanges(deadlines),
    }, now);
    return identity.id;
  });
  return toTicketDto((await findTicket(db, id))!, now);
}

/**
 * Applies a PUT: locks the row, checks references, plans the change with the lifecycle
 * rules and writes the row and its history entry together. Nothing changes, nothing is written.
 */
export async function updateTicket(
  db: Database,
  actor: TicketActor,
  id: number,
  update: TicketUpdate,
  now: Date,
  warningShare: number,
): Promise<Ticket> {
  await db.transaction(async (tx) => {
    await tx.select({ id: ticket.id }).from(ticket).where(eq(ticket.id, id)).for('update');
    const current = await findTicket(tx, id);
    if (!current) throw new TicketRuleError('missing', messages.notFound);

    const changesClassification = update.classificationId !== undefined && update.classificationId !== current.classificationId;
    const changesKilometer = update.kilometer !== undefined && update.kilometer !== current.kilometer;
    const { fields, classification: category } = await checkReferences(tx, {
      classificationId: changesClassification ? update.classificationId : undefined,
      kilometer: changesKilometer ? update.kilometer : undefined,
      // A place written before the profile was enforced stays valid until it is changed.
      sector: update.sector !== undefined && update.sector !== current.sector ? update.sector : undefined,
      commune: update.commune !== undefined && update.commune !== current.commune ? update.commune : undefined,
    });
    const assigneeNames: Record<string, string> = {};
    if (current.assignedToId) assigneeNames[current.assignedToId] = fullNameOrNull(current.assigneeFirstName, current.assigneeLastName) ?? '';
    if (update.assignedToId && update.assignedToId !== current.assignedToId) {
      const next = await findAssignable(tx, update.assignedToId);
      if (next) assigneeNames[next.id] = next.name;
      else fields.assignedToId = messages.assigneeInvalid;
    }
    if (Object.keys(fields).length > 0) throw new TicketRuleError('invalid', messages.validationFailed, fields);

    const plan = planTicketUpdate(current, update, {
      now,
      currentSlaHours: current.slaHours,
      newClassification: changesClassification ? category : undefined,
      // The event's own calendar, and the new classification's for a reclassification (decision 179).
      calendar: await readCalendar(tx, current.calendarId),
      newCalendar: changesClassification && category ? await readCalendar(tx, category.calendarId) : undefined,
      warningShare,
      currentClassificationName: current.classificationName,
      assigneeNames,
    });
    if (!plan) return;
    await tx.update(ticket).set(plan.patch).where(eq(ticket.id, id));
    if (plan.rearm.length > 0) await tx.delete(deadlineNotice).where(and(eq(deadlineNotice.ticketId, id), inArray(deadlineNotice.deadline, plan.rearm)));
    await writeHistory(tx, id, actor, plan.action, plan.changes, now);
    // The closure's message to the driver: a public comment, closed and said together or neither.
    if (plan.patch.statusCode === 'CLOSED' && update.closureMessage) {
      await insertComment(tx, id, actor, update.closureMessage, false, now);
    }
  });
  return toTicketDto((await findTicket(db, id))!, now);
}

/** The history in order; without internal notes for whoever may not read them (drivers). */
export async function ticketHistoryOf(db: Database, ticketId: number, includeInternal = true): Promise<TicketHistoryEntry[]> {
  const rows = await db
    .select()
    .from(ticketHistory)
    .where(and(eq(ticketHistory.ticketId, ticketId), includeInternal ? undefined : ne(ticketHistory.action, 'NOTE_ADDED')))
    .orderBy(asc(ticketHistory.id));
  return rows.map((h) => ({
    id: h.id,
    ticketId: h.ticketId,
    actorId: h.actorId,
    actorName: h.actorName,
    action: h.action as HistoryAction,
    changes: h.changes,
    createdAt: h.createdAt.toISOString(),
  }));
}
