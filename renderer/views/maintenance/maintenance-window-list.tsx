// Maintenance windows, one line each: what it covers, when, why, and who keeps it (a window Vigil keeps says that
// the server's own email and webhooks do not know of it); an active one can be ended now, an upcoming one
// cancelled — both end it (endMaintenance by id). Ending a weekly window ends every later week too, so its button
// says so ("Stop repeating").
import type { MaintenanceView } from '../../../common/ipc/alerting.ts';
import { coverageText, keptByText, untilText, whenText } from './maintenance-text.ts';
import { endMaintenance } from './maintenance-actions.ts';
import { useNow } from '../../state/now-store.ts';

export interface MaintenanceWindowListProps {
  /** "Upcoming maintenance". */
  label: string;
  windows: readonly MaintenanceView[];
}

export function MaintenanceWindowList({ label, windows }: MaintenanceWindowListProps) {
  const now = useNow((state) => state.now);
  return (
    <ul className="maintenance-windows" aria-label={label}>
      {windows.map((window) => {
        const covers = coverageText(window);
        return (
          <li key={window.id} className="maintenance-window">
            <div>
              <strong>{covers}</strong> <span>{window.active && window.repeat === undefined ? untilText(window.endsAt, now, window.keptBy) : whenText(window, now)}</span>
              {window.reason !== undefined && <span className="maintenance-reason"> · {window.reason}</span>}
              <p className={window.keptBy === 'vigil' ? 'field-hint maintenance-kept-by-vigil' : 'field-hint'}>{keptByText(window.keptBy)}</p>
            </div>
            {window.keptBy === 'source' ? null : window.repeat !== undefined ? (
              <button type="button" className="button button-small" aria-label={`Stop the weekly maintenance on ${covers}`} onClick={() => void endMaintenance({ id: window.id }, covers, `The weekly maintenance on ${covers} no longer repeats.`)}>
                Stop repeating
              </button>
            ) : window.active ? (
              <button type="button" className="button button-small" aria-label={`End maintenance on ${covers} now`} onClick={() => void endMaintenance({ id: window.id }, covers, `Maintenance on ${covers} ended.`)}>
                End now
              </button>
            ) : (
              <button type="button" className="button button-small" aria-label={`Cancel maintenance on ${covers}`} onClick={() => void endMaintenance({ id: window.id }, covers, `Maintenance on ${covers} cancelled.`)}>
                Cancel
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
