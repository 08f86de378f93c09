import { z } from './zod';
import { messages } from './messages';

/** The database keeps numeric(7,3): up to 9999.999 km. */
export const KILOMETER_MAX = 9999.999;

const KILOMETER_TEXT = /^\d{1,4}(?:[.,]\d{1,3})?$/;

/**
 * A kilometre as typed ("23,5", "23.5", " 7 ") or sent as a JSON number: a decimal
 * >= 0 with at most 3 decimals. Null when it is not one.
 */
export function parseKilometer(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > KILOMETER_MAX) return null;
    // Up to 3 decimals, tolerating binary noise such as 0.1 + 0.2.
    const thousandths = value * 1000;
    return Math.abs(thousandths - Math.round(thousandths)) < 1e-6 ? Math.round(thousandths) / 1000 : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!KILOMETER_TEXT.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/** 23.5 as people read it in Chile: "23,5". */
export function formatKilometer(km: number): string {
  return String(km).replace('.', ',');
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Required kilometre. The API also checks it lies inside the road profile. */
export const kilometerSchema = z.any().transform((value, ctx): number => {
  if (isBlank(value)) {
    ctx.addIssue({ code: 'custom', message: messages.kilometerRequired });
    return z.NEVER;
  }
  const km = parseKilometer(value);
  if (km === null) {
    ctx.addIssue({ code: 'custom', message: messages.kilometerInvalid });
    return z.NEVER;
  }
  return km;
});

/** Optional kilometre (list filters): blank is "not given". */
export const optionalKilometerSchema = z
  .any()
  .transform((value, ctx): number | undefined => {
    if (isBlank(value)) return undefined;
    const km = parseKilometer(value);
    if (km === null) {
      ctx.addIssue({ code: 'custom', message: messages.kilometerInvalid });
      return z.NEVER;
    }
    return km;
  })
  .optional();
