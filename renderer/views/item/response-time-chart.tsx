// A monitor's response times over the window (average and 95th percentile per step), drawn by uPlot on a canvas:
// it draws a year of points in a few milliseconds. The canvas is hidden from screen readers; the page gives the
// same in words and as a table. Colours come from the stylesheet's custom properties, so the chart follows light
// and dark like everything else, and is made again when the OS switches; another window only gets new data.
import { useLayoutEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import { formatClockTime, formatDayOfYear } from '../../../common/format/clock-time.ts';
import type { ResponseTimePoint } from '../../../common/ipc/history.ts';
import { responseChartData } from './item-page-model.ts';
import { useColorScheme } from './use-color-scheme.ts';

const chartHeight = 240;

export interface ResponseTimeChartProps {
  points: readonly ResponseTimePoint[];
  /** The length of a point's step, ms: each is drawn at the middle of its part of the span. */
  stepMs: number;
  /** The window (a younger item's life in it), epoch ms: the time axis spans it whole, so missing steps show as
   * missing. */
  from: number;
  to: number;
}

type ChartData = ReturnType<typeof responseChartData>;

/** Where there is no 2D canvas (a test's DOM), there is no chart: the words and the table still say it all. */
function canDraw(): boolean {
  return document.createElement('canvas').getContext('2d') !== null;
}

/** A step with neighbours on neither side is no line at all: it is drawn as a dot (a new monitor has just one). */
const isolatedPoints: uPlot.Series.Points.Filter = (chart, seriesIndex) => {
  const values = chart.data[seriesIndex] ?? [];
  const isolated: number[] = [];
  values.forEach((value, index) => {
    if (value != null && values[index - 1] == null && values[index + 1] == null) isolated.push(index);
  });
  return isolated;
};

const daySeconds = 86_400;

/** The time axis's marks written as every other time on the page (uPlot's own would be "11/28/26 3:50pm"): days by
 * their date, shorter steps by their time of day, to the second when the marks are seconds apart. */
const timeMarks: uPlot.Axis.DynamicValues = (_chart, splits, _axis, _space, step) =>
  splits.map((at) => (step >= daySeconds ? formatDayOfYear(at * 1000) : formatClockTime(at * 1000, at * 1000, { seconds: step < 60 })));

function optionsFor(element: HTMLElement, span: { current: { from: number; to: number } }): uPlot.Options {
  const style = getComputedStyle(element);
  const colour = (name: string) => style.getPropertyValue(name).trim();
  const font = `12px ${style.fontFamily}`;
  const axis = { stroke: colour('--chart-text'), font, grid: { stroke: colour('--chart-grid'), width: 1 }, ticks: { stroke: colour('--chart-grid'), width: 1 } };
  return {
    width: element.clientWidth,
    height: chartHeight,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: true, range: () => [span.current.from / 1000, span.current.to / 1000] },
      y: { range: (_chart, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [{ ...axis, values: timeMarks }, { ...axis, size: 70, values: (_chart, splits) => splits.map((value) => `${value.toLocaleString('en')} ms`) }],
    series: [
      {},
      { label: '95th percentile', stroke: colour('--chart-p95'), width: 1.5, dash: [6, 4], points: { show: true, size: 6, filter: isolatedPoints } },
      { label: 'Average', stroke: colour('--chart-average'), width: 2, points: { show: true, size: 6, filter: isolatedPoints } },
    ],
    hooks: {
      // Tests and the benchmark wait for this: the canvas has been drawn, for a window this long.
      draw: [(chart) => chart.root.parentElement?.setAttribute('data-drawn', String(span.current.to - span.current.from))],
    },
  };
}

export function ResponseTimeChart({ points, stepMs, from, to }: ResponseTimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | undefined>(undefined);
  const scheme = useColorScheme();
  const data = useMemo(() => responseChartData(points, stepMs, { from, to }), [points, stepMs, from, to]);
  // What the chart shows, for the one made below and for each new window given to it.
  const span = useRef({ from, to });
  const shown = useRef<ChartData>(data);

  // Layout effects: drawn before the browser paints the page around it, so a new window's chart shows in the same
  // frame as the rest of the window.
  useLayoutEffect(() => {
    const element = box.current;
    if (element === null || !canDraw()) return;
    const made = new uPlot(optionsFor(element, span), shown.current, element);
    chart.current = made;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      made.setSize({ width, height: chartHeight });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      made.destroy();
      chart.current = undefined;
    };
  }, [scheme]);

  useLayoutEffect(() => {
    if (shown.current === data && span.current.from === from && span.current.to === to) return;
    span.current = { from, to };
    shown.current = data;
    box.current?.removeAttribute('data-drawn');
    chart.current?.setData(data);
  }, [data, from, to]);

  return <div ref={box} className="chart" aria-hidden="true" />;
}
