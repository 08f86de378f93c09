import { z } from './zod';
import { messages } from './messages';
import { parseKilometer } from './kilometer';

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
