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
