import { maskRut } from '@contract/rut-mask';
import { seesPhonePosition, seesWholeRutInLists, seesWholeRutOnEvent } from '@contract/permissions';
import type { Role } from '@contract/roles';
import type { TicketHistoryEntry, TicketListItem } from '@contract/ticket-dto';

/**
 * Staff see a person's RUT whole only where their task needs it (contract/permissions.ts PERSONAL_DATA_PERMISSIONS;
 * decision 147). Applied to answers just before they leave; searching by RUT still runs on the stored value.
 */
const masked = (rut: string | null) => (rut === null ? null : maskRut(rut));

/** A page of an event list as `role` may see it. */
export function listAsSeenBy<T extends { content: TicketListItem[] }>(page: T, role: Role): T {
  if (seesWholeRutInLists(role)) return page;
  return { ...page, content: page.content.map((item) => ({ ...item, rut: masked(item.rut) })) };
}

/**
 * One event (and its history, which records RUT corrections) as `role` may see it; the phone's position
 * is left out for roles that may not see it (decision 157).
 */
export function eventAsSeenBy<T extends { rut: string | null; position?: unknown; history?: TicketHistoryEntry[] }>(event: T, role: Role): T {
  if (!seesPhonePosition(role) && 'position' in event) {
    const { position: _hidden, ...rest } = event;
    return eventAsSeenBy(rest as T, role);
  }
  if (seesWholeRutOnEvent(role)) return event;
  const seen = { ...event, rut: masked(event.rut) };
  if (event.history) seen.history = historyAsSeenBy(event.history, role);
  return seen;
}

export function historyAsSeenBy(history: TicketHistoryEntry[], role: Role): TicketHistoryEntry[] {
  if (seesWholeRutOnEvent(role)) return history;
  const maskValue = (value: unknown) => (typeof value === 'string' ? maskRut(value) : value);
  return history.map((entry) =>
    entry.changes.rut ? { ...entry, changes: { ...entry.changes, rut: { from: maskValue(entry.changes.rut.from), to: maskValue(entry.changes.rut.to) } } } : entry,
  );
}
