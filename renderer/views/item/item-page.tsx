// One monitor's, heartbeat's or domain's page: its state and for how long, uptime over four windows, then for the
// window picked its status timeline, response times (where the server keeps them), incidents, checks or pings or
// expiry, and events; what the page cannot show is said at the top. The history can be saved as CSV or JSON.
// Maintenance starts from the header, the windows that cover it are listed under it, then what a person wrote about
// it (its annotation fields, edited from there or added from the header), and its alert rules close the page. A
// monitor's latest check (why it failed, how long it took, its certificate) shows where its server sends
// it.
import { useEffect, useMemo, useRef, useState } from 'react';
import { secondsApart } from '../../../common/format/clock-time.ts';
import type { ItemHistoryView, ItemPageWindow } from '../../../common/ipc/history.ts';
import type { Domain, Heartbeat, Monitor, StatusItemView } from '../../../common/ipc/views.ts';
import { vigil } from '../../api/vigil-api.ts';
import { AnnotationDialog, annotationsAddLabel, hasAnnotations } from '../../components/annotation-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { EventList } from '../../components/event-list.tsx';
import { MaintenanceControl } from '../maintenance/maintenance-control.tsx';
import { StatusBadges, type CalmJudgement } from '../../components/status-badges.tsx';
import { useExport } from '../../components/use-export.ts';
import { stateSentence } from '../../format/state-duration.ts';
import { useNavigation, VIEWS } from '../../state/navigation-store.ts';
import { useNow } from '../../state/now-store.ts';
import { useStatus } from '../../state/status-store.ts';
import { useDomains, useHeartbeats, useMonitors } from '../../state/resources.ts';
import { annotationsOf } from '../../../common/api/index.ts';
import { itemKindName, monitorKey, parseServerItemKey, serverItemKey } from '../../../common/ipc/item-key.ts';
import { CONNECTION_KIND_LABELS, isReadOnlySource } from '../../../common/ipc/connection-kinds.ts';
import { AcknowledgeControl } from '../../components/acknowledge-control.tsx';
import { sourceRows } from '../sources/source-list.ts';
import { LastCheckSection } from '../monitors/last-check-view.tsx';
import { MonitorForm } from '../monitors/monitor-form.tsx';
import { AnnotationsSection } from './annotations-section.tsx';
import { ChecksSection } from './checks-section.tsx';
import { DomainLookupSection } from './domain-lookup-section.tsx';
import { ExpirySection } from './expiry-section.tsx';
import { HeartbeatRuns, HeartbeatSummary } from './heartbeat-sections.tsx';
import { IncidentsSection } from './incidents-section.tsx';
import { ItemMaintenance } from '../maintenance/item-maintenance.tsx';
import { shownPeriod, windowNames } from './item-page-model.ts';
import { PingsSection } from './pings-section.tsx';
import { ResponseTimesSection } from './response-times-section.tsx';
import { RulesPanel } from './rules-panel.tsx';
import { tellChoicesOf } from './rules-values.ts';
import { StatusTimeline } from './status-timeline.tsx';
import { UptimeFigures } from './uptime-figures.tsx';
import { useItemHistory } from './use-item-history.ts';
import { WindowPicker } from './window-picker.tsx';


/** What the header says: the status's item when it has one (it is the newest), else the history's. */
type Headline = Pick<StatusItemView, 'kind' | 'name' | 'health' | 'state' | 'since' | 'sinceIsLowerBound' | 'sourceItem'> & CalmJudgement;

type WatchedItem = { kind: 'monitor'; item: Monitor } | { kind: 'heartbeat'; item: Heartbeat } | { kind: 'domain'; item: Domain };

const rowOf = <T,>(rows: readonly { key: string; item: T }[], itemKey: string) => rows.find((row) => row.key === itemKey)?.item;

/** The item as its list has it, the user's edits laid over the latest poll, so a saved note shows at once. */
function useWatchedItem(itemKey: string): WatchedItem | undefined {
  const kind = parseServerItemKey(itemKey)?.item.kind;
  const monitor = useMonitors((state) => (kind === 'monitor' ? rowOf(state.rows, itemKey) : undefined));
  const heartbeat = useHeartbeats((state) => (kind === 'heartbeat' ? rowOf(state.rows, itemKey) : undefined));
  const domain = useDomains((state) => (kind === 'domain' ? rowOf(state.rows, itemKey) : undefined));
  if (monitor !== undefined) return { kind: 'monitor', item: monitor };
  if (heartbeat !== undefined) return { kind: 'heartbeat', item: heartbeat };
  return domain === undefined ? undefined : { kind: 'domain', item: domain };
}

function headlineOf(item: StatusItemView | undefined, view: ItemHistoryView | undefined): Headline | undefined {
  return item ?? view;
}

export function ItemPage({ itemKey }: { itemKey: string }) {
  const [pageWindow, setPageWindow] = useState<ItemPageWindow>('24h');
  const history = useItemHistory(itemKey, pageWindow);
  const item = useStatus((state) => state.itemsByKey.get(itemKey));
  const now = useNow((state) => state.now);
  const exporter = useExport();
  const { view } = history;
  const headline = headlineOf(item, view);
  const listView = useNavigation((state) => state.view);
  const listLabel = VIEWS.find((entry) => entry.id === listView)?.label ?? 'the list';
  const name = headline?.name ?? 'This item';
  // Its server: the same id on two servers are two pages, so the page says whose it is.
  const connectionId = parseServerItemKey(itemKey)?.connectionId;
  const fallbackServerName = useStatus((state) => (connectionId === undefined ? undefined : state.serverNames.get(connectionId)));
  const monitor = useStatus((state) =>
    state.status?.servers.find((server) => server.connection.id === connectionId)?.monitors.find((each) => serverItemKey(connectionId ?? '', monitorKey(each)) === itemKey),
  );
  const serverName = item?.serverName ?? view?.serverName ?? fallbackServerName;
  // A source's item: read only, its page in its source a click away.
  const source = useStatus((state) => state.status?.servers.find((server) => server.connection.id === connectionId)?.connection);
  const opensAt = item === undefined || source === undefined ? undefined : sourceRows([item], [source])[0]?.open;
  const watched = useWatchedItem(itemKey);
  const [editingAnnotations, setEditingAnnotations] = useState(false);
  const editable = watched !== undefined && connectionId !== undefined && watched.item.id !== undefined && hasAnnotations(watched.kind);
  const editAnnotations = editable ? () => setEditingAnnotations(true) : undefined;
  const windowName = windowNames[pageWindow].long;
  // Opened from a link that is gone now (a row, the feed): the page's heading takes the focus, for keyboard and
  // screen reader users alike.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const exportAs = (format: 'csv' | 'json') => exporter.run(`${format.toUpperCase()} file`, () => vigil().exportItemHistory(itemKey, pageWindow, format));

  return (
    <section className="view view-item" aria-labelledby="item-title" aria-busy={history.loading}>
      <a
        className="back-link"
        href={`#/${listView}`}
        onClick={(event) => {
          event.preventDefault();
          useNavigation.getState().go(listView);
        }}
      >
        <span aria-hidden="true">← </span>All {listLabel.toLowerCase()}
      </a>
      <header className="page-header">
        <div>
          <h1 id="item-title" ref={heading} tabIndex={-1} title={name}>
            {name}
          </h1>
          {headline !== undefined && (
            <p className="item-state">
              <span className="item-kind">
                {itemKindName(headline)}
                {serverName !== undefined && <> on {serverName}</>}
              </span>
              <StatusBadges health={headline.state === 'waiting' ? 'unknown' : headline.health} label={stateSentence(headline.state, headline.since, headline.sinceIsLowerBound, now)} judgement={headline} />
            </p>
          )}
        </div>
        <div className="page-actions">
          {/* Nothing written yet: a quiet offer here rather than an empty section below. */}
          {editAnnotations !== undefined && watched !== undefined && annotationsOf(watched.kind, watched.item).length === 0 && (
            <button type="button" className="button button-quiet" onClick={editAnnotations}>
              {annotationsAddLabel(watched.kind)}
            </button>
          )}
          {item !== undefined && <AcknowledgeControl item={item} />}
          {opensAt !== undefined && (
            <a className="button" href={opensAt.href} target="_blank" rel="noreferrer">
              {opensAt.label}
            </a>
          )}
          {connectionId !== undefined && <MaintenanceControl target={{ scope: 'item', itemKey }} label={name} />}
          <div className="page-actions" role="group" aria-label={`Export the past ${windowName}`}>
          <button type="button" className="button" aria-disabled={exporter.running !== undefined} onClick={() => void exportAs('csv')}>
            {exporter.running === 'CSV file' ? 'Exporting…' : 'Export CSV'}
          </button>
          <button type="button" className="button" aria-disabled={exporter.running !== undefined} onClick={() => void exportAs('json')}>
            {exporter.running === 'JSON file' ? 'Exporting…' : 'Export JSON'}
          </button>
          </div>
        </div>
      </header>

      {source !== undefined && isReadOnlySource(source.sourceKind) && (
        <p className="list-note" role="note">
          Read from {CONNECTION_KIND_LABELS[source.sourceKind]} ({source.name}): Vigil only reads it
          {view !== undefined && view.historyOwner === undefined ? ', and its history below is what Vigil saw of it.' : '.'}
        </p>
      )}
      <ItemMaintenance itemKey={itemKey} />
      {watched !== undefined && <AnnotationsSection kind={watched.kind} item={watched.item} onEdit={editAnnotations} />}
      {editingAnnotations && watched !== undefined && connectionId !== undefined && (
        watched.kind === 'monitor' ? (
          <MonitorForm editing={{ monitor: watched.item, connectionId }} onClose={() => setEditingAnnotations(false)} />
        ) : (
          <AnnotationDialog annotated={watched} connectionId={connectionId} itemKey={itemKey} name={name} onClose={() => setEditingAnnotations(false)} />
        )
      )}
      {headline?.kind === 'heartbeat' && <HeartbeatSummary itemKey={itemKey} />}

      {monitor !== undefined && <LastCheckSection monitor={monitor} />}
      {headline?.kind === 'domain' && <DomainLookupSection itemKey={itemKey} />}

      {view !== undefined && view.notes.length > 0 && (
        <div className="item-notes">
          {view.notes.map((note) => (
            <p key={note} className="list-note" role="note">
              {note}
            </p>
          ))}
        </div>
      )}

      {history.error !== undefined && (
        <div className="form-error list-error" role="alert">
          <p>{view === undefined ? 'The history could not be loaded' : 'The history shown may be out of date: it could not be refreshed'}: {history.error}</p>
          <button type="button" className="button" onClick={history.retry}>
            Try again
          </button>
        </div>
      )}

      {view === undefined ? (
        history.error === undefined && <EmptyState title={`Loading the history of ${name}…`} />
      ) : (
        <ItemHistory itemKey={itemKey} view={view} pageWindow={pageWindow} onWindow={setPageWindow} loading={history.loading} now={now} seconds={secondsApart(monitor?.frequency)} />
      )}
      {headline !== undefined && connectionId !== undefined && <RulesPanel itemKey={itemKey} connectionId={connectionId} tellChoices={tellChoicesOf(headline.kind, monitor)} name={name} />}
    </section>
  );
}

interface ItemHistoryProps {
  itemKey: string;
  view: ItemHistoryView;
  pageWindow: ItemPageWindow;
  onWindow(pageWindow: ItemPageWindow): void;
  loading: boolean;
  now: number;
  /** The item is checked seconds apart: its checks, incidents and events are told to the second. */
  seconds: boolean;
}

function ItemHistory({ itemKey, view, pageWindow, onWindow, loading, now, seconds }: ItemHistoryProps) {
  // While another window loads, the one shown says which it is.
  const shownName = windowNames[view.window].long;
  // An item created within the window: its timeline and chart span its life, and their headings say so.
  // Kept while the view is: the chart is drawn again only when what it shows changes.
  const period = useMemo(() => shownPeriod(view), [view]);
  return (
    <>
      {/* As of the history's moment, as the timeline and chart are: their ages agree. */}
      <UptimeFigures uptime={view.uptime} now={view.to} />
      <div className="window-row">
        <WindowPicker value={pageWindow} onChange={onWindow} />
        {/* Always there, so what it says is announced, and the page below does not move when it does. */}
        <p className="field-hint" role="status">
          {loading ? `Loading the past ${windowNames[pageWindow].long}…` : ''}
        </p>
      </div>
      <div className={loading ? 'item-window item-window-loading' : 'item-window'}>
        <section className="item-section" aria-labelledby="timeline-title">
          <h2 id="timeline-title">
            Status over the past {shownName}
            {period.since !== undefined && <span className="heading-since">, {period.since}</span>}
          </h2>
          <StatusTimeline segments={view.timeline} period={period} now={now} />
          {view.source === 'client' && <p className="field-hint">From Vigil’s own record: only what this app saw while it was running.</p>}
          {view.source === 'server' && view.historyOwner !== undefined && <p className="field-hint">From the history {view.historyOwner} keeps of it.</p>}
        </section>
        {view.responseTimes !== undefined && <ResponseTimesSection points={view.responseTimes.points} stepSeconds={view.responseTimes.stepSeconds} period={period} />}
        <IncidentsSection kind={view.kind} incidents={view.incidents} now={now} seconds={seconds} />
      </div>
      {view.checks !== undefined && <ChecksSection itemKey={itemKey} checks={view.checks} seconds={seconds} />}
      {view.kind === 'heartbeat' && <HeartbeatRuns itemKey={itemKey} />}
      {view.pings !== undefined && <PingsSection pings={view.pings} />}
      {view.kind === 'domain' && <ExpirySection expiresOn={view.expiresOn} now={now} />}
      <section className="item-section" aria-labelledby="events-title">
        <h2 id="events-title">{view.kind === 'domain' ? 'Expiry and renewal events' : 'Events'}</h2>
        {view.events.length === 0 ? <p className="field-hint">Nothing happened in the past {shownName}.</p> : <EventList label={`Events of ${view.name}`} events={view.events} now={now} seconds={seconds} />}
      </section>
    </>
  );
}

