// One server's part of an overview of several: its name, level and last answer as the heading (a button that
// folds the group, remembered), its own banners (cannot be reached, sign in again, …) and, unfolded, its items
// that need attention and the rest. Folded, the heading still says how the server is. Maintenance for the whole
// server starts from beside its summary, which says while it holds.
import { ServerBanners } from '../../components/banners.tsx';
import { MaintenanceBadge } from '../maintenance/maintenance-badge.tsx';
import { MaintenanceControl } from '../maintenance/maintenance-control.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { VirtualTable } from '../../components/virtual-table.tsx';
import { countOf, countThat } from '../../format/count.ts';
import { useOverviewPreferences } from '../../state/overview-preferences.ts';
import { itemKeyOf, overviewColumns } from './overview-columns.tsx';
import { serverLevelLabels, type ServerGroup } from './overview-model.ts';

/** Rows a group's table shows before it scrolls: ten groups fit a few screens, and open fast. */
const groupRowsShown = 6;

export function ServerGroupSection({ group }: { group: ServerGroup }) {
  const { server, items, attention, rest } = group;
  const { id, name } = server.connection;
  const collapsed = useOverviewPreferences((state) => state.collapsed[id] === true);
  const toggle = useOverviewPreferences((state) => state.toggle);
  const headingId = `server-group-${id}`;
  const bodyId = `server-group-body-${id}`;
  return (
    <section className={`server-group level-${server.level}`} aria-labelledby={headingId} data-server={id}>
      <h2 id={headingId} className="server-group-title">
        <button type="button" className="server-group-toggle" aria-expanded={!collapsed} aria-controls={collapsed ? undefined : bodyId} onClick={() => toggle(id)}>
          <span className="server-group-chevron" aria-hidden="true" />
          <span className={`level-dot level-${server.level}`} aria-hidden="true" />
          <span className="server-group-name">{name}</span>
          <span className="server-group-level">{serverLevelLabels[server.level]}</span>
        </button>
      </h2>
      <div className="server-group-line">
      <p className="server-group-summary">
        {server.maintenance !== undefined && (
          <>
            <MaintenanceBadge until={server.maintenance.until} />{' '}
          </>
        )}
        {countsLine(items.length, attention.length)}
        {' · '}
        {server.lastSuccessfulPollAt === undefined ? (
          'no answer yet'
        ) : (
          <>
            last answer <RelativeTime at={server.lastSuccessfulPollAt} />
          </>
        )}
      </p>
      <MaintenanceControl target={{ scope: 'server', connectionId: id }} label={`everything on ${name}`} small />
      </div>
      <ServerBanners server={server} />
      {!collapsed && (
        <div id={bodyId} className="server-group-body">
          {items.length === 0 ? (
            <p className="all-clear">Nothing is watched on {name} yet.</p>
          ) : attention.length === 0 ? (
            // All is well (its heading says so): one table, without an empty "Needs attention" above it.
            <GroupTable title={`Items (${rest.length})`} label={`Items on ${name}`} rows={rest} />
          ) : (
            <>
              <GroupTable title={`Needs attention (${attention.length})`} label={`Needs attention on ${name}`} rows={attention} />
              {rest.length > 0 && <GroupTable title={`Everything else (${rest.length})`} label={`Everything else on ${name}`} rows={rest} />}
            </>
          )}
        </div>
      )}
    </section>
  );
}

function countsLine(total: number, needingAttention: number): string {
  const items = countOf(total, 'item');
  return needingAttention === 0 ? items : `${items}, ${countThat(needingAttention, 'need', 'attention')}`;
}

function GroupTable({ title, label, rows }: { title: string; label: string; rows: ServerGroup['rest'] }) {
  return (
    <div className="overview-section">
      <h3>{title}</h3>
      <VirtualTable label={label} rows={rows} rowKey={itemKeyOf} columns={overviewColumns} fitRowsUpTo={groupRowsShown} />
    </div>
  );
}
