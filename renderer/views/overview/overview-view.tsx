// The overview: how everything is at a glance (headline, counts, when the server last answered, "Refresh now"),
// then the items that need attention, what happened in the past 24 hours, and the rest. Each item says for how
// long its state has held; a click on its name opens it in its own list, its "History" link opens its page.
import { useMemo } from 'react';
import type { StatusItemView } from '../../../common/ipc/views.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { HealthBadge } from '../../components/health-badge.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { VirtualTable, type Column } from '../../components/virtual-table.tsx';
import { heldFor } from '../../format/state-duration.ts';
import { stateLabel } from '../../format/state-label.ts';
import { formatDateTime } from '../../format/time.ts';
import { itemPageHash, useNavigation } from '../../state/navigation-store.ts';
import { useNow } from '../../state/now-store.ts';
import { useStatus } from '../../state/status-store.ts';
import { kindCounts, levelHeadlines, splitByAttention } from './overview-model.ts';
import { RecentEvents } from './recent-events.tsx';

const kindNames = { monitor: 'Monitor', heartbeat: 'Heartbeat', domain: 'Domain' } as const;

const columns: Column<StatusItemView>[] = [
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
  { id: 'kind', header: 'Kind', width: 100, cell: (item) => kindNames[item.kind] },
  {
    id: 'state',
    header: 'Status',
    width: 150,
    // A heartbeat still waiting for its first ping has not shown it works: grey, as in its own list.
    cell: (item) => <HealthBadge health={item.state === 'waiting' ? 'unknown' : item.health} label={item.snoozedUntil === undefined ? stateLabel(item.state) : `${stateLabel(item.state)} (snoozed)`} />,
  },
  { id: 'since', header: 'For how long', width: 120, cell: (item) => <HeldFor item={item} /> },
  { id: 'detail', header: 'Details', width: { min: 200, grow: 3 }, cell: (item) => item.detail },
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

/** "12 min", "at least 2 h": only this cell follows the clock, not the whole row. */
function HeldFor({ item }: { item: StatusItemView }) {
  const now = useNow((state) => state.now);
  const held = heldFor(item.since, item.sinceIsLowerBound, now);
  if (held === undefined || item.since === undefined) return <span className="cell-muted">not known</span>;
  return (
    <time dateTime={new Date(item.since).toISOString()} title={`Since ${formatDateTime(item.since)}`}>
      {held}
    </time>
  );
}

export function OverviewView() {
  const status = useStatus((state) => state.status);
  const refreshing = useStatus((state) => state.refreshing);
  const loadError = useStatus((state) => state.loadError);
  const { attention, rest } = useMemo(() => splitByAttention(status), [status]);
  const counts = useMemo(() => kindCounts(status?.items ?? []), [status]);

  if (status === undefined) {
    return (
      <section className="view" aria-labelledby="overview-title">
        <h1 id="overview-title">Overview</h1>
        {loadError === undefined ? (
          <EmptyState title="Connecting to Vigil…" />
        ) : (
          <EmptyState
            title="Vigil did not answer"
            action={
              <button type="button" className="button" onClick={() => void useStatus.getState().load()}>
                Try again
              </button>
            }
          >
            {loadError}
          </EmptyState>
        )}
      </section>
    );
  }

  return (
    <section className="view view-overview" aria-labelledby="overview-title">
      <header className={`overview-header level-${status.level}`}>
        <div>
          <h1 id="overview-title">{levelHeadlines[status.level]}</h1>
          <p className="page-summary">
            {status.connection?.name ?? 'No server'}
            {' · '}
            {status.lastSuccessfulPollAt === undefined ? (
              'no answer yet'
            ) : (
              <>
                last answer <RelativeTime at={status.lastSuccessfulPollAt} />
              </>
            )}
          </p>
        </div>
        <button type="button" className="button" disabled={refreshing} onClick={() => void useStatus.getState().refreshNow()}>
          {refreshing ? 'Refreshing…' : 'Refresh now'}
        </button>
      </header>

      <ul className="count-cards" aria-label="Counts">
        {counts.map((kind) => (
          <li key={kind.kind} className="count-card">
            <h2 className="count-title">
              {kind.label} <span className="count-total">{kind.total}</span>
            </h2>
            <p className="count-states">{kind.total === 0 ? 'none yet' : kind.states.map(({ state, count }) => `${count} ${state}`).join(' · ')}</p>
          </li>
        ))}
      </ul>

      {status.items.length === 0 ? (
        <EmptyState
          title="Nothing is watched yet"
          action={
            <button type="button" className="button button-primary" onClick={() => useNavigation.getState().go('monitors')}>
              Add a monitor
            </button>
          }
        >
          Add a monitor for a website or server, a heartbeat for a scheduled job, or a domain to watch its expiry.
        </EmptyState>
      ) : (
        <div className="overview-lists">
          <section aria-labelledby="attention-title" className="overview-section">
            <h2 id="attention-title">Needs attention ({attention.length})</h2>
            {attention.length === 0 ? (
              <p className="all-clear">Nothing is down, late or about to expire.</p>
            ) : (
              <VirtualTable label="Needs attention" rows={attention} rowKey={(item) => item.key} columns={columns} fitRowsUpTo={8} />
            )}
          </section>
          <RecentEvents />
          <section aria-labelledby="rest-title" className="overview-section overview-rest">
            <h2 id="rest-title">Everything else ({rest.length})</h2>
            {rest.length > 0 && <VirtualTable label="Everything else" rows={rest} rowKey={(item) => item.key} columns={columns} />}
          </section>
        </div>
      )}
    </section>
  );
}
