/**
 * Pure geometry for the dashboard's server-rendered SVG charts: no React, no DOM, so every
 * number a chart draws is unit-tested (scale.test.ts).
 */

/** The smallest of 1, 2, 5, 10, 20, 50... that is at least `raw` (never below 1). */
export function niceStep(raw: number): number {
  if (!Number.isFinite(raw) || raw <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((s) => s * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
}

/**
 * A value axis from 0 for counts up to `maxValue`: round whole-number ticks, about `count`
 * intervals, the last tick at or above the largest value. 23 -> 0, 10, 20, 30.
 */
export function countAxis(maxValue: number, count = 4): { max: number; ticks: number[] } {
  const step = niceStep(Math.max(0, maxValue) / count);
  const max = Math.max(step, Math.ceil(Math.max(0, maxValue) / step) * step);
  const values: number[] = [];
  for (let value = 0; value <= max; value += step) values.push(value);
  return { max, ticks: values };
}

/** Maps [d0, d1] onto [r0, r1] linearly, clamping to the range; a zero-width domain maps to r0. */
export function linearScale(d0: number, d1: number, r0: number, r1: number): (value: number) => number {
  const span = d1 - d0;
  return (value) => {
    if (span === 0) return r0;
    const t = Math.min(1, Math.max(0, (value - d0) / span));
    return r0 + t * (r1 - r0);
  };
}

/** Rounds coordinates so the markup stays short and identical on server and browser. */
export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The share as a whole percentage (0-100), or null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 100);
}

/** An SVG polyline's `points` attribute. */
export function polylinePoints(points: readonly { x: number; y: number }[]): string {
  return points.map((p) => `${round(p.x)},${round(p.y)}`).join(' ');
}

/**
 * Kilometre posts for the road axis: a round step giving about `target` intervals between
 * minKm and maxKm, both ends included.
 */
export function kilometerTicks(minKm: number, maxKm: number, target = 8): number[] {
  if (!(maxKm > minKm)) return [minKm];
  const raw = (maxKm - minKm) / target;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((s) => s * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  const values = [minKm];
  for (let km = Math.ceil(minKm / step) * step; km < maxKm; km += step) {
    if (km - minKm >= step / 2) values.push(Number(km.toPrecision(12)));
  }
  if (maxKm - values[values.length - 1]! < step / 2 && values.length > 1) values.pop();
  values.push(maxKm);
  return values;
}

/**
 * Stacks markers along a line so none overlaps another: each goes to the first row whose
 * last marker is at least `gap` away; past `maxRows` rows it shares the row where it
 * overlaps least. Input order decides priority (the API sends the most urgent first).
 * Returns the row of each marker, in input order.
 */
export function stackRows(positions: readonly number[], gap: number, maxRows: number): number[] {
  const order = positions.map((x, index) => ({ x, index })).sort((a, b) => a.x - b.x || a.index - b.index);
  const lastInRow: number[] = [];
  const rows = new Array<number>(positions.length).fill(0);
  for (const { x, index } of order) {
    let row = lastInRow.findIndex((last) => x - last >= gap);
    if (row === -1) {
      if (lastInRow.length < maxRows) {
        row = lastInRow.length;
      } else {
        // Every row is taken here: pick the one whose last marker is farthest away.
        row = lastInRow.reduce((best, last, i) => (last < lastInRow[best]! ? i : best), 0);
      }
    }
    lastInRow[row] = x;
    rows[index] = row;
  }
  return rows;
}
