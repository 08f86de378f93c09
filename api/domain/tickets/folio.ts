import { sql } from 'drizzle-orm';
import { formatFolio, type TicketType } from '@contract/ticket-codes';
import { queryRows, type Database } from '../../platform/db/client';

const yearInSantiago = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Santiago', year: 'numeric' });

/** Draws the next ticket id and the folio built from it (R-2026-000123). */
export async function nextTicketIdentity(
  db: Database,
  type: TicketType,
  createdAt: Date,
): Promise<{ id: number; folio: string }> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select nextval(pg_get_serial_sequence('ticket', 'id'))::text as id`,
  );
  const id = Number(row!.id);
  return { id, folio: folioFor(type, createdAt, id) };
}

/** The folio carries the year the ticket was created in, Chilean time. */
export function folioFor(type: TicketType, createdAt: Date, id: number): string {
  return formatFolio(type, Number(yearInSantiago.format(createdAt)), id);
}

/** The SLA deadline of a ticket created at `createdAt`; the SLA rules live in tickets/sla.ts. */
export { dueAtFor } from './sla';
