/**
 * Kilometres as people type and read them: plain functions, free of zod, so the screens'
 * bundles can use them (the schemas are kilometer-schema.ts).
 */

/** The database keeps numeric(7,3): up to 9999.999 km. */
export const KILOMETER_MAX = 9999.999;

/** "23,4", "23.4", and as road signs and people write them: "km 23,4", "KM 23", "Km. 23" (issue 36). */
const KILOMETER_TEXT = /^(?:km\.?\s*)?(\d{1,4}(?:[.,]\d{1,3})?)$/i;

/**
 * A kilometre as typed ("23,5", "23.5", " 7 ", "km 23,5", "KM 23") or sent as a JSON number: a decimal
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
  const digits = KILOMETER_TEXT.exec(value.trim())?.[1];
  return digits === undefined ? null : Number(digits.replace(',', '.'));
}

/** The road's first and last kilometre (GET /api/road/profile's minKm and maxKm). */
export type KilometerRange = { minKm: number; maxKm: number };

/** 23.5 as people read it in Chile: "23,5". */
export function formatKilometer(km: number): string {
  return String(km).replace('.', ',');
}
