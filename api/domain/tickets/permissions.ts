import { canChooseChannel, canSeeEveryTicket } from '@contract/permissions';
import type { Role } from '@contract/roles';
import type { Channel } from '@contract/ticket-codes';

/**
 * What the API decides about tickets beyond the role: whose ticket it is, its channel, its
 * reporter, "my tickets". Who may do what by role is contract/permissions.ts.
 */
export type Actor = { profileId: string; role: Role };

/** A driver sees only what they reported; asking for anything else is "not found". */
export function canSeeTicket(actor: Actor, t: { reporterId: string | null }): boolean {
  return canSeeEveryTicket(actor.role) || t.reporterId === actor.profileId;
}

/** Drivers report through the web; staff say how the ticket reached them. */
export function channelFor(role: Role, requested: Channel | undefined): Channel {
  return canChooseChannel(role) && requested ? requested : 'WEB';
}

/** A driver who creates a ticket is its reporter; staff record on behalf of someone without an account. */
export function reporterFor(actor: Actor): string | null {
  return actor.role === 'DRIVER' ? actor.profileId : null;
}

/** Possible duplicates: a driver sees no ids and nothing personal of other people's tickets. */
export const seesOthersTicketDetails = (role: Role) => canSeeEveryTicket(role);

/** "My tickets": the ones a driver reported, or the ones assigned to a staff member. */
export type ListScope = { kind: 'all' } | { kind: 'reporter'; profileId: string } | { kind: 'assignee'; profileId: string };

export function myScope(actor: Actor): ListScope {
  return actor.role === 'DRIVER'
    ? { kind: 'reporter', profileId: actor.profileId }
    : { kind: 'assignee', profileId: actor.profileId };
}
