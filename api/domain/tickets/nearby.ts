import { and, asc, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { NearbyTicket } from '@contract/ticket-dto';
import { NEARBY_HOURS, NEARBY_KM, NEARBY_LIMIT, type NearbyQuery } from '@contract/ticket-list';
import type { Orientation, TicketStatus, TicketType } from '@contract/ticket-codes';
import type { Database } from '../../platform/db/client';
import { classification, ticket } from '../../platform/db/schema';

/**
 * Possible duplicates of a ticket being entered: open tickets within NEARBY_KM on the
 * same carriageway, received in the last NEARBY_HOURS hours, closest first. The
 * recent-and-active range is small, so the partial index of active tickets by
 * creation date finds them without scanning history.
 */
export async function nearbyTickets(
  db: Database,
  query: NearbyQuery,
  now: Date,
  withIds: boolean,
): Promise<NearbyTicket[]> {
  const since = new Date(now.getTime() - NEARBY_HOURS * 3_600_000);
  const rows = await db
    .select({
      id: ticket.id,
      folio: ticket.folio,
      type: ticket.type,
      classificationName: classification.name,
      statusCode: ticket.statusCode,
      kilometer: ticket.kilometer,
      orientation: ticket.orientation,
      dateEvent: ticket.dateEvent,
      createdAt: ticket.createdAt,
    })
    .from(ticket)
    .innerJoin(classification, eq(classification.id, ticket.classificationId))
    .where(
      and(
        ne(ticket.statusCode, 'CLOSED'),
        gte(ticket.createdAt, since),
        eq(ticket.orientation, query.orientation),
        gte(ticket.kilometer, query.kilometer - NEARBY_KM),
        lte(ticket.kilometer, query.kilometer + NEARBY_KM),
      ),
    )
    .orderBy(asc(sql`abs(${ticket.kilometer} - ${query.kilometer})`), desc(ticket.createdAt))
    .limit(NEARBY_LIMIT);
  return rows.map((r) => ({
    ...(withIds ? { id: r.id } : {}),
    folio: r.folio,
    type: r.type as TicketType,
    classificationName: r.classificationName,
    statusCode: r.statusCode as TicketStatus,
    kilometer: r.kilometer,
    orientation: r.orientation as Orientation,
    dateEvent: r.dateEvent.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}
