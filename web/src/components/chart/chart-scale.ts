/**
 * The bar chart's arithmetic (pure, unit-tested): a "nice" value axis and the geometry of the bars.
 */

/** A step of 1, 2, 2.5 or 5 times a power of ten, at least `raw`. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

export interface ValueScale {
  /** The top of the axis: a multiple of `step`, ≥ the largest value (1 step when all are ≤ 0). */
  max: number;
  step: number;
  /** 0, step, 2·step, … max. */
  ticks: number[];
}

/**
 * A value axis from 0 to a nice maximum with about `tickCount` intervals. Negative values (returns) are
 * drawn as 0-height bars: the axis starts at 0.
 * `integer` keeps steps whole (quantities).
 */
export function valueScale(values: readonly number[], tickCount = 4, integer = false): ValueScale {
  const largest = Math.max(0, ...values.filter(Number.isFinite));
  let step = niceStep(largest / Math.max(1, tickCount));
  if (integer) step = Math.max(1, Math.ceil(step));
  const max = largest > 0 ? Math.ceil(largest / step - 1e-9) * step : step;
  const ticks: number[] = [];
  for (let i = 0; i <= Math.round(max / step); i += 1) ticks.push(Number((i * step).toPrecision(12)));
  return { max, step, ticks };
}

/** The length of a bar for `value` on an axis of `length` px (0 for values ≤ 0). */
export function barLength(value: number, scale: Pick<ValueScale, 'max'>, length: number): number {
  if (!(value > 0) || !(scale.max > 0)) return 0;
  return Math.min(length, (value / scale.max) * length);
}

export interface BandLayout {
  /** Width of each group's slot (px). */
  slot: number;
  /** Width of the bar inside its slot (px). */
  bar: number;
  /** Offset of the bar inside its slot. */
  inset: number;
  /** The whole plot width: `available`, or more when the bars need it (the chart then scrolls). */
  width: number;
}

/**
 * Splits the plot width into one slot per group; a slot is never narrower than `minSlot` px (the chart
 * scrolls sideways instead of drawing invisible bars), and bars fill 70 % of their slot, at most `maxBar`.
 */
export function bandLayout(count: number, available: number, minSlot = 8, maxBar = 48): BandLayout {
  if (count <= 0) return { slot: 0, bar: 0, inset: 0, width: Math.max(0, available) };
  const slot = Math.max(minSlot, available / count);
  const bar = Math.min(maxBar, Math.max(2, slot * 0.7));
  return { slot, bar, inset: (slot - bar) / 2, width: slot * count };
}

/**
 * Which category labels fit under the bars: every n-th, so that labels of `labelWidth` px do not
 * overlap in slots of `slot` px. Always the first; returns the indices to label.
 */
export function labelledIndices(count: number, slot: number, labelWidth: number): number[] {
  if (count <= 0) return [];
  const every = slot > 0 ? Math.max(1, Math.ceil(labelWidth / slot)) : count;
  const indices: number[] = [];
  for (let i = 0; i < count; i += every) indices.push(i);
  return indices;
}
