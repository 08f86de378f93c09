/**
 * The longest text each ticket field takes: plain data, free of zod, so the screens' bundles
 * can use it (the schemas are in ticket.ts).
 */
export const TICKET_LIMITS = {
  description: 2000,
  fullName: 120,
  sector: 120,
  commune: 120,
  realAddress: 200,
  email: 255,
} as const;
