import { data } from 'react-router';
import { ticketListQuerySchema, ticketListResponseSchema } from '@contract/ticket-list';
import { canSeeEveryTicket } from '@contract/permissions';
import { parseTicketId } from '@contract/ticket-id';
import type { ApiClient } from '~/server/api/api-client.server';
import { toTicketRow } from '~/components/events/ticket-table';
import type { SessionUser } from '~/server/auth/session-user';

/** A ticket id from the address: digits only, anything else is not found. */
export function ticketIdOf(param: string | undefined): number {
  const id = parseTicketId(param);
  if (id === null) throw data({ reason: 'not-found' }, { status: 404 });
  return id;
}

/**
 * The list's filters from the address, as the API takes them (strings). A value the API
 * would refuse is dropped, so an edited or stale link shows a list, not an error page.
 */
export function listFiltersOf(params: URLSearchParams, keep: readonly string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of keep) {
    const value = params.get(key)?.trim();
    if (value) raw[key] = value;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const parsed = ticketListQuerySchema.safeParse(raw);
    if (parsed.success) break;
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  }
  return raw;
}

/** Drivers see the tickets they reported; everyone who sees every ticket, the whole list. */
export function listPathFor(user: SessionUser): string {
  return canSeeEveryTicket(user.role) ? '/api/ticket/list/all' : '/api/ticket/list/me';
}

/**
 * A page of the ticket list with its counters, each ticket cut down to what the table
 * shows: the page and its hydration data carry ten fields a row instead of nineteen. `staff`: rows say the time
 * left on each event's calendar (decision 181).
 */
export async function fetchList(api: ApiClient, path: string, query: Record<string, string | number>, staff = false) {
  const list = await api.get(path, ticketListResponseSchema, query);
  return { ...list, content: list.content.map((ticket) => toTicketRow(ticket, staff)) };
}
