// The overview's tables' columns: the item (a click shows it in its list), its kind, state and for how long, the
// core's details and the way to its page. Shared by the single list and every server's group.
import { itemKindName } from '../../../common/ipc/item-key.ts';
import type { StatusItemView } from '../../../common/ipc/views.ts';
import { StatusBadges } from '../../components/status-badges.tsx';
import type { Column } from '../../components/virtual-table.tsx';
import { heldFor } from '../../format/state-duration.ts';
import { stateLabel } from '../../format/state-label.ts';
import { formatDateTime } from '../../format/time.ts';
import { itemPageHash, useNavigation } from '../../state/navigation-store.ts';
import { useNow } from '../../state/now-store.ts';

export const overviewColumns: Column<StatusItemView>[] = [
  {
    id: 'name',
    header: 'Name',
    width: { min: 180, grow: 2 },
    cell: (item) => (
      <button type="button" className="link-button" onClick={() => useNavigation.getState().showInList(item.key)}>
        {item.name}
      </button>
    ),
  },
  // Room for the longest kind word, a source's "Component".
  { id: 'kind', header: 'Kind', width: 116, cell: (item) => itemKindName(item) },
  {
    id: 'state',
    header: 'Status',
    // Room for "Down (Router down)" beside "Flapping", and for "Maintenance until 3 Dec 15:42".
    width: 236,
    // A heartbeat still waiting for its first ping has not shown it works: grey, as in its own list.
    cell: (item) => <StatusBadges health={item.state === 'waiting' ? 'unknown' : item.health} label={item.snoozedUntil === undefined ? stateLabel(item.state) : `${stateLabel(item.state)} (snoozed)`} judgement={item} />,
  },
  { id: 'since', header: 'For how long', width: 120, cell: (item) => <HeldFor item={item} /> },
  { id: 'detail', header: 'Details', width: { min: 160, grow: 3 }, cell: (item) => item.detail },
  {
    id: 'page',
    header: 'History',
    width: 90,
    cell: (item) => (
      <a
        href={itemPageHash(item.key)}
        aria-label={`History of ${item.name}`}
        onClick={(event) => {
          event.preventDefault();
          useNavigation.getState().openItemPage(item.key);
        }}
      >
        History
      </a>
    ),
  },
];

export const itemKeyOf = (item: StatusItemView) => item.key;

/** "12 min", "at least 2 h": only this cell follows the clock, not the whole row. */
export function HeldFor({ item }: { item: StatusItemView }) {
  const now = useNow((state) => state.now);
  const held = heldFor(item.since, item.sinceIsLowerBound, now);
  if (held === undefined || item.since === undefined) return <span className="cell-muted">not known</span>;
  return (
    <time dateTime={new Date(item.since).toISOString()} title={`Since ${formatDateTime(item.since, { seconds: true })}`}>
      {held}
    </time>
  );
}
