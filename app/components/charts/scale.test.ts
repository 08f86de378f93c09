import { describe, expect, it } from 'vitest';
import { countAxis, kilometerTicks, linearScale, niceStep, percent, polylinePoints, round, stackRows } from './scale';

describe('countAxis', () => {
  it('rounds the axis up to whole, readable ticks', () => {
    expect(countAxis(23)).toEqual({ max: 30, ticks: [0, 10, 20, 30] });
    expect(countAxis(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(countAxis(140)).toEqual({ max: 150, ticks: [0, 50, 100, 150] });
    expect(countAxis(3)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
  });
  it('gives an axis even without data', () => {
    expect(countAxis(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(countAxis(-2)).toEqual({ max: 1, ticks: [0, 1] });
  });
  it('never ends below the largest value', () => {
    for (let v = 1; v < 5000; v += 37) {
      const axis = countAxis(v);
      expect(axis.max).toBeGreaterThanOrEqual(v);
      expect(axis.ticks.at(-1)).toBe(axis.max);
      expect(axis.ticks.length).toBeLessThanOrEqual(6);
    }
  });
});

describe('niceStep', () => {
  it('is 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(0.4)).toBe(1);
    expect(niceStep(1.75)).toBe(2);
    expect(niceStep(35)).toBe(50);
    expect(niceStep(100)).toBe(100);
  });
});

describe('linearScale', () => {
  it('maps and clamps', () => {
    const x = linearScale(0, 100, 10, 110);
    expect(x(0)).toBe(10);
    expect(x(50)).toBe(60);
    expect(x(100)).toBe(110);
    expect(x(-5)).toBe(10);
    expect(x(500)).toBe(110);
  });
  it('inverts when the range is reversed (SVG y grows downwards)', () => {
    const y = linearScale(0, 10, 200, 0);
    expect(y(0)).toBe(200);
    expect(y(10)).toBe(0);
    expect(y(2.5)).toBe(150);
  });
  it('puts everything at the start of an empty domain', () => {
    expect(linearScale(5, 5, 0, 100)(5)).toBe(0);
  });
});

describe('round, percent and polylinePoints', () => {
  it('rounds to one decimal by default', () => {
    expect(round(1.26)).toBe(1.3);
    expect(round(1.26, 0)).toBe(1);
  });
  it('gives whole percentages or null', () => {
    expect(percent(17, 20)).toBe(85);
    expect(percent(1, 3)).toBe(33);
    expect(percent(0, 0)).toBeNull();
  });
  it('writes polyline points', () => {
    expect(polylinePoints([{ x: 0, y: 10.04 }, { x: 5.55, y: 2 }])).toBe('0,10 5.6,2');
  });
});

describe('kilometerTicks', () => {
  it('includes both ends and round posts between them', () => {
    expect(kilometerTicks(0, 116)).toEqual([0, 20, 40, 60, 80, 100, 116]);
    expect(kilometerTicks(0, 10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(kilometerTicks(3, 3)).toEqual([3]);
  });
  it('does not crowd a post next to the last kilometre', () => {
    const values = kilometerTicks(0, 101);
    expect(values.at(-1)).toBe(101);
    expect(values).not.toContain(100);
  });
});

describe('stackRows', () => {
  it('keeps distant markers on the first row', () => {
    expect(stackRows([0, 20, 40], 10, 3)).toEqual([0, 0, 0]);
  });
  it('stacks markers closer than the gap', () => {
    expect(stackRows([0, 5, 8, 30], 10, 3)).toEqual([0, 1, 2, 0]);
  });
  it('reuses a row once the marker is far enough', () => {
    expect(stackRows([0, 5, 12], 10, 3)).toEqual([0, 1, 0]);
  });
  it('shares the least crowded row past the limit', () => {
    const rows = stackRows([0, 1, 2, 3], 10, 2);
    expect(rows.slice(0, 2)).toEqual([0, 1]);
    expect(Math.max(...rows)).toBeLessThan(2);
  });
  it('returns rows in input order whatever the positions', () => {
    expect(stackRows([30, 0, 5], 10, 3)).toEqual([0, 0, 1]);
  });
});
