import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber } from '@bedriftstorget/core/format/nb';
import { Button } from '../../components/button';
import { ScrollRegion } from '../../components/scroll-region';

export interface Series {
  label: string;
  values: number[];
  colour: string;
}

/** Whole-number ticks: the series are counts. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

const dayLabel = (key: string) => `${key.slice(8, 10)}.${key.slice(5, 7)}.`;
const dayWithYear = (key: string) => `${dayLabel(key)}${key.slice(0, 4)}`;

/**
 * Line charts (uPlot, canvas: ~21 KB gzip, loaded only with the statistics pages) with their
 * accessible alternative: the same numbers as one table, behind a toggle, which screen readers are
 * pointed to by the figure's label.
 *
 * One small chart per series, each on its own scale, rather than one chart with a second y-axis:
 * two scales side by side made 1 message look like 100 views. Each chart's heading is its legend
 * (uPlot's own legend is off: with no point under the cursor it read '--').
 */
export function LineChart({ title, keys, series, keyLabel, keyText = dayWithYear, axisText = dayLabel, showTable, hideTable }: {
  title: string;
  keys: string[];
  series: Series[];
  keyLabel: string;
  /** A key in the table (a day by default; a week reads 'uke 48'). */
  keyText?: (key: string) => string;
  /** A key under the x-axis, shorter. */
  axisText?: (key: string) => string;
  showTable: string;
  hideTable: string;
}) {
  const [tableOpen, setTableOpen] = useState(false);
  return (
    <figure className="rounded-xl bg-white p-4 shadow-sm" aria-label={title}>
      <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <Button variant="secondary" aria-expanded={tableOpen} onClick={() => setTableOpen((open) => !open)}>{tableOpen ? hideTable : showTable}</Button>
      </figcaption>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {series.map((s) => <SmallChart key={s.label} keys={keys} series={s} axisText={axisText} />)}
      </div>
      {tableOpen && (
        <ScrollRegion label={title} className="mt-4 max-h-96 overflow-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-2 py-1 text-left">{keyLabel}</th>
                {series.map((s) => <th key={s.label} scope="col" className="px-2 py-1 text-right">{s.label}</th>)}
              </tr>
            </thead>
            <tbody>
              {keys.map((key, i) => (
                <tr key={key} className="border-t border-slate-100">
                  <th scope="row" className="px-2 py-1 text-left font-normal tabular-nums">{keyText(key)}</th>
                  {series.map((s) => <td key={s.label} className="px-2 py-1 text-right tabular-nums">{formatNumber(s.values[i] ?? 0)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </figure>
  );
}

/** One series on its own count scale, titled by its name (the legend) and its sum over the period. */
function SmallChart({ keys, series, axisText }: { keys: string[]; series: Series; axisText: (key: string) => string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(300);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(200, Math.floor(entry?.contentRect.width ?? 300))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = keys.map((key) => Date.parse(`${key}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width,
        height: 160,
        legend: { show: false },
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { values: (_u, splits) => splits.map((s) => axisText(new Date(s * 1000).toISOString().slice(0, 10))) },
          { scale: 'y', incrs: COUNT_STEPS, size: 44 },
        ],
        series: [{}, { label: series.label, stroke: series.colour, width: 2, scale: 'y' }],
      },
      [xs, series.values],
      element,
    );
    return () => plot.destroy();
  }, [keys, series, width, axisText]);

  const total = series.values.reduce((sum, value) => sum + value, 0);
  return (
    <div data-testid="small-chart">
      <p className="flex items-center gap-2 text-sm font-medium">
        <span aria-hidden="true" className="inline-block h-1 w-4 rounded" style={{ backgroundColor: series.colour }} />
        {series.label}
        <span className="font-normal text-slate-600 tabular-nums">{formatNumber(total)}</span>
      </p>
      <div ref={box} aria-hidden="true" data-testid="chart" className="overflow-hidden" />
    </div>
  );
}
