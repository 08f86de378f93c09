/**
 * The five user types of docs/specification.md, "6. Roles and permissions", as stored in profileCode. Plain
 * data, free of zod, so every screen's shared bundle can use it (the schema is role-schema.ts).
 */
export const ROLES = ['DRIVER', 'OPERATOR', 'SUPERVISOR', 'INSPECTOR', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** Staff handle tickets; the inspector only reads; drivers report. */
export const STAFF_ROLES = ['OPERATOR', 'SUPERVISOR', 'ADMIN'] as const satisfies readonly Role[];

export function isStaff(role: Role): boolean {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

/** Each role's area of the web app: /driver, /operator, ... (docs/specification.md, "Role routes"). */
export const ROLE_AREAS = {
  DRIVER: 'driver',
  OPERATOR: 'operator',
  SUPERVISOR: 'supervisor',
  INSPECTOR: 'inspector',
  ADMIN: 'admin',
} as const satisfies Record<Role, string>;
