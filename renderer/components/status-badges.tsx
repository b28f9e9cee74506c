// An item's state in a list or on its page: in maintenance, the calm maintenance badge instead of a problem (the
// state still said to screen readers); otherwise its health badge, naming the cause when what it depends on is
// down ("Down (Router down)"), and "Flapping" beside it while it changes too often to alert on each change.
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
  const badge = <HealthBadge health={health} label={withCause(label, judgement.cause)} />;
  if (judgement.flapping !== true) return badge;
  return (
    <span className="status-badges">
      {badge}
      <span className="badge badge-flapping">Flapping</span>
    </span>
  );
}

/** Room for "Maintenance / until 15:42" on two lines only while a row needs it: the lists have none to spare. */
const maintenanceWidth = 118;

export function useStatusColumnWidth(rows: readonly CalmJudgement[], usual: number): number {
  const anyInMaintenance = useMemo(() => rows.some((row) => row.maintenance !== undefined), [rows]);
  return anyInMaintenance ? Math.max(usual, maintenanceWidth) : usual;
}
