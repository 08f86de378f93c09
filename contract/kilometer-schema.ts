import { z } from './zod';
import { formatMessage, messages } from './messages';
import { formatKilometer, parseKilometer, type KilometerRange } from './kilometer';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Required kilometre, within the road when its range is given (the forms, from the road profile
 * their page loaded): then the messages state the range, "entre 0 y 116" (issue 36). The API
 * checks the range against its own road (api/domain/tickets/store.ts).
 */
export function kilometerSchemaWithin(range?: KilometerRange) {
  const bounds = range ? { min: formatKilometer(range.minKm), max: formatKilometer(range.maxKm) } : null;
  return z.any().transform((value, ctx): number => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: messages.kilometerRequired });
      return z.NEVER;
    }
    const km = parseKilometer(value);
    if (km === null) {
      ctx.addIssue({ code: 'custom', message: bounds ? formatMessage(messages.kilometerInvalidWithin, bounds) : messages.kilometerInvalid });
      return z.NEVER;
    }
    if (range && bounds && (km < range.minKm || km > range.maxKm)) {
      ctx.addIssue({ code: 'custom', message: formatMessage(messages.kilometerOutOfRange, bounds) });
      return z.NEVER;
    }
    return km;
  });
}

/** Required kilometre, any on a road (the API's own schema). */
export const kilometerSchema = kilometerSchemaWithin();

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
