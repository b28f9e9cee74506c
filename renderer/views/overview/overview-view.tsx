// The overview: how everything is at a glance (headline, counts, when the servers last answered, "Refresh now"),
// then the items that need attention, what happened in the past 24 hours, and the rest. With one server that is
// one list, as it always was; with more, every server has its own group (its banners, its items that need
// attention and the rest, foldable), and a filter shows one server. Each item says for how long its state has
// held; a click on its name opens it in its own list, its "History" link opens its page. Maintenance starts from
// the header (everything) or a server's group, and while it holds a calm banner says until when, with "End now".
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { MaintenanceTarget } from '../../../common/ipc/alerting.ts';
import type { StatusView } from '../../../common/ipc/views.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { MaintenanceControl } from '../maintenance/maintenance-control.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { VirtualTable } from '../../components/virtual-table.tsx';
import { useOverviewPreferences } from '../../state/overview-preferences.ts';
import { useStatus } from '../../state/status-store.ts';
import { MonitorForm } from '../monitors/monitor-form.tsx';
import { itemKeyOf, overviewColumns } from './overview-columns.tsx';
import { kindCounts, levelHeadlines, manyServersHeadlines, serverGroups, serversSummary, splitByAttention } from './overview-model.ts';
import { MaintenanceOverview } from '../maintenance/maintenance-overview.tsx';
import { RecentEvents } from './recent-events.tsx';
import { ServerGroupSection } from './server-group.tsx';

export function OverviewView() {
  const status = useStatus((state) => state.status);
  const loadError = useStatus((state) => state.loadError);

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
  return status.servers.length > 1 ? <ManyServersOverview status={status} /> : <OneServerOverview status={status} />;
}

function OverviewHeader({ status, summary, headlines }: { status: StatusView; summary: ReactNode; headlines: typeof levelHeadlines }) {
  const refreshing = useStatus((state) => state.refreshing);
  // With one server, "everything" is that server: its window is kept by it when it can.
  const only = status.servers.length === 1 ? status.servers[0]?.connection : undefined;
  const maintenanceTarget: MaintenanceTarget = only === undefined ? { scope: 'everything' } : { scope: 'server', connectionId: only.id };
  return (
    <header className={`overview-header level-${status.level}`}>
      <div>
        <h1 id="overview-title">{status.items.length === 0 && status.level === 'ok' ? nothingWatchedHeadline : headlines[status.level]}</h1>
        <p className="page-summary">{summary}</p>
      </div>
      <div className="page-actions">
        {status.servers.length > 0 && <MaintenanceControl target={maintenanceTarget} label="everything" />}
        <button type="button" className="button" disabled={refreshing} onClick={() => void useStatus.getState().refreshNow()}>
          {refreshing ? 'Refreshing…' : 'Refresh now'}
        </button>
      </div>
    </header>
  );
}

function Counts({ items }: { items: StatusView['items'] }) {
  const counts = useMemo(() => kindCounts(items), [items]);
  return (
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
  );
}

/** Said instead of the level while nothing is watched: "Everything is up" would claim what nobody checked. */
const nothingWatchedHeadline = 'Nothing to watch yet';

/** Nothing is watched: the way to the first monitor is its form, opened here. */
function NothingWatched() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <EmptyState
        title="Start with a monitor"
        action={
          <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
            Add a monitor
          </button>
        }
      >
        Add a monitor for a website or server, a heartbeat for a scheduled job, or a domain to watch its expiry.
      </EmptyState>
      {adding && <MonitorForm onClose={() => setAdding(false)} />}
    </>
  );
}

function OneServerOverview({ status }: { status: StatusView }) {
  const { attention, rest } = useMemo(() => splitByAttention(status), [status]);
  const server = status.servers[0];
  const summary = (
    <>
      {server?.connection.name ?? 'No server'}
      {' · '}
      {server?.lastSuccessfulPollAt === undefined ? (
        'no answer yet'
      ) : (
        <>
          last answer <RelativeTime at={server.lastSuccessfulPollAt} />
        </>
      )}
    </>
  );
  return (
    <section className="view view-overview" aria-labelledby="overview-title">
      <OverviewHeader status={status} summary={summary} headlines={levelHeadlines} />
      <MaintenanceOverview windows={status.maintenance} />
      <Counts items={status.items} />
      {status.items.length === 0 ? (
        <NothingWatched />
      ) : (
        <div className="overview-lists">
          <section aria-labelledby="attention-title" className="overview-section">
            <h2 id="attention-title">Needs attention ({attention.length})</h2>
            {attention.length === 0 ? (
              <p className="all-clear">Nothing is down, late or about to expire.</p>
            ) : (
              <VirtualTable label="Needs attention" rows={attention} rowKey={itemKeyOf} columns={overviewColumns} fitRowsUpTo={8} />
            )}
          </section>
          <RecentEvents />
          <section aria-labelledby="rest-title" className="overview-section overview-rest">
            <h2 id="rest-title">Everything else ({rest.length})</h2>
            {rest.length > 0 && <VirtualTable label="Everything else" rows={rest} rowKey={itemKeyOf} columns={overviewColumns} />}
          </section>
        </div>
      )}
    </section>
  );
}

function ManyServersOverview({ status }: { status: StatusView }) {
  const filterId = useId();
  const server = useOverviewPreferences((state) => state.server);
  const showServer = useOverviewPreferences((state) => state.showServer);
  const groups = useMemo(() => serverGroups(status, server), [status, server]);
  const shownItems = useMemo(() => groups.flatMap((group) => group.items), [groups]);
  const chosen = groups.length === 1 ? server : 'all';
  return (
    <section className="view view-overview" aria-labelledby="overview-title">
      <OverviewHeader status={status} summary={serversSummary(status.servers)} headlines={manyServersHeadlines} />
      <MaintenanceOverview windows={status.maintenance} />
      <div className="toolbar overview-toolbar">
        <div className="toolbar-field">
          <label htmlFor={filterId}>Server</label>
          <select id={filterId} value={chosen} onChange={(event) => showServer(event.target.value)}>
            <option value="all">All servers</option>
            {status.servers.map(({ connection }) => (
              <option key={connection.id} value={connection.id}>
                {connection.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Counts items={shownItems} />
      {status.items.length === 0 && <NothingWatched />}
      <div className="server-groups">
        {groups.map((group) => (
          <ServerGroupSection key={group.server.connection.id} group={group} />
        ))}
      </div>
      <RecentEvents />
    </section>
  );
}
