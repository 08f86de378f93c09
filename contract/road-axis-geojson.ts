/**
 * The axis as the admin imports and downloads it: a GeoJSON FeatureCollection of LineStrings,
 * one per carriageway, with properties.orientation (NORTH_SOUTH, SOUTH_NORTH, or BOTH for one
 * line serving both) and properties.km, one kilometre per vertex. Validation lists every fault
 * by line and point, in Spanish (docs/decisions/156-road-axis-and-projection.md). Zod-free:
 * the same check runs in the API and could run in a screen.
 */
import { formatMessage, messages } from './messages';
import { parseKilometer } from './kilometer';
import { ORIENTATIONS, type Orientation } from './ticket-codes';
import type { AxisLine, AxisPoint, RoadAxis } from './road-axis';

/** One line per carriageway at most. */
export const AXIS_MAX_LINES = 2;
/** 10 000 vertices a line: a vertex every 12 m over 116 km; the demo has one every ~500 m. */
export const AXIS_MAX_POINTS = 10_000;
/** The largest body PUT /api/road/axis takes (two lines at the maximum fit comfortably). */
export const AXIS_MAX_BYTES = 2 * 1024 * 1024;
/** How many faults are listed before "y N errores más". */
export const AXIS_MAX_LISTED_ERRORS = 20;

const BOTH = 'BOTH';

export type AxisImport = { ok: true; axis: RoadAxis } | { ok: false; errors: string[] };

type Range = { minKm: number; maxKm: number };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Parses the text of a GeoJSON file or a pasted one. */
export function parseAxisText(text: string, range: Range): AxisImport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, errors: [messages.axisNotJson] };
  }
  return parseAxisGeoJson(value, range);
}

/** Checks an imported axis and turns it into the stored shape; every fault found is listed. */
export function parseAxisGeoJson(value: unknown, range: Range): AxisImport {
  if (!isRecord(value) || value.type !== 'FeatureCollection' || !Array.isArray(value.features) || value.features.length === 0) {
    return { ok: false, errors: [messages.axisNotCollection] };
  }
  if (value.features.length > AXIS_MAX_LINES) {
    return { ok: false, errors: [formatMessage(messages.axisTooManyFeatures, { max: AXIS_MAX_LINES })] };
  }
  const features: unknown[] = value.features;
  const errors: string[] = [];
  const lines: AxisLine[] = [];
  const seen = new Set<string>();
  features.forEach((raw, index) => {
    const feature = index + 1;
    const line = parseLine(raw, feature, range, errors);
    if (!line) return;
    const key = line.orientation ?? BOTH;
    if (key === BOTH && features.length > 1) errors.push(formatMessage(messages.axisBothAlone, { feature }));
    else if (seen.has(key)) errors.push(formatMessage(messages.axisOrientationRepeated, { feature, orientation: key }));
    seen.add(key);
    lines.push(line);
  });
  if (errors.length > 0) return { ok: false, errors: capErrors(errors) };
  return { ok: true, axis: { lines } };
}

function capErrors(errors: string[]): string[] {
  if (errors.length <= AXIS_MAX_LISTED_ERRORS) return errors;
  const rest = errors.length - AXIS_MAX_LISTED_ERRORS;
  return [...errors.slice(0, AXIS_MAX_LISTED_ERRORS), formatMessage(messages.axisMoreErrors, { count: rest })];
}

function parseOrientation(value: unknown): Orientation | null | undefined {
  if (value === BOTH) return null;
  return (ORIENTATIONS as readonly unknown[]).includes(value) ? (value as Orientation) : undefined;
}

function parseLine(raw: unknown, feature: number, range: Range, errors: string[]): AxisLine | undefined {
  if (!isRecord(raw) || raw.type !== 'Feature' || !isRecord(raw.geometry) || raw.geometry.type !== 'LineString' || !Array.isArray(raw.geometry.coordinates)) {
    errors.push(formatMessage(messages.axisFeatureNotLine, { feature }));
    return undefined;
  }
  const properties = isRecord(raw.properties) ? raw.properties : {};
  const orientation = parseOrientation(properties.orientation);
  if (orientation === undefined) errors.push(formatMessage(messages.axisOrientationInvalid, { feature }));
  const coordinates: unknown[] = raw.geometry.coordinates;
  const count = coordinates.length;
  if (count < 2) {
    errors.push(formatMessage(messages.axisTooFewPoints, { feature }));
    return undefined;
  }
  if (count > AXIS_MAX_POINTS) {
    errors.push(formatMessage(messages.axisTooManyPoints, { feature, count, max: AXIS_MAX_POINTS }));
    return undefined;
  }
  const kms = properties.km;
  if (!Array.isArray(kms) || kms.length !== count) {
    errors.push(formatMessage(messages.axisKmCount, { feature, count }));
    return undefined;
  }
  const points: AxisPoint[] = [];
  let previous: number | undefined;
  const before = errors.length;
  coordinates.forEach((c, i) => {
    const point = i + 1;
    const valid = Array.isArray(c) && (c.length === 2 || c.length === 3) && c.every(isNumber);
    const [lon = NaN, lat = NaN] = valid ? (c as number[]) : [];
    if (!valid || Math.abs(lon) > 180 || Math.abs(lat) > 90) {
      errors.push(formatMessage(messages.axisCoordinateInvalid, { feature, point }));
    }
    const km = parseKilometer(kms[i]);
    if (km === null) {
      errors.push(formatMessage(messages.axisKmInvalid, { feature, point }));
      return;
    }
    if (km < range.minKm || km > range.maxKm) {
      errors.push(formatMessage(messages.axisKmOutOfRange, { feature, point, km, min: range.minKm, max: range.maxKm }));
    }
    if (previous !== undefined && km <= previous) {
      errors.push(formatMessage(messages.axisKmNotRising, { feature, point, km, previous }));
    }
    previous = km;
    points.push({ km, lat, lon });
  });
  if (errors.length > before || orientation === undefined) return undefined;
  return { orientation, points };
}

/** The stored axis as the same GeoJSON the admin imports, for the download. */
export function axisToGeoJson(axis: RoadAxis) {
  return {
    type: 'FeatureCollection' as const,
    features: axis.lines.map((line) => ({
      type: 'Feature' as const,
      properties: { orientation: line.orientation ?? BOTH, km: line.points.map((p) => p.km) },
      geometry: { type: 'LineString' as const, coordinates: line.points.map((p) => [p.lon, p.lat]) },
    })),
  };
}
