/**
 * The road's axis (GET /api/road/axis) and the projection of a position onto it: plain types
 * and functions, free of zod, so the new-event form's bundle can use them
 * (docs/decisions/156-road-axis-and-projection.md).
 */
import type { Orientation } from './ticket-codes';

/** One vertex of a carriageway's line: its posted kilometre and WGS84 position in degrees. */
export type AxisPoint = { km: number; lat: number; lon: number };

/**
 * One carriageway's line, its points in kilometre order. orientation is null when one line
 * serves both directions (then the position cannot tell the carriageway).
 */
export type AxisLine = { orientation: Orientation | null; points: AxisPoint[] };

export type RoadAxis = { lines: AxisLine[] };

/** Where a position falls on the axis. */
export type AxisProjection = {
  /** The interpolated kilometre of the nearest point of the axis (unrounded). */
  km: number;
  /** Metres from the position to that point. */
  distanceM: number;
  /** The carriageway, only when the axis tells it (see CARRIAGEWAY_MARGIN_M). */
  orientation: Orientation | null;
};

/**
 * The nearest carriageway is "clearly nearer" when the other one is at least this many metres
 * farther: the demo's carriageways are ~15 m apart, so a phone on one of them is told its own.
 */
export const CARRIAGEWAY_MARGIN_M = 5;

// WGS84 ellipsoid.
const A = 6378137;
const E2 = 0.00669437999014;
const RAD = Math.PI / 180;

/**
 * Metres per degree of latitude and of longitude at a latitude: the ellipsoid's meridional and
 * prime-vertical radii of curvature. Around the position (a local equirectangular plane), the
 * error against the geodesic distance is below 0.1 % within 10 km, i.e. < 1 m at the 500 m
 * the form accepts; farther segments only need to be ranked, not measured.
 */
function metresPerDegree(lat: number): { perLat: number; perLon: number } {
  const s = Math.sin(lat * RAD);
  const w = Math.sqrt(1 - E2 * s * s);
  return { perLat: ((A * (1 - E2)) / (w * w * w)) * RAD, perLon: (A / w) * Math.cos(lat * RAD) * RAD };
}

type LineHit = { km: number; distanceM: number };

/** The nearest point of one line to a position; undefined for a line of fewer than 2 points. */
function nearestOnLine(points: AxisPoint[], lat: number, lon: number): LineHit | undefined {
  const { perLat, perLon } = metresPerDegree(lat);
  let best: LineHit | undefined;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    // Plane coordinates in metres with the position at the origin.
    const ax = (a.lon - lon) * perLon;
    const ay = (a.lat - lat) * perLat;
    const dx = (b.lon - a.lon) * perLon;
    const dy = (b.lat - a.lat) * perLat;
    const length2 = dx * dx + dy * dy;
    const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / length2));
    const px = ax + t * dx;
    const py = ay + t * dy;
    const distanceM = Math.hypot(px, py);
    if (!best || distanceM < best.distanceM) best = { km: a.km + t * (b.km - a.km), distanceM };
  }
  return best;
}

/**
 * The position's nearest point on the axis: its kilometre, how far it is and, when one
 * carriageway is clearly nearer than the other, which. Undefined when the axis has no line.
 */
export function projectOnAxis(axis: RoadAxis, position: { lat: number; lon: number }): AxisProjection | undefined {
  const hits = axis.lines
    .map((line) => ({ line, hit: nearestOnLine(line.points, position.lat, position.lon) }))
    .filter((h): h is { line: AxisLine; hit: LineHit } => h.hit !== undefined)
    .sort((x, y) => x.hit.distanceM - y.hit.distanceM);
  const nearest = hits[0];
  if (!nearest) return undefined;
  const other = hits.find((h) => h.line.orientation !== nearest.line.orientation);
  const told =
    nearest.line.orientation !== null && (!other || other.hit.distanceM - nearest.hit.distanceM >= CARRIAGEWAY_MARGIN_M);
  return { km: nearest.hit.km, distanceM: nearest.hit.distanceM, orientation: told ? nearest.line.orientation : null };
}

/** The kilometre range an axis covers, for the admin's page. */
export function axisRange(line: AxisLine): { fromKm: number; toKm: number } | undefined {
  const first = line.points[0];
  const last = line.points.at(-1);
  return first && last ? { fromKm: first.km, toKm: last.km } : undefined;
}
