// An item's state in a list or on its page: in maintenance, the calm maintenance badge instead of a problem (the
// state still said to screen readers); otherwise its health badge, naming the cause when what it depends on is
// down ("Down (Router down)"), and "· flapping" (drawn dashed) while it changes too often to alert on each change.
import { useMemo } from 'react';
import type { Health, StatusItemView } from '../../common/ipc/views.ts';
import { fittedColumnWidth } from './column-fit.ts';
import { HealthBadge } from './health-badge.tsx';
import { MaintenanceBadge, maintenanceLines } from '../views/maintenance/maintenance-badge.tsx';

export type CalmJudgement = Pick<StatusItemView, 'maintenance' | 'cause' | 'flapping'>;

export interface StatusBadgesProps {
  health: Health;
  /** The state in a word or a phrase: "Down", "Late", "Expires in 5 days". */
  label: string;
  judgement: CalmJudgement;
}

/** "Down (Router down)": the parent's name, when the core says it is why. */
function withCause(label: string, cause: CalmJudgement['cause']): string {
  return cause === undefined ? label : `${label} (${cause.name} down)`;
}

export function StatusBadges({ health, label, judgement }: StatusBadgesProps) {
  if (judgement.maintenance !== undefined) {
    return (
      <span className="status-badges">
        <MaintenanceBadge until={judgement.maintenance.until} />
        <span className="visually-hidden">, {label}</span>
      </span>
    );
  }
  if (judgement.cause === undefined && judgement.flapping !== true) return <HealthBadge health={health} label={label} />;
  // One badge, so a narrow list's cell wraps it as one (and cuts it after two lines, its whole text in its title).
  // Flapping draws it dashed; beside a cause the word would make it four lines in a list, so there it is said to
  // screen readers only (the dashes still show it).
  const flapping = judgement.flapping === true;
  const text = withCause(label, judgement.cause);
  return (
    <span className="status-badges">
      <span className={`badge badge-${health}${flapping ? ' badge-flapping' : ''}`} title={flapping ? `${text} · flapping` : text}>
        {text}
        {flapping && (judgement.cause === undefined ? ' · flapping' : <span className="visually-hidden"> · flapping</span>)}
      </span>
    </span>
  );
}

/** A badge's own padding, left and right (`.badge`), and its text's size and weight. */
const badgePadding = 16;
const badgeTextSize = 12;
const badgeTextWeight = 600;
/** Room for "Down (Router" on a line of a cause's badge, wrapped over two lines. */
const causeWidth = 120;
/** Beyond this a badge wraps further and is cut, its whole text in its title: the lists have no more to spare. */
const widestStatus = 148;

/**
 * The status column's width: `usual` while no row says more than a word; else room for "Maintenance / until 10:58 PM"
 * on two lines (the time as this locale writes it) or a cause over two, never a third (`.status-badges` cuts it).
 */
export function useStatusColumnWidth(rows: readonly CalmJudgement[], usual: number): number {
  return useMemo(() => {
    const lines = new Set<string>();
    let anySaysMore = false;
    const now = Date.now();
    for (const row of rows) {
      if (row.maintenance !== undefined) maintenanceLines(row.maintenance.until, now).forEach((line) => lines.add(line));
      anySaysMore ||= row.maintenance !== undefined || row.cause !== undefined || row.flapping === true;
    }
    if (!anySaysMore) return usual;
    const maintenanceWidth = lines.size === 0 ? 0 : fittedColumnWidth(lines, 0, badgeTextWeight, badgeTextSize) + badgePadding;
    return Math.min(widestStatus, Math.max(usual, causeWidth, maintenanceWidth));
  }, [rows, usual]);
}
