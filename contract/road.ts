import { z } from './zod';
import type { RoadProfile, RoadSegment } from './road-lookup';

export { isKilometerOnRoad, locateKilometer, roadPlaces, type RoadProfile, type RoadSegment } from './road-lookup';

/** One stretch of the highway with its sector and commune. */
export const roadSegmentSchema = z.object({
  kmFrom: z.number(),
  kmTo: z.number(),
  sector: z.string(),
  commune: z.string(),
}) satisfies z.ZodType<RoadSegment>;

/** GET /api/road/profile: the stretches in kilometre order and the posted range. */
export const roadProfileSchema = z.object({
  minKm: z.number(),
  maxKm: z.number(),
  segments: z.array(roadSegmentSchema),
}) satisfies z.ZodType<RoadProfile>;
