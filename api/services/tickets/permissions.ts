import type { Role } from '@contract/roles';
import type { Channel } from '@contract/ticket-codes';

/**
 * Who may do what with tickets: the table of product-decisions.md, as data.
 * Routes ask these questions; nothing else decides.
 *
 *   action                          driver        operator  supervisor  inspector  admin
 *   create                          own, WEB      on behalf on behalf   no         on behalf
 *   see                             own reports   all       all         all        all
 *   update, assign, close, reopen   no            yes       yes         no         yes
 */
const can = {
  create: ['DRIVER', 'OPERATOR', 'SUPERVISOR', 'ADMIN'],
  seeEveryTicket: ['OPERATOR', 'SUPERVISOR', 'INSPECTOR', 'ADMIN'],
  change: ['OPERATOR', 'SUPERVISOR', 'ADMIN'],
  chooseChannel: ['OPERATOR', 'SUPERVISOR', 'ADMIN'],
  /** Who can be the assignee of a ticket. */
  beAssigned: ['OPERATOR', 'SUPERVISOR', 'ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

const allowed = (list: readonly Role[], role: Role) => list.includes(role);

export type Actor = { profileId: string; role: Role };

export const canCreateTicket = (role: Role) => allowed(can.create, role);
export const canChangeTickets = (role: Role) => allowed(can.change, role);
export const canBeAssigned = (role: Role) => allowed(can.beAssigned, role);
export const ASSIGNABLE_ROLES = can.beAssigned;

/** Everyone who sees every ticket may list them all and per operator; drivers may not. */
export const canSeeEveryTicket = (role: Role) => allowed(can.seeEveryTicket, role);

/** A driver sees only what they reported; asking for anything else is "not found". */
export function canSeeTicket(actor: Actor, t: { reporterId: string | null }): boolean {
  return canSeeEveryTicket(actor.role) || t.reporterId === actor.profileId;
}

/** Drivers report through the web; staff say how the ticket reached them. */
export function channelFor(role: Role, requested: Channel | undefined): Channel {
  return allowed(can.chooseChannel, role) && requested ? requested : 'WEB';
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

/** Comments and attachments: drivers on their own tickets (visibility decides), staff on any; the inspector only reads. */
export const canCommentOn = (role: Role) => role !== 'INSPECTOR';
export const canAttachTo = (role: Role) => role !== 'INSPECTOR';
