/**
 * The Chilean RUT as people type and read it: plain functions, free of zod, so the screens'
 * bundles can use them (the schema is rut-schema.ts).
 */

/** Bodies below this are not issued to people or companies any more; shorter input is a typo. */
const RUT_BODY_MIN = 100_000;
const RUT_BODY_MAX = 99_999_999;
export const RUT_INPUT_MAX = 20;

/** The modulo-11 check digit of a RUT body: 0-9 or K. */
export function rutCheckDigit(body: number): string {
  let sum = 0;
  let factor = 2;
  for (const digit of String(body).split('').reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return rest === 11 ? '0' : rest === 10 ? 'K' : String(rest);
}

/**
 * A RUT as people type it (12.345.678-5, 12345678-5, 123456785, 12345678-k) in the
 * stored form 12345678-5, or null when it is malformed or its check digit is wrong.
 */
export function normalizeRut(input: string): string | null {
  const compact = input.replace(/[.\s]/g, '').toUpperCase();
  const match = /^(\d+)-?([\dK])$/.exec(compact);
  if (!match) return null;
  const body = Number(match[1]);
  if (!Number.isSafeInteger(body) || body < RUT_BODY_MIN || body > RUT_BODY_MAX) return null;
  if (rutCheckDigit(body) !== match[2]) return null;
  return `${body}-${match[2]}`;
}

/** 12345678-5 as shown everywhere: 12.345.678-5. Input that is not a valid RUT comes back as is. */
export function formatRut(rut: string): string {
  const normal = normalizeRut(rut);
  if (!normal) return rut;
  const [body, dv] = normal.split('-') as [string, string];
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
}
