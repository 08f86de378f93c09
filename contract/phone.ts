/**
 * Chilean phone numbers as people type and read them: plain functions, free of zod, so the
 * screens' bundles can use them (the schema is phone-schema.ts).
 */

export const PHONE_INPUT_MAX = 25;

/**
 * A Chilean number (+56 and 9 digits, mobile or landline) as people type it:
 * "+56 9 1234 5678", "56912345678", "9 1234 5678", "(2) 2345-6789".
 * Returns the stored form +56912345678, or null.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s().-]/g, '');
  const match = /^(?:\+?56)?([2-9]\d{8})$/.exec(compact);
  return match ? `+56${match[1]}` : null;
}

/** +56912345678 as shown: +56 9 1234 5678. Anything else comes back as is. */
export function formatPhone(phone: string): string {
  const normal = normalizePhone(phone);
  if (!normal) return phone;
  const digits = normal.slice(3);
  return `+56 ${digits.slice(0, 1)} ${digits.slice(1, 5)} ${digits.slice(5)}`;
}
