import { z } from './zod';

/** One stretch of the highway with its sector and commune. */
export const roadSegmentSchema = z.object({
  kmFrom: z.number(),
  kmTo: z.number(),
  sector: z.string(),
  commune: z.string(),
});
export type RoadSegment = z.infer<typeof roadSegmentSchema>;

/** GET /api/road/profile: the stretches in kilometre order and the posted range. */
export const roadProfileSchema = z.object({
  minKm: z.number(),
  maxKm: z.number(),
  segments: z.array(roadSegmentSchema),
});
export type RoadProfile = z.infer<typeof roadProfileSchema>;

/**
 * The stretch a kilometre falls in, so a form can fill sector and commune.
 * A boundary kilometre belongs to the stretch that starts there; the last one is closed.
 */
export function locateKilometer(profile: RoadProfile, km: number): RoadSegment | undefined {
  const last = profile.segments.at(-1);
  return profile.segments.find((s) => km >= s.kmFrom && (km < s.kmTo || (s === last && km === s.kmTo)));
}

export function isKilometerOnRoad(profile: Pick<RoadProfile, 'minKm' | 'maxKm'>, km: number): boolean {
  return km >= profile.minKm && km <= profile.maxKm;
}
