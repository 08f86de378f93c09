/**
 * The ticket list's tabs and sorts: plain data, free of zod, so the screens' bundles can use it
 * (the query's schema is in ticket-list.ts).
 */
export const TICKET_TABS = ['all', 'active', 'closed'] as const;
export type TicketTab = (typeof TICKET_TABS)[number];

/** Newest first by default; the others serve the queue (due first) and the road (by kilometre). */
export const TICKET_SORTS = ['createdAt:desc', 'createdAt:asc', 'dueAt:asc', 'kilometer:asc'] as const;
export type TicketSort = (typeof TICKET_SORTS)[number];
