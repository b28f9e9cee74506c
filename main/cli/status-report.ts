// What `vigil status` prints, and its exit code, from one snapshot (pure). Exit codes follow the
// monitoring-plugins convention: 0 all fine, 1 warning, 2 critical (3, cannot tell, is the caller's).
import { assessSnapshot, healthRank, itemAnnotations, itemDetail, itemId, itemName, type AssessOptions, type Health, type ItemAssessment } from '../core/health/index.ts';
import type { Snapshot } from '../core/model/snapshot.ts';

export type ReportLevel = 'ok' | 'warning' | 'critical';

export interface ReportRow {
  kind: ItemAssessment['kind'];
  id: string | undefined;
  name: string;
  health: Health;
  state: string;
  detail: string;
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

const kindOrder = { monitor: 0, heartbeat: 1, domain: 2 } as const;

function row(item: ItemAssessment, now: number): ReportRow {
  const annotations = Object.fromEntries(itemAnnotations(item).map((annotation) => [annotation.key, annotation.text]));
  return { kind: item.kind, id: itemId(item), name: itemName(item), health: item.health, state: item.state, detail: itemDetail(item, now), annotations };
}

/** "Status unknown" is a warning: Vigil cannot vouch for the item. */
function levelOf(health: Health): ReportLevel {
  return health === 'critical' ? 'critical' : health === 'ok' ? 'ok' : 'warning';
}

export function statusReport(snapshot: Snapshot, options: AssessOptions): StatusReport {
  const rows = assessSnapshot(snapshot, options)
    .map((item) => row(item, options.now))
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

/** Aligned text lines, worst first, then a one-line summary. */
export function formatStatusReport(report: StatusReport, connectionName: string): string {
  const width = Math.min(40, Math.max(4, ...report.rows.map((r) => r.name.length)));
  const lines = report.rows.map((r) => `${healthLabel[r.health].padEnd(8)}  ${r.kind.padEnd(9)}  ${r.name.padEnd(width)}  ${r.detail}`);
  const bad = report.rows.filter((r) => r.health !== 'ok').length;
  const summary =
    report.rows.length === 0
      ? `${connectionName}: nothing is watched yet.`
      : `${connectionName}: ${report.level.toUpperCase()} — ${bad === 0 ? 'all' : `${bad} of`} ${report.rows.length} items ${bad === 0 ? 'fine' : 'need attention'}.`;
  const issues = report.issues > 0 ? [`(${report.issues} part${report.issues === 1 ? '' : 's'} of the server's answer could not be read and were skipped.)`] : [];
  return [...lines, ...(lines.length ? [''] : []), summary, ...issues].join('\n');
}
