import { z } from './zod';
import { formatMessage, messages } from './messages';
import { ORIENTATIONS } from './ticket-codes';
import type { Destinations, RoadProfile, RoadSegment } from './road-lookup';
import type { RoadAxis } from './road-axis';

export {
  isKilometerOnRoad,
  locateKilometer,
  orientationLabel,
  roadPlaces,
  type Destinations,
  type RoadProfile,
  type RoadSegment,
} from './road-lookup';

/** A destination's length: "hacia Valparaíso" is 16. */
export const DESTINATION_MAX = 60;

/** One stretch of the highway with its sector and commune. */
export const roadSegmentSchema = z.object({
  kmFrom: z.number(),
  kmTo: z.number(),
  sector: z.string(),
  commune: z.string(),
}) satisfies z.ZodType<RoadSegment>;

export const destinationsSchema = z.object(
  Object.fromEntries(ORIENTATIONS.map((o) => [o, z.string().optional()])) as Record<(typeof ORIENTATIONS)[number], z.ZodOptional<z.ZodString>>,
) satisfies z.ZodType<Destinations>;

/** GET /api/road/profile: the stretches in kilometre order, the posted range and the destinations. */
export const roadProfileSchema = z.object({
  minKm: z.number(),
  maxKm: z.number(),
  segments: z.array(roadSegmentSchema),
  destinations: destinationsSchema,
}) satisfies z.ZodType<RoadProfile>;

/** PUT /api/road/destinations (admin): a blank destination removes it. */
export const destinationsBodySchema = z.object(
  Object.fromEntries(
    ORIENTATIONS.map((o) => [o, z.string().trim().max(DESTINATION_MAX, formatMessage(messages.destinationTooLong, { max: DESTINATION_MAX })).optional()]),
  ) as Record<(typeof ORIENTATIONS)[number], z.ZodOptional<z.ZodString>>,
);

const axisPointSchema = z.object({ km: z.number(), lat: z.number(), lon: z.number() });

/** GET /api/road/axis: each carriageway's points; orientation null for a line serving both. */
export const roadAxisSchema = z.object({
  lines: z.array(z.object({ orientation: z.enum(ORIENTATIONS).nullable(), points: z.array(axisPointSchema) })),
}) satisfies z.ZodType<RoadAxis>;
