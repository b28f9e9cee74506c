// Response times over the window (a younger item's from its creation): the chart (average and 95th percentile), a
// legend that tells the lines apart by their dash as well as their colour, the chart in words, and its numbers as a
// table on request.
import { useMemo, useState } from 'react';
import type { ResponseTimePoint } from '../../../common/ipc/history.ts';
import { formatDateTime } from '../../format/time.ts';
import { millisecondsText, responseSummary, stepsInPeriod, type ShownPeriod } from './item-page-model.ts';
import { ResponseTimeChart } from './response-time-chart.tsx';
import { ColumnHeads } from './column-heads.tsx';

export interface ResponseTimesSectionProps {
  points: readonly ResponseTimePoint[];
  stepSeconds: number;
  /** The window, or a younger item's life in it: a younger item's chart spans its life, not a day it was mostly not
   * there for, so its data is not a speck at the edge. */
  period: ShownPeriod;
}

export function ResponseTimesSection({ points, stepSeconds, period }: ResponseTimesSectionProps) {
  const [asTable, setAsTable] = useState(false);
  const shown = useMemo(() => stepsInPeriod(points, stepSeconds * 1000, period), [points, stepSeconds, period]);
  const summary = useMemo(() => responseSummary(shown, period), [shown, period]);
  return (
    <section className="item-section" aria-labelledby="response-title">
      <h2 id="response-title">Response times</h2>
      <figure className="chart-figure">
        <ResponseTimeChart points={shown} stepMs={stepSeconds * 1000} from={period.from} to={period.to} />
        <figcaption>
          <ul className="legend" aria-label="Legend">
            <li>
              <svg className="legend-line" width="28" height="10" aria-hidden="true">
                <line className="line-average" x1="0" y1="5" x2="28" y2="5" />
              </svg>
              Average
            </li>
            <li>
              <svg className="legend-line" width="28" height="10" aria-hidden="true">
                <line className="line-p95" x1="0" y1="5" x2="28" y2="5" strokeDasharray="6 4" />
              </svg>
              95th percentile
            </li>
          </ul>
          <p>{summary}</p>
        </figcaption>
      </figure>
      <button type="button" className="button button-small section-more" aria-expanded={asTable} onClick={() => setAsTable(!asTable)}>
        {asTable ? 'Hide the numbers' : 'Show the numbers as a table'}
      </button>
      {asTable && (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Response times as numbers">
          <table className="data-table">
            <ColumnHeads names={['From', 'Checks', 'Failed', 'Average', '95th percentile']} />
            <tbody>
              {shown.map((point) => (
                <tr key={point.at}>
                  <td>{formatDateTime(point.at)}</td>
                  <td>{point.checks.toLocaleString('en')}</td>
                  <td>{point.failed.toLocaleString('en')}</td>
                  <td>{point.avgMs === undefined ? '—' : millisecondsText(point.avgMs)}</td>
                  <td>{point.p95Ms === undefined ? '—' : millisecondsText(point.p95Ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
