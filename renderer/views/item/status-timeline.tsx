// The status over a window as one bar: each state in its own colour and shape, time nobody watched hatched (never
// drawn as up), with a legend beside it. Screen readers get the same in words: the summary, and every stretch
// that was not fine. For an item created within the window the bar spans its life, from its creation.
import { useMemo } from 'react';
import type { TimelineSegment } from '../../../common/ipc/history.ts';
import { formatDateTime } from '../../format/time.ts';
import { timelineBars, timelineLegend, timelineSummary, troubleStretches, type ShownPeriod } from './item-page-model.ts';

/** Enough columns for a wide window; a year of segments never becomes more elements than this. */
const columns = 360;
/** The stretches read out, at most; the summary counts them all. */
const maxStretchesRead = 50;

export interface StatusTimelineProps {
  segments: readonly TimelineSegment[];
  /** The window, or a younger item's life in it. */
  period: ShownPeriod;
  now: number;
}

export function StatusTimeline({ segments, period, now }: StatusTimelineProps) {
  const { from, to, label } = period;
  const bars = useMemo(() => timelineBars(segments, from, to, columns), [segments, from, to]);
  const legend = useMemo(() => timelineLegend(segments), [segments]);
  const summary = useMemo(() => timelineSummary(segments, from, to, label), [segments, from, to, label]);
  const stretches = useMemo(() => troubleStretches(segments, now, maxStretchesRead), [segments, now]);
  return (
    <figure className="timeline-figure">
      <div className="timeline" aria-hidden="true">
        {bars.map((bar) => (
          <span key={bar.start} className={`timeline-bar state-${bar.health}`} style={{ left: `${bar.start * 100}%`, width: `${(bar.end - bar.start) * 100}%` }} />
        ))}
      </div>
      <div className="timeline-ends" aria-hidden="true">
        <span>{period.since === undefined ? formatDateTime(from) : `Created ${formatDateTime(from)}`}</span>
        <span>Now</span>
      </div>
      <figcaption className="timeline-caption">
        <ul className="legend" aria-label="Legend">
          {legend.map((entry) => (
            <li key={entry.health}>
              <span className={`legend-swatch state-${entry.health}`} aria-hidden="true" />
              {entry.label}
            </li>
          ))}
        </ul>
        <p>{summary}</p>
      </figcaption>
      {stretches.count > 0 && (
        <ul className="visually-hidden" aria-label="Stretches that were not up">
          {stretches.told.map((stretch, index) => (
            // Stretches are told in time order and never move: the index is a stable key.
            <li key={index}>{stretch}</li>
          ))}
          {stretches.count > stretches.told.length && <li>And {stretches.count - stretches.told.length} more.</li>}
        </ul>
      )}
    </figure>
  );
}
