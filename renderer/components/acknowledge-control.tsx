// "I'm on it", from a problem's row or page: its problem stops counting toward the tray's colour and sends no more
// news until it recovers (its recovery is still told). An acknowledged problem says since when and offers "Undo".
// The core keeps it in the settings, ends it when the item recovers, and the tray and the command line see it too.
import type { StatusItemView } from '../../common/ipc/views.ts';
import { vigil } from '../api/vigil-api.ts';
import { formatDateTime } from '../format/time.ts';
import { useSwapAction } from './use-swap-action.ts';

/** Whether the item has a problem a person can acknowledge (or has acknowledged). */
export function acknowledgeable(item: Pick<StatusItemView, 'health' | 'acknowledgedAt'>): boolean {
  return item.acknowledgedAt !== undefined || item.health === 'critical' || item.health === 'warning';
}

export function AcknowledgeControl({ item }: { item: Pick<StatusItemView, 'key' | 'name' | 'health' | 'acknowledgedAt'> }) {
  const { busy, focusIfAsked, run } = useSwapAction();
  if (!acknowledgeable(item)) return null;

  const { key, name, acknowledgedAt } = item;
  if (acknowledgedAt !== undefined) {
    return (
      <span className="snooze">
        <span className="snooze-note" title={`Acknowledged ${formatDateTime(acknowledgedAt)}`}>
          Acknowledged
        </span>
        <button ref={focusIfAsked} type="button" className="button button-small" aria-disabled={busy} aria-label={`Undo acknowledging ${name}`} onClick={() => void run(() => vigil().unacknowledge(key), `${name} counts as a problem again.`, `${name} is still acknowledged`)}>
          Undo
        </button>
      </span>
    );
  }
  return (
    <button
      ref={focusIfAsked}
      type="button"
      className="button button-small"
      aria-disabled={busy}
      aria-label={`Acknowledge ${name}: I'm on it`}
      title="I'm on it: no more news of this problem until it recovers"
      onClick={() => void run(() => vigil().acknowledge(key), `${name} is acknowledged: no more news until it recovers.`, `${name} was not acknowledged`)}
    >
      I’m on it
    </button>
  );
}
