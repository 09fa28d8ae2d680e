import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { bandLayout, barLength, labelledIndices, valueScale } from './chart-scale.ts';

export interface BarDatum {
  key: string;
  /** Full text (tooltips, row labels). */
  label: string;
  /** Short text under a column (e.g. '3/4'); defaults to `label`. */
  shortLabel?: string;
  value: number;
  /** The value as the table shows it. */
  valueText: string;
}

/** Width of the element, followed as it resizes (ResizeObserver). */
function useWidth<T extends HTMLElement>(initial = 640) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w) setWidth(Math.floor(w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const CHAR = 6.6; // average px per character at 11 px (tick labels: mostly digits)
const LABEL_CHAR = 7.2; // a generous average for row labels at 11 px (letters are wider than digits)
const truncate = (text: string, px: number) => {
  const max = Math.max(3, Math.floor(px / LABEL_CHAR));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};
const bar = 'fill-brand-500 transition-all duration-500 ease-out motion-reduce:transition-none hover:fill-brand-700';
const tickText = 'fill-slate-500 text-[11px] tabular-nums';

/**
 * A small accessible SVG bar chart: one bar per group, a value axis from 0 with nice ticks, category
 * labels, a title and a text summary. Time series are drawn as columns (thinned labels, sideways scroll
 * when the groups do not fit: at least 8 px each); stores and products as labelled rows. Bars carry a
 * tooltip; the table beside it holds the exact figures. Transitions are off with prefers-reduced-motion.
 */
export function BarChart({
  title,
  summary,
  data,
  orientation,
  integer,
  formatTick,
  valueAxisLabel,
  categoryAxisLabel,
  actions,
}: {
  title: string;
  /** Controls beside the title (e.g. the amount / quantity switch). */
  actions?: ReactNode;
  /** What the chart shows, read instead of the drawing (e.g. 'Highest: 312 on 3 March'). */
  summary: string;
  data: readonly BarDatum[];
  orientation: 'columns' | 'rows';
  integer: boolean;
  formatTick: (value: number) => string;
  valueAxisLabel: string;
  categoryAxisLabel: string;
}) {
  const id = useId();
  const [ref, width] = useWidth<HTMLDivElement>();
  const scale = valueScale(
    data.map((d) => d.value),
    width < 480 ? 3 : 4,
    integer,
  );
  const tickLabels = scale.ticks.map(formatTick);

  return (
    <figure className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </figcaption>
        {actions}
      </div>
      <p id={`${id}-desc`} className="sr-only">
        {summary}
      </p>
      <p className="mt-1 text-xs font-medium text-slate-500" aria-hidden="true">
        {valueAxisLabel}
      </p>
      {/* Wider than a phone with many columns: it scrolls, so a keyboard must reach it (like DataTable's region). */}
      <div ref={ref} className="mt-2 w-full overflow-x-auto" tabIndex={0} role="region" aria-labelledby={`${id}-title`}>
        {orientation === 'columns' ? (
          <Columns id={id} data={data} width={width} scale={scale} tickLabels={tickLabels} categoryAxisLabel={categoryAxisLabel} />
        ) : (
          <Rows id={id} data={data} width={width} scale={scale} tickLabels={tickLabels} />
        )}
      </div>
      {orientation === 'rows' ? (
        <p className="mt-1 text-center text-xs font-medium text-slate-500" aria-hidden="true">
          {categoryAxisLabel}
        </p>
      ) : null}
    </figure>
  );
}

interface PlotProps {
  id: string;
  data: readonly BarDatum[];
  width: number;
  scale: ReturnType<typeof valueScale>;
  tickLabels: string[];
}

function Columns({ id, data, width, scale, tickLabels, categoryAxisLabel }: PlotProps & { categoryAxisLabel: string }) {
  const left = Math.max(28, Math.max(...tickLabels.map((l) => l.length)) * CHAR + 8);
  const right = 8;
  const top = 8;
  const bottom = 44;
  const height = width < 480 ? 220 : 260;
  const plotHeight = height - top - bottom;
  const band = bandLayout(data.length, Math.max(0, width - left - right));
  const svgWidth = Math.max(width, left + band.width + right);
  const labelWidth = Math.max(...data.map((d) => (d.shortLabel ?? d.label).length), 1) * CHAR + 10;
  const labelled = new Set(labelledIndices(data.length, band.slot, labelWidth));
  const y = (v: number) => top + plotHeight - barLength(v, scale, plotHeight);

  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      width={svgWidth}
      height={height}
      viewBox={`0 0 ${svgWidth} ${height}`}
      className="block"
    >
      {scale.ticks.map((tick, i) => (
        <g key={tick} aria-hidden="true">
          <line x1={left} x2={svgWidth - right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
          <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className={tickText}>
            {tickLabels[i]}
          </text>
        </g>
      ))}
      {data.map((d, i) => {
        const h = barLength(d.value, scale, plotHeight);
        const x = left + i * band.slot;
        return (
          <g key={d.key}>
            <rect x={x + band.inset} y={top + plotHeight - h} width={band.bar} height={h} rx={Math.min(3, band.bar / 4)} className={bar}>
              <title>{`${d.label}: ${d.valueText}`}</title>
            </rect>
            {labelled.has(i) ? (
              <text x={x + band.slot / 2} y={top + plotHeight + 14} textAnchor="middle" className={tickText} aria-hidden="true">
                {d.shortLabel ?? d.label}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={left} x2={svgWidth - right} y1={top + plotHeight} y2={top + plotHeight} className="stroke-slate-400" aria-hidden="true" />
      <text
        x={left + (svgWidth - left - right) / 2}
        y={height - 6}
        textAnchor="middle"
        className="fill-slate-500 text-[11px] font-medium"
        aria-hidden="true"
      >
        {categoryAxisLabel}
      </text>
    </svg>
  );
}

function Rows({ id, data, width, scale, tickLabels }: PlotProps) {
  const rowHeight = 28;
  const barHeight = 18;
  const labelArea = Math.min(220, Math.max(110, width * 0.38));
  const left = labelArea + 8;
  const lastTick = tickLabels.at(-1) ?? '';
  const right = Math.max(16, (lastTick.length * CHAR) / 2 + 4);
  const top = 20;
  const height = top + data.length * rowHeight + 4;
  const plotWidth = Math.max(40, width - left - right);
  const x = (v: number) => left + barLength(v, scale, plotWidth);
  const valueInside = (d: BarDatum) => barLength(d.value, scale, plotWidth) > d.valueText.length * CHAR + 12;

  return (
    <svg
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      width={Math.max(width, left + 40 + right)}
      height={height}
      className="block"
    >
      {scale.ticks.map((tick, i) => (
        <g key={tick} aria-hidden="true">
          <line x1={x(tick)} x2={x(tick)} y1={top - 4} y2={height} className="stroke-slate-200" />
          <text x={x(tick)} y={top - 8} textAnchor="middle" className={tickText}>
            {tickLabels[i]}
          </text>
        </g>
      ))}
      {data.map((d, i) => {
        const w = barLength(d.value, scale, plotWidth);
        const rowY = top + i * rowHeight + (rowHeight - barHeight) / 2;
        const inside = valueInside(d);
        return (
          <g key={d.key}>
            <text
              x={labelArea}
              y={rowY + barHeight / 2}
              dy="0.32em"
              textAnchor="end"
              className="fill-slate-700 text-[11px]"
              aria-hidden="true"
            >
              {truncate(d.label, labelArea - 4)}
            </text>
            <rect x={left} y={rowY} width={w} height={barHeight} rx={3} className={bar}>
              <title>{`${d.label}: ${d.valueText}`}</title>
            </rect>
            <text
              x={inside ? left + w - 6 : left + w + 6}
              y={rowY + barHeight / 2}
              dy="0.32em"
              textAnchor={inside ? 'end' : 'start'}
              className={`${inside ? 'fill-white' : 'fill-slate-600'} pointer-events-none text-[11px] tabular-nums`}
              aria-hidden="true"
            >
              {inside || w + d.valueText.length * CHAR + 12 < plotWidth + right ? d.valueText : ''}
            </text>
          </g>
        );
      })}
      <line x1={left} x2={left} y1={top - 4} y2={height} className="stroke-slate-400" aria-hidden="true" />
    </svg>
  );
}
