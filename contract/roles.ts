import { z } from './zod';

/** The five user types of the specification (section 6), as stored in profileCode. */
export const ROLES = ['DRIVER', 'OPERATOR', 'SUPERVISOR', 'INSPECTOR', 'ADMIN'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Staff handle tickets; the inspector only reads; drivers report. */
export const STAFF_ROLES = ['OPERATOR', 'SUPERVISOR', 'ADMIN'] as const satisfies readonly Role[];
export const REPORT_ROLES = ['OPERATOR', 'SUPERVISOR', 'INSPECTOR', 'ADMIN'] as const satisfies readonly Role[];

export function isStaff(role: Role): boolean {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

/** Each role's area of the web app: /driver, /operator, ... (specification section 2). */
export const ROLE_AREAS = {
  DRIVER: 'driver',
  OPERATOR: 'operator',
  SUPERVISOR: 'supervisor',
  INSPECTOR: 'inspector',
  ADMIN: 'admin',
} as const satisfies Record<Role, string>;
