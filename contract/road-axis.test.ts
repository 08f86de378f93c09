import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CARRIAGEWAY_MARGIN_M, projectOnAxis, type AxisPoint, type RoadAxis } from './road-axis';

// Test geometry, independent of the projection's own: steps of a few hundred metres from a
// start, each converted with the metres per degree at its own latitude (a sphere of the mean radius).
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;
const rad = (deg: number) => (deg * Math.PI) / 180;

function move(p: { lat: number; lon: number }, headingDeg: number, metres: number) {
  const north = Math.cos(rad(headingDeg)) * metres;
  const east = Math.sin(rad(headingDeg)) * metres;
  return { lat: p.lat + north / M_PER_DEG, lon: p.lon + east / (M_PER_DEG * Math.cos(rad(p.lat))) };
}

/**
 * A road: every leg 500-2000 m long, within 45° of one general heading (so the line never
 * comes back near itself), and a posted kilometre that rises with a scale of 0.8-1.2 per leg
 * (posts are seldom exactly a kilometre apart).
 */
const roadArb = fc
  .record({
    lat: fc.double({ min: -60, max: 60, noNaN: true }),
    lon: fc.double({ min: -179, max: 179, noNaN: true }),
    heading: fc.double({ min: 0, max: 360, noNaN: true }),
    startKm: fc.double({ min: 0, max: 500, noNaN: true }),
    legs: fc.array(
      fc.record({
        turn: fc.double({ min: -45, max: 45, noNaN: true }),
        metres: fc.double({ min: 500, max: 2000, noNaN: true }),
        scale: fc.double({ min: 0.8, max: 1.2, noNaN: true }),
      }),
      { minLength: 1, maxLength: 20 },
    ),
  })
  .map(({ lat, lon, heading, startKm, legs }) => {
    const points: AxisPoint[] = [{ km: startKm, lat, lon }];
    const headings: number[] = [];
    for (const leg of legs) {
      const last = points.at(-1)!;
      const h = heading + leg.turn;
      headings.push(h);
      points.push({ km: last.km + (leg.metres * leg.scale) / 1000, ...move(last, h, leg.metres) });
    }
    return { points, headings };
  });

/** The point a fraction along a leg, by the same test geometry. */
function along(points: AxisPoint[], leg: number, f: number) {
  const a = points[leg]!;
  const b = points[leg + 1]!;
  return { km: a.km + f * (b.km - a.km), lat: a.lat + f * (b.lat - a.lat), lon: a.lon + f * (b.lon - a.lon) };
}

const oneLine = (points: AxisPoint[]): RoadAxis => ({ lines: [{ orientation: null, points }] });

describe('projectOnAxis (properties)', () => {
  it('a point on the axis at kilometre k gives k within 50 m, at a distance of about 0', () => {
    fc.assert(
      fc.property(roadArb, fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), ({ points }, n, f) => {
        const at = along(points, n % (points.length - 1), f);
        const projection = projectOnAxis(oneLine(points), at)!;
        expect(Math.abs(projection.km - at.km)).toBeLessThanOrEqual(0.05);
        expect(projection.distanceM).toBeLessThan(1);
      }),
    );
  });

  it('moving along the axis never makes the kilometre go backwards', () => {
    fc.assert(
      fc.property(roadArb, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 30 }), ({ points }, fractions) => {
        const legs = points.length - 1;
        const kms = fractions
          .map((x) => x * legs)
          .sort((x, y) => x - y)
          .map((x) => {
            const leg = Math.min(legs - 1, Math.floor(x));
            return projectOnAxis(oneLine(points), along(points, leg, x - leg))!.km;
          });
        kms.slice(1).forEach((km, i) => expect(km).toBeGreaterThanOrEqual(kms[i]! - 1e-9));
      }),
    );
  });

  it('a point moved d metres square off the middle of a leg is reported about d metres away, at that kilometre', () => {
    fc.assert(
      fc.property(roadArb, fc.nat(), fc.double({ min: 1, max: 200, noNaN: true }), fc.boolean(), ({ points, headings }, n, d, left) => {
        const leg = n % (points.length - 1);
        const middle = along(points, leg, 0.5);
        const off = move(middle, headings[leg]! + (left ? -90 : 90), d);
        const projection = projectOnAxis(oneLine(points), off)!;
        // The local plane and the test's sphere differ by well under 1 % at these distances.
        expect(Math.abs(projection.distanceM - d)).toBeLessThanOrEqual(0.01 * d + 0.5);
        expect(Math.abs(projection.km - middle.km)).toBeLessThanOrEqual(0.05);
      }),
    );
  });
});

describe('projectOnAxis (carriageways)', () => {
  const start = { lat: -33.4, lon: -71.1 };
  const line = (offset: number): AxisPoint[] =>
    [0, 1, 2].map((k) => ({ km: 10 + k, ...move(move(start, 270, k * 1000), 0, offset) }));
  const twoWays: RoadAxis = {
    lines: [
      { orientation: 'NORTH_SOUTH', points: line(7.5) },
      { orientation: 'SOUTH_NORTH', points: line(-7.5) },
    ],
  };

  it('names the carriageway the phone is on when the other one is clearly farther', () => {
    expect(projectOnAxis(twoWays, move(move(start, 270, 1500), 0, 7.5))).toMatchObject({ orientation: 'NORTH_SOUTH' });
    expect(projectOnAxis(twoWays, move(move(start, 270, 1500), 0, -30))).toMatchObject({ orientation: 'SOUTH_NORTH' });
  });

  it('leaves the orientation to the driver between the two, and when one line serves both', () => {
    const between = move(move(start, 270, 1500), 0, (CARRIAGEWAY_MARGIN_M / 2) * 0.9);
    expect(projectOnAxis(twoWays, between)?.orientation).toBeNull();
    expect(projectOnAxis(oneLine(line(0)), move(start, 270, 500))?.orientation).toBeNull();
  });

  it('has nothing to say without an axis', () => {
    expect(projectOnAxis({ lines: [] }, start)).toBeUndefined();
  });
});
