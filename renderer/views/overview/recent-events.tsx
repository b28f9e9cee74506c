// The overview's "Recent events": the past 24 hours, newest first, with what happened since the person last
// looked marked "New" and counted in the heading's summary; with more than one server, each names its server.
import { useState } from 'react';
import { formatClockTime } from '../../../common/format/clock-time.ts';
import { EventList } from '../../components/event-list.tsx';
import { countOf } from '../../format/count.ts';
import { useLastLook } from '../../state/last-look.ts';
import { useNow } from '../../state/now-store.ts';
import { useManyServers } from '../../state/status-store.ts';
import { useRecentEvents } from './use-recent-events.ts';

const shownAtFirst = 8;

function newsSummary(newCount: number, lastLook: number | undefined, now: number): string {
  if (lastLook === undefined) return 'What happened in the past 24 hours, newest first.';
  const when = formatClockTime(lastLook, now);
  return newCount === 0 ? `Nothing new since you last looked, at ${when}.` : `${countOf(newCount, 'new event')} since you last looked, at ${when}.`;
}

export function RecentEvents() {
  const { events, retry } = useRecentEvents();
  const lastLook = useLastLook();
  const now = useNow((state) => state.now);
  const manyServers = useManyServers();
  const [showAll, setShowAll] = useState(false);
  const list = events.state === 'ready' ? events.events : [];
  const newCount = lastLook === undefined ? 0 : list.filter((event) => event.at > lastLook).length;
  // Everything new shows, however many; then the latest few of the rest.
  const shown = showAll ? list : list.slice(0, Math.max(shownAtFirst, newCount));
  return (
    <section aria-labelledby="events-title" className="overview-section recent-events">
      <h2 id="events-title">Recent events</h2>
      {events.state === 'loading' && <p className="all-clear">Loading what happened in the past 24 hours…</p>}
      {events.state === 'failed' && (
        <div className="form-error list-error" role="alert">
          <p>The recent events could not be loaded: {events.message}</p>
          <button type="button" className="button" aria-label="Try again to load the recent events" onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {events.state === 'ready' && (
        <>
          <p className="all-clear">{list.length === 0 ? 'Nothing happened in the past 24 hours.' : newsSummary(newCount, lastLook, now)}</p>
          {list.length > 0 && <EventList label="Recent events" events={shown} now={now} newSince={lastLook} linkItems scrolls nameServers={manyServers} />}
          {list.length > shown.length && (
            <button type="button" className="button button-small section-more" onClick={() => setShowAll(true)}>
              Show all {countOf(list.length, 'event')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
