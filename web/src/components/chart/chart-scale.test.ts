import { describe, expect, it } from 'vitest';
import { bandLayout, barLength, labelledIndices, niceStep, valueScale } from './chart-scale.ts';

describe('niceStep', () => {
  it('rounds up to 1, 2, 2.5, 5 or 10 times a power of ten', () => {
    expect([0.7, 1, 1.3, 2.2, 3, 7, 12, 180, 2400].map(niceStep)).toEqual([1, 1, 2, 2.5, 5, 10, 20, 200, 2500]);
    expect(niceStep(0)).toBe(1);
    expect(niceStep(Number.NaN)).toBe(1);
  });
});

describe('valueScale', () => {
  it('puts a nice maximum at or above the largest value', () => {
    expect(valueScale([12, 87, 40])).toEqual({ max: 100, step: 25, ticks: [0, 25, 50, 75, 100] });
    expect(valueScale([1234.5], 4)).toEqual({ max: 1500, step: 500, ticks: [0, 500, 1000, 1500] });
    expect(valueScale([1000], 4)).toEqual({ max: 1000, step: 250, ticks: [0, 250, 500, 750, 1000] });
  });
  it('is exact when the largest value is a tick', () => {
    expect(valueScale([100]).max).toBe(100);
  });
  it('keeps whole steps for quantities', () => {
    expect(valueScale([3], 4, true)).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(valueScale([3], 4, false).step).toBe(1);
    expect(valueScale([0.3], 4, false).step).toBe(0.1);
  });
  it('has one step when there is nothing above zero', () => {
    expect(valueScale([])).toEqual({ max: 1, step: 1, ticks: [0, 1] });
    expect(valueScale([0, -5])).toEqual({ max: 1, step: 1, ticks: [0, 1] });
  });
  it('avoids floating-point noise in the ticks', () => {
    expect(valueScale([0.7], 7).ticks).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7]);
  });
});

describe('barLength', () => {
  it('scales linearly and clamps', () => {
    expect(barLength(50, { max: 100 }, 200)).toBe(100);
    expect(barLength(100, { max: 100 }, 200)).toBe(200);
    expect(barLength(150, { max: 100 }, 200)).toBe(200);
    expect(barLength(-3, { max: 100 }, 200)).toBe(0);
    expect(barLength(3, { max: 0 }, 200)).toBe(0);
  });
});

describe('bandLayout (responsive widths)', () => {
  it('fills the available width', () => {
    const band = bandLayout(28, 280);
    expect(band.slot).toBe(10);
    expect(band.bar).toBeCloseTo(7);
    expect(band.width).toBe(280);
    expect(band.inset).toBeCloseTo(1.5);
  });
  it('never draws slots narrower than the minimum: the chart gets wider and scrolls', () => {
    const band = bandLayout(400, 320);
    expect(band.slot).toBe(8);
    expect(band.width).toBe(3200);
  });
  it('caps very wide bars', () => {
    expect(bandLayout(2, 1000).bar).toBe(48);
    expect(bandLayout(0, 300)).toEqual({ slot: 0, bar: 0, inset: 0, width: 300 });
  });
});

describe('labelledIndices', () => {
  it('labels every slot when labels fit, else every n-th', () => {
    expect(labelledIndices(5, 60, 40)).toEqual([0, 1, 2, 3, 4]);
    expect(labelledIndices(28, 10, 35)).toEqual([0, 4, 8, 12, 16, 20, 24]);
    expect(labelledIndices(0, 10, 35)).toEqual([]);
  });
});
