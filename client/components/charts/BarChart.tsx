import { useId } from 'react';
import './bar-chart.css';

export interface Bar {
  label: string;
  value: number;
  /** The value as the table and the bar's end say it (₱1,234.00, 12%); the number when absent. */
  shown?: string;
}

/** The drawing's own units: its width is a 360 px phone's column, so its words stay readable. */
const WIDTH = 320;
const LABEL_HEIGHT = 18;
const BAR_HEIGHT = 16;
const GAP = 10;
const ROW = LABEL_HEIGHT + BAR_HEIGHT + GAP;
/** A 13 px digit or letter is about this wide: enough to keep a value's words inside. */
const CHARACTER_WIDTH = 7.5;

/**
 * A horizontal bar chart drawn on the server as SVG (no chart library reaches the browser),
 * each bar under its label so long names never crowd it, with the same figures as a table
 * beside it (its own, or the page's table that follows). The table is what screen readers read and readers copy; the drawing is hidden
 * from assistive technology so nothing is read twice.
 */
export function BarChart({
  title,
  bars,
  labelHeader,
  valueHeader,
  tableBeside = false,
}: {
  title: string;
  bars: readonly Bar[];
  labelHeader: string;
  valueHeader: string;
  /** The page already shows these figures in a table right after: the chart adds none. */
  tableBeside?: boolean;
}) {
  const titleId = useId();
  const largest = Math.max(0, ...bars.map((bar) => bar.value));
  // The values' words sit past the bars' ends: the longest one's room is kept free.
  const longest = Math.max(0, ...bars.map((bar) => (bar.shown ?? String(bar.value)).length));
  const room = Math.min(WIDTH * 0.6, longest * CHARACTER_WIDTH + 8);
  const height = bars.length * ROW;
  return (
    <figure className="bar-chart" aria-labelledby={titleId}>
      <figcaption id={titleId}>{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        aria-hidden="true"
        focusable="false"
        className="bar-chart-drawing"
      >
        {bars.map((bar, index) => {
          const top = index * ROW;
          const shown = bar.shown ?? String(bar.value);
          const length = largest === 0 ? 0 : ((WIDTH - room) * bar.value) / largest;
          return (
            <g key={bar.label}>
              <text x={0} y={top + 13} className="bar-chart-label">
                {bar.label}
              </text>
              <rect
                x={0}
                y={top + LABEL_HEIGHT}
                width={Math.max(length, bar.value > 0 ? 2 : 0)}
                height={BAR_HEIGHT}
                className="bar-chart-bar"
              />
              <text x={length + 6} y={top + LABEL_HEIGHT + 12.5} className="bar-chart-value">
                {shown}
              </text>
            </g>
          );
        })}
      </svg>
      {tableBeside ? null : (
        <table className="bar-chart-table">
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                <td>{bar.shown ?? bar.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
