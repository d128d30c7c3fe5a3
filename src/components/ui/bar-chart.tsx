import { niceMax } from './chart-scale';

export type Bar = { label: string; value: number | null };

/**
 * A small bar chart drawn in SVG: one bar per point, a top gridline at a round maximum, the first
 * and last labels under the bars. Each bar carries its value in a <title> (hover), and the whole
 * chart a label; the numbers are also in the page's table, for screen readers and copying.
 */
export function BarChart({
  label,
  bars,
  format = String,
  max: fixedMax,
  height = 120,
}: {
  label: string;
  bars: readonly Bar[];
  format?: (value: number) => string;
  /** A fixed top of the scale (e.g. 1 for a rate); by default a round number above the largest. */
  max?: number;
  height?: number;
}) {
  const width = 600;
  const top = fixedMax ?? niceMax(Math.max(0, ...bars.map((b) => b.value ?? 0)));
  const slot = bars.length > 0 ? width / bars.length : width;
  const gap = slot > 6 ? Math.min(4, slot * 0.2) : 0;
  return (
    <figure className="grid gap-1">
      <figcaption className="flex items-baseline justify-between text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{label}</span>
        <span>max {format(top)}</span>
      </figcaption>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-28 w-full overflow-visible"
      >
        <line x1={0} x2={width} y1={0.5} y2={0.5} className="stroke-border" strokeWidth={1} />
        <line
          x1={0}
          x2={width}
          y1={height - 0.5}
          y2={height - 0.5}
          className="stroke-border"
          strokeWidth={1}
        />
        {bars.map((bar, i) => {
          const value = bar.value ?? 0;
          const h = top > 0 ? (value / top) * (height - 1) : 0;
          return (
            <rect
              key={bar.label}
              x={i * slot + gap / 2}
              y={height - h}
              width={Math.max(slot - gap, 0.5)}
              height={h}
              className={bar.value === null ? 'fill-muted' : 'fill-primary'}
            >
              <title>{`${bar.label}: ${bar.value === null ? '—' : format(value)}`}</title>
            </rect>
          );
        })}
      </svg>
      {bars.length > 0 ? (
        <div className="flex justify-between text-xs text-muted-foreground" aria-hidden>
          <span>{bars[0]!.label}</span>
          <span>{bars[bars.length - 1]!.label}</span>
        </div>
      ) : null}
    </figure>
  );
}
