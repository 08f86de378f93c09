import { formatRut, normalizeRut } from './rut';

/**
 * A RUT as staff see it where their task does not need it whole (decision 147): the first block(s) and the check
 * digit stay, the last three digits of the body are hidden: 12.345.678-5 → 12.345.***-5. Anything that is not a
 * valid RUT is hidden entirely. Plain, free of zod: the API masks, a screen's bundle may use it for display.
 */
export const MASKED_RUT = '***';

export function maskRut(rut: string): string {
  if (!normalizeRut(rut)) return MASKED_RUT;
  return formatRut(rut).replace(/\d{3}-/, '***-');
}
