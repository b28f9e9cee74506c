// An item's state in a list or on its page: in maintenance, the calm maintenance badge instead of a problem (the
// state still said to screen readers); otherwise its health badge, naming the cause when what it depends on is
// down ("Down (Router down)"), and "· flapping" (drawn dashed) while it changes too often to alert on each change.
import { useMemo } from 'react';
import type { Health, StatusItemView } from '../../common/ipc/views.ts';
import { HealthBadge } from './health-badge.tsx';
import { MaintenanceBadge } from './maintenance/maintenance-badge.tsx';

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
  // One badge, so a narrow list's cell wraps it as one. Flapping draws it dashed; beside a cause the word would
  // make it four lines in a list, so there it is said to screen readers only (the dashes still show it).
  const flapping = judgement.flapping === true;
  return (
    <span className="status-badges">
      <span className={`badge badge-${health}${flapping ? ' badge-flapping' : ''}`}>
        {withCause(label, judgement.cause)}
        {flapping && (judgement.cause === undefined ? ' · flapping' : <span className="visually-hidden"> · flapping</span>)}
      </span>
    </span>
  );
}

/** Room for "Maintenance / until 15:42" on two lines only while a row needs it: the lists have none to spare. */
const wideWidth = 112;

export function useStatusColumnWidth(rows: readonly CalmJudgement[], usual: number): number {
  const anySaysMore = useMemo(() => rows.some((row) => row.maintenance !== undefined || row.cause !== undefined || row.flapping === true), [rows]);
  return anySaysMore ? Math.max(usual, wideWidth) : usual;
}
