import { useId } from 'react';
import './bar-chart.css';

export interface Bar {
  label: string;
  /** One value per series, in the series' order. */
  values: readonly number[];
  /** The values as the table and the bars' ends say them (₱1,234.00, 12%); the numbers when absent. */
  shown?: readonly string[];
}

/** The drawing's own units: its width is a 360 px phone's column, so its words stay readable. */
const WIDTH = 320;
const LABEL_HEIGHT = 18;
const BAR_HEIGHT = 16;
const GAP = 10;
/** A 13 px digit or letter is about this wide: enough to keep a value's words inside. */
const CHARACTER_WIDTH = 7.5;

const shownOf = (bar: Bar, series: number) => bar.shown?.[series] ?? String(bar.values[series]);

/**
 * A horizontal bar chart drawn on the server as SVG (no chart library reaches the browser),
 * each label above its bars (one per series) so long names never crowd them, with the same
 * figures as a table beside it (its own, or the page's table that follows). The table is
 * what screen readers read and readers copy; the drawing is hidden from assistive
 * technology so nothing is read twice. With two series a legend names each bar's colour.
 */
export function BarChart({
  title,
  bars,
  labelHeader,
  series,
  tableBeside = false,
}: {
  title: string;
  bars: readonly Bar[];
  labelHeader: string;
  /** Each series' name: the table's column headers and the legend. */
  series: readonly string[];
  /** The page already shows these figures in a table right after: the chart adds none. */
  tableBeside?: boolean;
}) {
  const titleId = useId();
  const largest = Math.max(0, ...bars.flatMap((bar) => bar.values));
  // The values' words sit past the bars' ends: the longest one's room is kept free.
  const longest = Math.max(
    0,
    ...bars.flatMap((bar) => series.map((_, index) => shownOf(bar, index).length)),
  );
  const room = Math.min(WIDTH * 0.6, longest * CHARACTER_WIDTH + 8);
  const row = LABEL_HEIGHT + series.length * BAR_HEIGHT + GAP;
  return (
    <figure className="bar-chart" aria-labelledby={titleId}>
      <figcaption id={titleId}>{title}</figcaption>
      {series.length > 1 ? (
        <ul className="bar-chart-legend" aria-hidden="true">
          {series.map((name, index) => (
            <li key={name}>
              <span className={`bar-chart-swatch bar-chart-series-${index}`} />
              {name}
            </li>
          ))}
        </ul>
      ) : null}
      <svg
        viewBox={`0 0 ${WIDTH} ${bars.length * row}`}
        width="100%"
        aria-hidden="true"
        focusable="false"
        className="bar-chart-drawing"
      >
        {bars.map((bar, index) => {
          const top = index * row;
          return (
            <g key={bar.label}>
              <text x={0} y={top + 13} className="bar-chart-label">
                {bar.label}
              </text>
              {series.map((name, which) => {
                const value = bar.values[which] ?? 0;
                const length = largest === 0 ? 0 : ((WIDTH - room) * value) / largest;
                const y = top + LABEL_HEIGHT + which * BAR_HEIGHT;
                return (
                  <g key={name}>
                    <rect
                      x={0}
                      y={y + 1}
                      width={Math.max(length, value > 0 ? 2 : 0)}
                      height={BAR_HEIGHT - 2}
                      className={`bar-chart-bar bar-chart-series-${which}`}
                    />
                    <text x={length + 6} y={y + 12} className="bar-chart-value">
                      {shownOf(bar, which)}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
      {tableBeside ? null : (
        <table className="bar-chart-table">
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {series.map((name) => (
                <th scope="col" key={name}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label}>
                <th scope="row">{bar.label}</th>
                {series.map((name, which) => (
                  <td key={name}>{shownOf(bar, which)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}
