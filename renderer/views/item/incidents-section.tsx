// The window's incidents, newest first: when each began and ended, how long it lasted, and what it said. A long
// window may hold many: the first few show, the rest on request.
import { useState } from 'react';
import { formatDateTime, timeSpanEnds } from '../../../common/format/clock-time.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import type { Incident } from '../../../common/ipc/history.ts';
import type { ItemKind } from '../../../common/ipc/views.ts';
import { ColumnHeads } from './column-heads.tsx';

const shownAtFirst = 10;

const titles: Record<ItemKind, { title: string; none: string }> = {
  monitor: { title: 'Incidents', none: 'No incidents in this window: it was never seen down.' },
  heartbeat: { title: 'Late or failed periods', none: 'No late or failed periods in this window: every ping came in time.' },
  domain: { title: 'Expiry problems', none: 'No expiry problems in this window.' },
  source: { title: 'Problems', none: 'No problems in this window: Vigil never saw it other than up.' },
};

export interface IncidentsSectionProps {
  kind: ItemKind;
  incidents: readonly Incident[];
  now: number;
  /** The item is checked seconds apart: its incidents' ends are told to the second (`secondsApart`). */
  seconds: boolean;
}

export function IncidentsSection({ kind, incidents, now, seconds }: IncidentsSectionProps) {
  const [showAll, setShowAll] = useState(false);
  const words = titles[kind];
  const newestFirst = [...incidents].sort((a, b) => b.start - a.start);
  const shown = showAll ? newestFirst : newestFirst.slice(0, shownAtFirst);
  return (
    <section className="item-section" aria-labelledby="incidents-title">
      <h2 id="incidents-title">
        {words.title} ({incidents.length})
      </h2>
      {incidents.length === 0 ? (
        <p className="field-hint">{words.none}</p>
      ) : (
        <table className="data-table">
          <ColumnHeads names={['Started', 'Ended', 'Lasted', 'What it said']} />
          <tbody>
            {shown.map((incident) => {
              // The end on the start's day is a time alone, as in "13:41:05 to 13:41:15".
              const ends = incident.end === undefined ? undefined : timeSpanEnds(incident.start, incident.end, { seconds });
              return (
                <tr key={incident.start}>
                  <td>{ends?.from ?? formatDateTime(incident.start, { seconds })}</td>
                  <td>{ends === undefined ? <strong>Still going on</strong> : ends.to}</td>
                  <td>
                    {formatDuration((incident.end ?? now) - incident.start, 'elapsed')}
                    {incident.end === undefined ? ' so far' : ''}
                  </td>
                  <td className="cell-wrap">{incident.detail}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {newestFirst.length > shownAtFirst && (
        <button type="button" className="button button-small section-more" onClick={() => setShowAll(!showAll)}>
          {showAll ? `Show the latest ${shownAtFirst} only` : `Show all ${incidents.length} ${words.title.toLowerCase()}`}
        </button>
      )}
    </section>
  );
}
