import { ROLE_AREAS, type Role } from '@contract/roles';

/** The screens a role area can hold, in sidebar order (docs/specification.md, "Layout"). */
export const SCREENS = ['dashboard', 'events', 'reports', 'assignments', 'notifications', 'users'] as const;
export type Screen = (typeof SCREENS)[number];

/** Each role's root path segment: /driver, /operator ... (one table, in the contract). */
export const AREA_BY_ROLE = ROLE_AREAS;
export type Area = (typeof AREA_BY_ROLE)[Role];

/** The route table and sidebar menus of docs/specification.md, "Role routes" and "Layout": the same set per role. */
export const SCREENS_BY_ROLE = {
  DRIVER: ['dashboard', 'events', 'notifications'],
  OPERATOR: ['dashboard', 'events', 'reports', 'assignments', 'notifications'],
  SUPERVISOR: ['dashboard', 'events', 'reports', 'assignments', 'notifications'],
  INSPECTOR: ['dashboard', 'events', 'reports'],
  ADMIN: ['dashboard', 'events', 'reports', 'assignments', 'notifications', 'users'],
} as const satisfies Record<Role, readonly Screen[]>;

export function roleOfArea(segment: string | undefined): Role | null {
  const entry = Object.entries(AREA_BY_ROLE).find(([, area]) => area === segment);
  return entry ? (entry[0] as Role) : null;
}

export function screenPath(role: Role, screen: Screen): string {
  return `/${AREA_BY_ROLE[role]}/${screen}`;
}

export function dashboardPath(role: Role): string {
  return screenPath(role, 'dashboard');
}

export function menuFor(role: Role): { screen: Screen; to: string }[] {
  return SCREENS_BY_ROLE[role].map((screen) => ({ screen, to: screenPath(role, screen) }));
}

export const LOGIN_PATH = '/user/login';
/** The second step of a sign-in, and setting one up where it is required (decision 113). */
export const TWO_STEP_PATH = '/user/two-step';
export const TWO_STEP_ENROL_PATH = '/user/two-step/enrol';

export function loginPathFor(url: URL): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

/**
 * The sign-in page after a session ended under the person (decision 138): why it ended, and the
 * page to come back to. The sign-in checks `redirectTo` again (safeRedirect) before following it.
 */
export function signInAgainPath(reason: string | undefined, returnTo: string | null | undefined): string {
  const query = new URLSearchParams();
  if (reason) query.set('reason', reason);
  if (returnTo) query.set('redirectTo', returnTo);
  const search = query.toString();
  return search ? `${LOGIN_PATH}?${search}` : LOGIN_PATH;
}
