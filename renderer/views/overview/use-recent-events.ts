// The overview's feed: what happened in the past 24 hours on every connection, newest first, fetched when the
// overview opens, every minute, and whenever an item's state changes (the change is an event to show).
import { useEffect, useRef, useState } from 'react';
import type { HistoryEventView } from '../../../common/ipc/history.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { useStatus } from '../../state/status-store.ts';

const dayMs = 86_400_000;
const refreshEveryMs = 60_000;

export type RecentEvents = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; events: HistoryEventView[] };

/** Every item's state in one string: it changes exactly when some item's state does. */
function statesOf(items: readonly { key: string; state: string }[] | undefined): string {
  return (items ?? []).map((item) => `${item.key}=${item.state}`).join('\n');
}

export function useRecentEvents(): { events: RecentEvents; retry(): void } {
  const [events, setEvents] = useState<RecentEvents>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const states = useStatus((state) => statesOf(state.status?.items));
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    vigil()
      .listEvents(Math.max(0, Date.now() - dayMs))
      .then(
        (answer) => request === latest.current && setEvents({ state: 'ready', events: answer }),
        (error: unknown) => {
          // A refresh that fails keeps the feed shown; only a first load says it failed.
          if (request === latest.current) setEvents((shown) => (shown.state === 'ready' ? shown : { state: 'failed', message: callFailureOf(error).message }));
        },
      );
    const timer = setInterval(() => setAttempt((count) => count + 1), refreshEveryMs);
    return () => clearInterval(timer);
  }, [attempt, states]);

  return {
    events,
    retry() {
      setEvents({ state: 'loading' });
      setAttempt((count) => count + 1);
    },
  };
}
