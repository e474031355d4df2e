import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatNumber } from '@bedriftstorget/core/format/nb';
import { Button } from '../../components/button';

export interface Series {
  label: string;
  values: number[];
  colour: string;
  /** Drawn on the right-hand axis (a second scale for smaller counts). */
  secondAxis?: boolean;
}

/** Whole-number ticks: the series are counts. */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

const dayLabel = (key: string) => `${key.slice(8, 10)}.${key.slice(5, 7)}.`;

/**
 * A line chart (uPlot, canvas: ~21 KB gzip, loaded only with the statistics pages) with its
 * accessible alternative: the same numbers as a table, behind a toggle, which screen readers are
 * pointed to by the figure's label.
 */
export function LineChart({ title, keys, series, keyLabel, showTable, hideTable }: {
  title: string;
  keys: string[];
  series: Series[];
  keyLabel: string;
  showTable: string;
  hideTable: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const [width, setWidth] = useState(600);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(280, Math.floor(entry?.contentRect.width ?? 600))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = keys.map((key) => Date.parse(`${key}T00:00:00Z`) / 1000);
    const twoAxes = series.some((s) => s.secondAxis);
    const plot = new uPlot(
      {
        width,
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] }, y2: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { values: (_u, splits) => splits.map((s) => dayLabel(new Date(s * 1000).toISOString().slice(0, 10))) },
          { scale: 'y', incrs: COUNT_STEPS },
          ...(twoAxes ? [{ scale: 'y2', side: 1 as const, grid: { show: false }, incrs: COUNT_STEPS }] : []),
        ],
        series: [{ label: keyLabel, value: (_u, v) => (v === null ? '' : dayLabel(new Date(v * 1000).toISOString().slice(0, 10))) }, ...series.map((s) => ({ label: s.label, stroke: s.colour, width: 2, scale: s.secondAxis ? 'y2' : 'y' }))],
      },
      [xs, ...series.map((s) => s.values)],
      element,
    );
    return () => plot.destroy();
  }, [keys, series, width, keyLabel]);

  return (
    <figure className="rounded-xl bg-white p-4 shadow-sm" aria-label={title}>
      <figcaption className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <Button variant="secondary" aria-expanded={tableOpen} onClick={() => setTableOpen((open) => !open)}>{tableOpen ? hideTable : showTable}</Button>
      </figcaption>
      <div ref={box} aria-hidden="true" data-testid="chart" />
      {tableOpen && (
        <div className="mt-4 max-h-96 overflow-auto">
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
                  <th scope="row" className="px-2 py-1 text-left font-normal tabular-nums">{dayLabel(key)}{key.slice(0, 4)}</th>
                  {series.map((s) => <td key={s.label} className="px-2 py-1 text-right tabular-nums">{formatNumber(s.values[i] ?? 0)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
