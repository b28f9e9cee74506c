// What `vigil status` prints, and its exit code, from one snapshot (pure). Exit codes follow the
// monitoring-plugins convention: 0 all fine, 1 warning, 2 critical (3, cannot tell, is the caller's).
import { isAcknowledgeable } from '../core/alerts/index.ts';
import { assessSnapshot, healthRank, itemAnnotations, itemDetail, itemId, itemName, type AssessOptions, type Health, type ItemAssessment } from '../core/health/index.ts';
import type { Snapshot } from '../core/model/snapshot.ts';
import type { SourceItemKind } from '../../common/ipc/connection-kinds.ts';
import type { ItemKind } from '../../common/ipc/item-key.ts';

export type ReportLevel = 'ok' | 'warning' | 'critical';

export interface ReportRow {
  /** What the item is: a monitor, heartbeat or domain of a Vigil server, or what a source calls it (its monitors and
   * heartbeats, a status page's components, Alertmanager's alerts). */
  kind: Exclude<ItemKind, 'source'> | SourceItemKind;
  id: string | undefined;
  name: string;
  health: Health;
  /** The state in a word, or `acknowledged` for a problem a person acknowledged (its health still says how bad). */
  state: string;
  detail: string;
  /** Epoch ms a person acknowledged this problem. */
  acknowledgedAt?: number;
  /** The item's annotations (its notes), by field: the JSON row carries them. */
  annotations: Record<string, string>;
}

export interface StatusReport {
  level: ReportLevel;
  exitCode: 0 | 1 | 2;
  monitors: ReportRow[];
  heartbeats: ReportRow[];
  domains: ReportRow[];
  /** Every row, worst first. */
  rows: ReportRow[];
  /** What the server sent that could not be used. */
  issues: number;
}

const kindOrder = { monitor: 0, heartbeat: 1, domain: 2, component: 3, alert: 4 } as const;

function row(item: ItemAssessment, now: number, acknowledged: ReadonlyMap<string, number>): ReportRow {
  const annotations = Object.fromEntries(itemAnnotations(item).map((annotation) => [annotation.key, annotation.text]));
  const reported: ReportRow = { kind: item.kind === 'source' ? item.item.kind : item.kind, id: itemId(item), name: itemName(item), health: item.health, state: item.state, detail: itemDetail(item, now), annotations };
  const acknowledgedAt = isAcknowledgeable(item.health) ? acknowledged.get(item.key) : undefined;
  return acknowledgedAt === undefined ? reported : { ...reported, state: 'acknowledged', acknowledgedAt };
}

const noAcknowledgements: ReadonlyMap<string, number> = new Map();

/** "Status unknown" is a warning: Vigil cannot vouch for the item. */
function levelOf(health: Health): ReportLevel {
  return health === 'critical' ? 'critical' : health === 'ok' ? 'ok' : 'warning';
}

/** `acknowledged`: the server's acknowledged items by its own item keys (`acknowledgementsOn`); they keep their health,
 * so the exit code still says the problem is there. */
export function statusReport(snapshot: Snapshot, options: AssessOptions, acknowledged = noAcknowledgements): StatusReport {
  const rows = assessSnapshot(snapshot, options)
    .map((item) => row(item, options.now, acknowledged))
    .sort((a, b) => healthRank(a.health) - healthRank(b.health) || kindOrder[a.kind] - kindOrder[b.kind] || a.name.localeCompare(b.name));
  const level = rows.reduce<ReportLevel>((worst, r) => {
    const l = levelOf(r.health);
    return l === 'critical' || worst === 'critical' ? 'critical' : l === 'warning' || worst === 'warning' ? 'warning' : 'ok';
  }, 'ok');
  return {
    level,
    exitCode: level === 'critical' ? 2 : level === 'warning' ? 1 : 0,
    monitors: rows.filter((r) => r.kind === 'monitor'),
    heartbeats: rows.filter((r) => r.kind === 'heartbeat'),
    domains: rows.filter((r) => r.kind === 'domain'),
    rows,
    issues: snapshot.issues.length,
  };
}

const healthLabel: Record<Health, string> = { critical: 'CRITICAL', warning: 'WARNING', unknown: 'UNKNOWN', ok: 'OK' };

/** A time as the window writes it ("10:42"), for an acknowledged row. */
export type ClockText = (at: number) => string;

/** Aligned text lines, worst first, then a one-line summary. `clock` writes when a problem was acknowledged. */
export function formatStatusReport(report: StatusReport, connectionName: string, clock: ClockText = (at) => new Date(at).toISOString()): string {
  const width = Math.min(40, Math.max(4, ...report.rows.map((r) => r.name.length)));
  const acknowledged = (r: ReportRow) => (r.acknowledgedAt === undefined ? '' : ` (acknowledged ${clock(r.acknowledgedAt)})`);
  const lines = report.rows.map((r) => `${healthLabel[r.health].padEnd(8)}  ${r.kind.padEnd(9)}  ${r.name.padEnd(width)}  ${r.detail}${acknowledged(r)}`);
  const bad = report.rows.filter((r) => r.health !== 'ok').length;
  const known = report.rows.filter((r) => r.acknowledgedAt !== undefined).length;
  const summary =
    report.rows.length === 0
      ? `${connectionName}: nothing is watched yet.`
      : `${connectionName}: ${report.level.toUpperCase()} — ${bad === 0 ? 'all' : `${bad} of`} ${report.rows.length} items ${bad === 0 ? 'fine' : 'need attention'}${known === 0 ? '' : ` (${known} acknowledged)`}.`;
  const issues = report.issues > 0 ? [`(${report.issues} part${report.issues === 1 ? '' : 's'} of the server's answer could not be read and were skipped.)`] : [];
  return [...lines, ...(lines.length ? [''] : []), summary, ...issues].join('\n');
}
