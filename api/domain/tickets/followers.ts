import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { NEARBY_HOURS } from '@contract/ticket-list';
import { MY_REPORTS_LIMIT, type MyReport, type MyReports, type PublicAnswer } from '@contract/ticket-follow';
import type { Orientation, TicketStatus, TicketType } from '@contract/ticket-codes';
import { STAFF_ROLES } from '@contract/roles';
import type { Database } from '../../platform/db/client';
import { classification, comment, ticket, ticketFollower } from '../../platform/db/schema';

/**
 * Following an event found among the possible duplicates (docs/decisions/161-following-a-duplicate.md).
 * A driver may follow what the lookup (./nearby.ts) could show them: an open event received in the
 * last NEARBY_HOURS hours, not their own. Anything else, a folio that names nothing included,
 * gets the same answer, so following tells nothing the lookup does not.
 */
export type FollowOutcome = 'following' | 'not-followable' | 'own';

export async function followTicket(db: Database, profileId: string, folio: string, now: Date): Promise<FollowOutcome> {
  const [found] = await db
    .select({ id: ticket.id, reporterId: ticket.reporterId, statusCode: ticket.statusCode, createdAt: ticket.createdAt })
    .from(ticket)
    .where(eq(ticket.folio, folio))
    .limit(1);
  if (!found) return 'not-followable';
  if (found.reporterId === profileId) return 'own';
  // Following twice is following once, and what one already follows stays followed once it closes.
  const [already] = await db
    .select({ id: ticketFollower.ticketId })
    .from(ticketFollower)
    .where(and(eq(ticketFollower.ticketId, found.id), eq(ticketFollower.profileId, profileId)));
  if (already) return 'following';
  const since = new Date(now.getTime() - NEARBY_HOURS * 3_600_000);
  if (found.statusCode === 'CLOSED' || found.createdAt < since) return 'not-followable';
  await db.insert(ticketFollower).values({ ticketId: found.id, profileId, createdAt: now }).onConflictDoNothing();
  return 'following';
}

/** "Dejar de seguir": whether or not they followed it, they no longer do. */
export async function unfollowTicket(db: Database, profileId: string, folio: string): Promise<void> {
  await db
    .delete(ticketFollower)
    .where(and(eq(ticketFollower.profileId, profileId), inArray(ticketFollower.ticketId, db.select({ id: ticket.id }).from(ticket).where(eq(ticket.folio, folio)))));
}

/** The drivers following an event: they hear of its public changes (../notifications/ticket-events.ts). */
export async function followersOf(db: Database, ticketId: number): Promise<string[]> {
  const rows = await db.select({ profileId: ticketFollower.profileId }).from(ticketFollower).where(eq(ticketFollower.ticketId, ticketId));
  return rows.map((r) => r.profileId);
}

/** The last public comment of the staff on each event (a closing message is one): "the last answer". */
async function lastAnswers(db: Database, ticketIds: number[]): Promise<Map<number, PublicAnswer>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([comment.ticketId], { ticketId: comment.ticketId, body: comment.body, createdAt: comment.createdAt })
    .from(comment)
    .where(and(inArray(comment.ticketId, ticketIds), eq(comment.internal, false), inArray(comment.authorRole, [...STAFF_ROLES])))
    .orderBy(comment.ticketId, desc(comment.id));
  return new Map(rows.map((r) => [r.ticketId, { comment: r.body, createdAt: r.createdAt.toISOString() }]));
}

const publicColumns = {
  id: ticket.id,
  folio: ticket.folio,
  type: ticket.type,
  classificationName: classification.name,
  statusCode: ticket.statusCode,
  kilometer: ticket.kilometer,
  orientation: ticket.orientation,
  createdAt: ticket.createdAt,
  closedAt: ticket.closedAt,
};

/** "Mis reportes": the driver's latest reports, and the events they follow, public parts only. */
export async function myReports(db: Database, profileId: string): Promise<MyReports> {
  const [own, followed] = await Promise.all([
    db
      .select(publicColumns)
      .from(ticket)
      .innerJoin(classification, eq(classification.id, ticket.classificationId))
      .where(eq(ticket.reporterId, profileId))
      .orderBy(desc(ticket.createdAt), desc(ticket.id))
      .limit(MY_REPORTS_LIMIT),
    db
      .select(publicColumns)
      .from(ticketFollower)
      .innerJoin(ticket, eq(ticket.id, ticketFollower.ticketId))
      .innerJoin(classification, eq(classification.id, ticket.classificationId))
      // A follower who later became its reporter (an account merge) sees it once, as their own.
      .where(and(eq(ticketFollower.profileId, profileId), sql`${ticket.reporterId} is distinct from ${profileId}`))
      .orderBy(desc(ticketFollower.createdAt))
      .limit(MY_REPORTS_LIMIT),
  ]);
  const answers = await lastAnswers(db, [...own, ...followed].map((r) => r.id));
  const toReport = (r: (typeof own)[number], following: boolean): MyReport => ({
    ...(following ? {} : { id: r.id }),
    folio: r.folio,
    type: r.type as TicketType,
    classificationName: r.classificationName,
    statusCode: r.statusCode as TicketStatus,
    kilometer: r.kilometer,
    orientation: r.orientation as Orientation,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    following,
    lastAnswer: answers.get(r.id) ?? null,
  });
  return { own: own.map((r) => toReport(r, false)), followed: followed.map((r) => toReport(r, true)) };
}

/** The folios among `folios` the driver follows (the duplicates list marks them "Siguiendo"). */
export async function followedFolios(db: Database, profileId: string, since: Date): Promise<Set<string>> {
  const rows = await db
    .select({ folio: ticket.folio })
    .from(ticketFollower)
    .innerJoin(ticket, eq(ticket.id, ticketFollower.ticketId))
    .where(and(eq(ticketFollower.profileId, profileId), gte(ticket.createdAt, since)));
  return new Set(rows.map((r) => r.folio));
}
