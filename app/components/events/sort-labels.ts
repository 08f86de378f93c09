import type { TicketSort } from '@contract/ticket-list-options';

/**
 * The catalogue key of each sort's label (app/locales/es/events.ts `filters.sorts`). The sort
 * values carry ':' ("createdAt:desc"), which i18next reads as a namespace separator, so they
 * cannot be keys themselves.
 */
export const SORT_LABEL_KEYS = {
  'createdAt:desc': 'newestFirst',
  'createdAt:asc': 'oldestFirst',
  'dueAt:asc': 'dueFirst',
  'kilometer:asc': 'byKilometer',
} as const satisfies Record<TicketSort, string>;
