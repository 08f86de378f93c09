import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from './messages';
import { AXIS_MAX_LINES, AXIS_MAX_LISTED_ERRORS, AXIS_MAX_POINTS, axisToGeoJson, parseAxisGeoJson, parseAxisText } from './road-axis-geojson';

const range = { minKm: 0, maxKm: 116 };

const feature = (orientation: unknown, coordinates: unknown[], km: unknown[]) => ({
  type: 'Feature',
  properties: { orientation, km },
  geometry: { type: 'LineString', coordinates },
});
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });
const good = (orientation: unknown = 'NORTH_SOUTH') =>
  feature(orientation, [[-70.69, -33.45], [-70.7, -33.45], [-70.71, -33.449]], [0, 0.9, 1.8]);

const errorsOf = (value: unknown) => {
  const result = parseAxisGeoJson(value, range);
  return result.ok ? [] : result.errors;
};

describe('parseAxisGeoJson', () => {
  it('takes one line per carriageway, or one for both, and gives it back as the same GeoJSON', () => {
    const value = collection(good('NORTH_SOUTH'), good('SOUTH_NORTH'));
    const result = parseAxisGeoJson(value, range);
    expect(result).toEqual({
      ok: true,
      axis: {
        lines: [
          { orientation: 'NORTH_SOUTH', points: [{ km: 0, lat: -33.45, lon: -70.69 }, { km: 0.9, lat: -33.45, lon: -70.7 }, { km: 1.8, lat: -33.449, lon: -70.71 }] },
          expect.objectContaining({ orientation: 'SOUTH_NORTH' }),
        ],
      },
    });
    if (result.ok) expect(axisToGeoJson(result.axis)).toEqual(value);
    expect(parseAxisGeoJson(collection(good('BOTH')), range)).toMatchObject({ ok: true, axis: { lines: [{ orientation: null }] } });
  });

  it('says what is wrong with the whole file', () => {
    expect(parseAxisText('{"type": "FeatureCollection",', range)).toEqual({ ok: false, errors: [messages.axisNotJson] });
    expect(errorsOf({ type: 'Feature' })).toEqual([messages.axisNotCollection]);
    expect(errorsOf(collection())).toEqual([messages.axisNotCollection]);
    expect(errorsOf(collection(good(), good(), good()))).toEqual([formatMessage(messages.axisTooManyFeatures, { max: AXIS_MAX_LINES })]);
  });

  it('says which line is wrong', () => {
    expect(errorsOf(collection({ type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] } }))).toEqual([
      formatMessage(messages.axisFeatureNotLine, { feature: 1 }),
    ]);
    expect(errorsOf(collection(good('EAST_WEST')))).toEqual([formatMessage(messages.axisOrientationInvalid, { feature: 1 })]);
    expect(errorsOf(collection(good('NORTH_SOUTH'), good('NORTH_SOUTH')))).toEqual([
      formatMessage(messages.axisOrientationRepeated, { feature: 2, orientation: 'NORTH_SOUTH' }),
    ]);
    expect(errorsOf(collection(good('NORTH_SOUTH'), good('BOTH')))).toEqual([formatMessage(messages.axisBothAlone, { feature: 2 })]);
    expect(errorsOf(collection(feature('BOTH', [[-70, -33]], [0])))).toEqual([formatMessage(messages.axisTooFewPoints, { feature: 1 })]);
    const many = Array.from({ length: AXIS_MAX_POINTS + 1 }, (_, i) => [-70 - i / 1e5, -33]);
    expect(errorsOf(collection(feature('BOTH', many, many.map((_, i) => i / 1000))))).toEqual([
      formatMessage(messages.axisTooManyPoints, { feature: 1, count: AXIS_MAX_POINTS + 1, max: AXIS_MAX_POINTS }),
    ]);
    expect(errorsOf(collection(feature('BOTH', [[-70, -33], [-70.1, -33]], [0])))).toEqual([
      formatMessage(messages.axisKmCount, { feature: 1, count: 2 }),
    ]);
  });

  it('says which point is wrong, every one of them', () => {
    const coordinates = [[-70.69, -33.45], [-200, -33.45], ['x', -33], [-70.72, -95], [-70.73, -33.4], [-70.74, -33.4]];
    const kms = [5, 6, 'seis', 7, 7, 130];
    expect(errorsOf(collection(feature('SOUTH_NORTH', coordinates, kms)))).toEqual([
      formatMessage(messages.axisCoordinateInvalid, { feature: 1, point: 2 }),
      formatMessage(messages.axisCoordinateInvalid, { feature: 1, point: 3 }),
      formatMessage(messages.axisKmInvalid, { feature: 1, point: 3 }),
      formatMessage(messages.axisCoordinateInvalid, { feature: 1, point: 4 }),
      formatMessage(messages.axisKmNotRising, { feature: 1, point: 5, km: 7, previous: 7 }),
      formatMessage(messages.axisKmOutOfRange, { feature: 1, point: 6, km: 130, min: 0, max: 116 }),
    ]);
    expect(errorsOf(collection(feature('BOTH', [[-70, -33], [-70.1, -33]], [2, 1])))).toEqual([
      formatMessage(messages.axisKmNotRising, { feature: 1, point: 2, km: 1, previous: 2 }),
    ]);
  });

  it('lists at most a screenful of faults and counts the rest', () => {
    const coordinates = Array.from({ length: 30 }, (_, i) => [-70 - i / 100, -33]);
    const errors = errorsOf(collection(feature('BOTH', coordinates, coordinates.map(() => 200))));
    expect(errors).toHaveLength(AXIS_MAX_LISTED_ERRORS + 1);
    expect(errors.at(-1)).toBe(formatMessage(messages.axisMoreErrors, { count: 30 + 29 - AXIS_MAX_LISTED_ERRORS }));
  });
});
