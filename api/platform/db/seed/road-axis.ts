import type { AxisLine, AxisPoint, RoadAxis } from '@contract/road-axis';
import type { Orientation } from '@contract/ticket-codes';

/**
 * The demo axis of Ruta 68, generated rather than typed: places along the road with the
 * kilometre the profile (reference-data.ts) gives their stretch, joined by straight legs and
 * sampled every 500 m, then each carriageway drawn 7.5 m to the right of its direction of
 * travel (Chile drives on the right), so the two lie ~15 m apart. Kilometres rise from
 * Santiago to Viña del Mar, so NORTH_SOUTH runs towards Valparaíso (docs/decisions/156-road-axis-and-projection.md).
 * Plausible, not surveyed: enough for "Usar mi ubicación" to be tried on the demo.
 */
const PLACES: AxisPoint[] = [
  { km: 0, lat: -33.45, lon: -70.69 }, // Santiago, Acceso Santiago (Pudahuel)
  { km: 8, lat: -33.446, lon: -70.775 }, // Túnel Lo Prado, east portal
  { km: 16.5, lat: -33.44, lon: -70.88 }, // Curacaví Oriente begins
  { km: 38, lat: -33.4, lon: -71.11 }, // Curacaví, Cuesta Zapata begins
  { km: 56, lat: -33.335, lon: -71.26 }, // Túnel Zapata (Casablanca)
  { km: 63, lat: -33.322, lon: -71.33 }, // Valle de Casablanca begins
  { km: 75, lat: -33.318, lon: -71.41 }, // Casablanca
  { km: 86, lat: -33.225, lon: -71.475 }, // Placilla begins (Valparaíso)
  { km: 100, lat: -33.12, lon: -71.55 }, // Acceso Viña del Mar begins
  { km: 116, lat: -33.03, lon: -71.55 }, // Viña del Mar
];

const STEP_KM = 0.5;
export const DEMO_CARRIAGEWAY_OFFSET_M = 7.5;

const M_PER_DEG_LAT = 110_900;
const mPerDegLon = (lat: number) => M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);

/** The road's centre line, a point every STEP_KM (and at every place). */
export function demoCentreLine(): AxisPoint[] {
  const points: AxisPoint[] = [PLACES[0]!];
  for (let i = 0; i + 1 < PLACES.length; i++) {
    const a = PLACES[i]!;
    const b = PLACES[i + 1]!;
    const steps = Math.ceil((b.km - a.km) / STEP_KM);
    for (let s = 1; s <= steps; s++) {
      const f = s / steps;
      points.push({
        km: Math.round((a.km + f * (b.km - a.km)) * 1000) / 1000,
        lat: a.lat + f * (b.lat - a.lat),
        lon: a.lon + f * (b.lon - a.lon),
      });
    }
  }
  return points;
}

/** The centre line moved `metres` to the right of the direction of rising kilometres (negative: left). */
function offsetLine(points: AxisPoint[], metres: number): AxisPoint[] {
  return points.map((p, i) => {
    const before = points[Math.max(0, i - 1)]!;
    const after = points[Math.min(points.length - 1, i + 1)]!;
    const east = (after.lon - before.lon) * mPerDegLon(p.lat);
    const north = (after.lat - before.lat) * M_PER_DEG_LAT;
    const length = Math.hypot(east, north);
    // The right of a heading (east, north) is (north, -east).
    const rightEast = north / length;
    const rightNorth = -east / length;
    return {
      km: p.km,
      lat: p.lat + (rightNorth * metres) / M_PER_DEG_LAT,
      lon: p.lon + (rightEast * metres) / mPerDegLon(p.lat),
    };
  });
}

/** Both carriageways: NORTH_SOUTH travels with rising kilometres, SOUTH_NORTH against them. */
export function demoRoadAxis(): RoadAxis {
  const centre = demoCentreLine();
  const line = (orientation: Orientation, metres: number): AxisLine => ({ orientation, points: offsetLine(centre, metres) });
  return { lines: [line('NORTH_SOUTH', DEMO_CARRIAGEWAY_OFFSET_M), line('SOUTH_NORTH', -DEMO_CARRIAGEWAY_OFFSET_M)] };
}

/**
 * A position on a demo carriageway at a kilometre, `aside` metres further to the right of it
 * (as seen driving on it): what the browser tests set as the phone's position.
 */
export function demoAxisPosition(orientation: Orientation, km: number, aside = 0): { lat: number; lon: number } {
  const centre = demoCentreLine();
  const i = Math.min(centre.length - 2, Math.max(0, centre.findIndex((p) => p.km > km) - 1));
  const a = centre[i]!;
  const b = centre[i + 1]!;
  const f = (km - a.km) / (b.km - a.km);
  const lat = a.lat + f * (b.lat - a.lat);
  const east = (b.lon - a.lon) * mPerDegLon(lat);
  const north = (b.lat - a.lat) * M_PER_DEG_LAT;
  const length = Math.hypot(east, north);
  // Right of the direction of travel: NORTH_SOUTH travels with rising kilometres.
  const metres = (orientation === 'NORTH_SOUTH' ? 1 : -1) * (DEMO_CARRIAGEWAY_OFFSET_M + aside);
  return {
    lat: lat + ((-east / length) * metres) / M_PER_DEG_LAT,
    lon: a.lon + f * (b.lon - a.lon) + ((north / length) * metres) / mPerDegLon(lat),
  };
}
