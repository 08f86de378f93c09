/**
 * The ticket's codes: plain data, free of zod, so the screens' bundles can use them (their
 * schemas are in ticket-code-schema.ts).
 */

/** Kinds of event (docs/product-decisions.md, "Tickets (events)": each classification is of one type). */
export const TICKET_TYPES = ['CLAIM', 'SUGGESTION', 'INCIDENT'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** The lifecycle: NEW -> ASSIGNED -> IN_PROGRESS <-> ON_HOLD -> CLOSED (reopen by staff). */
export const TICKET_STATUSES = ['NEW', 'ASSIGNED', 'IN_PROGRESS', 'ON_HOLD', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Where a reopened ticket goes: to IN_PROGRESS when someone holds it, else back to the NEW queue. */
export function reopenStatus(assignedToId: string | null): TicketStatus {
  return assignedToId ? 'IN_PROGRESS' : 'NEW';
}

export const CLOSURE_REASONS = ['RESOLVED', 'DUPLICATE', 'NOT_APPLICABLE', 'REFERRED'] as const;
export type ClosureReason = (typeof CLOSURE_REASONS)[number];

export const CHANNELS = ['WEB', 'PHONE', 'EMAIL', 'IN_PERSON', 'SOCIAL'] as const;
export type Channel = (typeof CHANNELS)[number];

/** North to South, or South to North (docs/specification.md, "Ticket (event)"). */
export const ORIENTATIONS = ['NORTH_SOUTH', 'SOUTH_NORTH'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** Folio prefix per type: R claim (reclamo), S suggestion, I incident. */
export const FOLIO_PREFIX: Record<TicketType, string> = { CLAIM: 'R', SUGGESTION: 'S', INCIDENT: 'I' };

/** e.g. R-2026-000123: never reused, since it is built from the ticket's id. */
export function formatFolio(type: TicketType, year: number, id: number): string {
  return `${FOLIO_PREFIX[type]}-${year}-${String(id).padStart(6, '0')}`;
}

/** What a history entry records; one entry per change request, its changes listed field by field. */
export const HISTORY_ACTIONS = [
  'CREATED',
  'UPDATED',
  'ASSIGNED',
  'UNASSIGNED',
  'STATUS_CHANGED',
  'CLOSED',
  'REOPENED',
  'COMMENTED',
  // An internal note: staff only, never in a driver's view of the history.
  'NOTE_ADDED',
  'ATTACHED',
  // The reporter's identifiers were removed (suppression or retention; docs/decisions/149-suppression-and-retention.md).
  'ANONYMISED',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];
