// An item's history for the page: fetched for the item and window shown, again every minute, whenever the item's
// state changes (so the timeline and incidents follow what the status says) and whenever a heartbeat's latest ping
// does (pings of a heartbeat that stays up change no state, yet the page lists them), and on "Try again". What was
// shown stays while a newer answer is on its way; an answer to an older request is dropped.
import { useEffect, useRef, useState } from 'react';
import type { ItemHistoryView, ItemPageWindow } from '../../../common/ipc/history.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { useHeartbeats } from '../../state/resources.ts';
import { useStatus } from '../../state/status-store.ts';

const refreshEveryMs = 60_000;

export interface ItemHistoryLoad {
  /** The latest answer for this item (for the window asked for, or the one before while it loads). */
  view: ItemHistoryView | undefined;
  /** A request is on its way for a window not shown yet (or for the first time). */
  loading: boolean;
  /** Why the latest request failed; what was shown before stays. */
  error: string | undefined;
  retry(): void;
}

export function useItemHistory(itemKey: string, pageWindow: ItemPageWindow): ItemHistoryLoad {
  const [view, setView] = useState<ItemHistoryView | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  // The item's state, since and maintenance as the status says: a change means new history to show.
  const stateMark = useStatus((state) => {
    const item = state.itemsByKey.get(itemKey);
    return item === undefined ? '' : `${item.state}|${item.since ?? ''}|${item.maintenance === undefined ? '' : 'maintenance'}`;
  });
  const lastPing = useHeartbeats((state) => state.rows.find((row) => row.key === itemKey)?.item.last_ping);
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    vigil()
      .getItemHistory(itemKey, pageWindow)
      .then(
        (answer) => {
          if (request !== latest.current) return;
          setView(answer);
          setError(undefined);
        },
        (failure: unknown) => {
          if (request === latest.current) setError(callFailureOf(failure).message);
        },
      );
    const timer = setInterval(() => setAttempt((count) => count + 1), refreshEveryMs);
    return () => clearInterval(timer);
  }, [itemKey, pageWindow, attempt, stateMark, lastPing]);

  return {
    view,
    loading: error === undefined && view?.window !== pageWindow,
    error,
    retry: () => {
      setError(undefined);
      setAttempt((count) => count + 1);
    },
  };
}
