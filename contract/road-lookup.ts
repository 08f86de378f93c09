/**
 * The road profile (GET /api/road/profile) and the lookups on it: plain types and functions,
 * free of zod, so the screens' bundles can use them (the schemas are in road.ts).
 */

import { orientationLabels } from './messages';
import type { Orientation } from './ticket-codes';
import type { KilometerRange } from './kilometer';

/** One stretch of the highway with its sector and commune. */
export type RoadSegment = { kmFrom: number; kmTo: number; sector: string; commune: string };

/** Where each orientation leads, as drivers name the carriageway: { NORTH_SOUTH: 'hacia Valparaíso' } (decision 157). */
export type Destinations = Partial<Record<Orientation, string>>;

/** The stretches in kilometre order, the posted range and each orientation's destination. */
export type RoadProfile = { minKm: number; maxKm: number; segments: RoadSegment[]; destinations?: Destinations };

/**
 * An orientation as every screen and export shows it: the specification's label with the
 * destination beside it when the profile names one, "Norte a Sur (hacia Valparaíso)".
 */
export function orientationLabel(orientation: Orientation, destinations?: Destinations): string {
  const destination = destinations?.[orientation];
  return destination ? `${orientationLabels[orientation]} (${destination})` : orientationLabels[orientation];
}

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

/** The profile's sectors and communes, each once, in kilometre order: the choices of a ticket's place. */
export function roadPlaces(profile: Pick<RoadProfile, 'segments'>): { sectors: string[]; communes: string[] } {
  return {
    sectors: [...new Set(profile.segments.map((s) => s.sector))],
    communes: [...new Set(profile.segments.map((s) => s.commune))],
  };
}

/** The road's range for the forms' kilometre messages; none while no road is posted. */
export function roadRangeOf(profile: RoadProfile): KilometerRange | undefined {
  return profile.segments.length > 0 ? { minKm: profile.minKm, maxKm: profile.maxKm } : undefined;
}
