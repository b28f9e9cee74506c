// What the notifier is told of the alerts several servers raised at about the same time (pure): each one on its
// own, named by its server when more than one is watched ("Work · API is down"), or — a burst across servers —
// one summary in their place ("5 problems on 2 servers"). Every alert is either told or counted in the summary,
// never both, never neither.
import { serverItemKey } from '../../../common/ipc/item-key.ts';
import type { AlertView } from '../../../common/ipc/views.ts';
import { cleanName } from '../health/index.ts';
import { worseSeverity, type Alert, type AlertSeverity, type ConnectionAlertKind } from './alert.ts';
import { connectionSuffix } from './alert-text.ts';

/** Alert titles a summary names before "and N more". */
const titlesInSummary = 3;

export interface ServerAlert {
  alert: Alert;
  serverName: string;
}

export interface CrossServerOptions {
  /** Enabled connections now: alerts name their server when there is more than one. */
  serverCount: number;
  /** More alerts than this from more than one server arrive as one summary (the policy's `burstLimit`). */
  burstLimit: number;
  now: number;
}

export function crossServerAlerts(batch: readonly ServerAlert[], options: CrossServerOptions): AlertView[] {
  const servers = new Set(batch.map(({ alert }) => alert.connectionId));
  const nameServers = options.serverCount > 1 || servers.size > 1;
  if (servers.size <= 1 || batch.length <= options.burstLimit) return batch.map((entry) => alertView(entry, nameServers));
  return [summaryOf(batch, servers.size, options.now)];
}

/** A connection's own news already names it ("Can't reach Work"). */
const namesItsServer = new Set<Alert['kind']>(['connection-lost', 'connection-restored', 'sign-in-again', 'token-expiring'] satisfies ConnectionAlertKind[]);

/** An alert as it leaves the core: its item on its server, its server named when several are watched. */
export function alertView({ alert, serverName }: ServerAlert, nameServer: boolean): AlertView {
  const inTitle = nameServer && !namesItsServer.has(alert.kind);
  // The title names the server now: the body's own " · Work" would say it twice.
  const suffix = connectionSuffix(serverName);
  const sentence = inTitle && alert.body.endsWith(suffix) ? alert.body.slice(0, -suffix.length) : alert.body;
  // Where the OS shows a notification's second line, the item's own words (what to do when it fails) go there.
  const body = alert.detail === undefined ? sentence : `${sentence}\n${alert.detail}`;
  const view: AlertView = {
    id: alert.id,
    kind: alert.kind,
    severity: alert.severity,
    title: inTitle ? `${cleanName(serverName)} · ${alert.title}` : alert.title,
    body,
    connectionId: alert.connectionId,
  };
  if (alert.itemKey !== undefined) view.itemKey = serverItemKey(alert.connectionId, alert.itemKey);
  return view;
}

/** How many changes an alert stands for: a server's own summary stands for several. */
export function changesIn(alert: Alert): number {
  return alert.covers ?? 1;
}

function summaryOf(batch: readonly ServerAlert[], serverCount: number, now: number): AlertView {
  let severity: AlertSeverity = 'info';
  let changes = 0;
  for (const { alert } of batch) {
    severity = worseSeverity(severity, alert.severity);
    changes += changesIn(alert);
  }
  const allProblems = batch.every(({ alert }) => alert.severity !== 'info');
  const titles = batch.slice(0, titlesInSummary).map((entry) => alertView(entry, true).title);
  const more = batch.length > titlesInSummary ? ` and ${batch.length - titlesInSummary} more` : '';
  return {
    id: `servers|summary|${batch[0]?.alert.id ?? ''}|${now}`,
    kind: 'summary',
    severity,
    title: `${changes} ${allProblems ? 'problems' : 'changes'} on ${serverCount} servers`,
    body: `${titles.join('; ')}${more}.`,
  };
}
