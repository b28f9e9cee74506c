// Uptime over 24 hours, 7, 30 and 90 days: up ÷ (up + down) over the time that was watched, with the time nobody
// watched and the time in maintenance said apart (neither counted), and whose record each figure is.
import { isHistoryWindow } from '../../../common/api/index.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import type { UptimeView } from '../../../common/ipc/history.ts';
import { uptimeText } from '../../format/uptime.ts';
import { windowNames } from './item-page-model.ts';

function windowName(name: string): string {
  return isHistoryWindow(name) ? windowNames[name].long : name;
}

export function UptimeFigures({ uptime }: { uptime: readonly UptimeView[] }) {
  return (
    <section className="item-section" aria-labelledby="uptime-title">
      <h2 id="uptime-title">Uptime</h2>
      <ul className="uptime-figures">
        {uptime.map((figure) => {
          const text = uptimeText(figure.uptime);
          return (
            <li key={figure.window} className="uptime-figure">
              <span className="uptime-window">Past {windowName(figure.window)}</span>
              <strong className="uptime-value">{text ?? 'Not observed'}</strong>
              {figure.unknownSeconds >= 60 && <span className="uptime-note">Not watched for {formatDuration(figure.unknownSeconds * 1000, 'elapsed')}, not counted.</span>}
              {figure.maintenanceSeconds >= 60 && <span className="uptime-note">{formatDuration(figure.maintenanceSeconds * 1000, 'elapsed')} in maintenance, not counted.</span>}
              {figure.source === 'client' && <span className="uptime-note uptime-source">Vigil’s own record</span>}
            </li>
          );
        })}
      </ul>
      {uptime.some((figure) => figure.source === 'client') && (
        <p className="field-hint">Vigil’s own record counts only the time this app was running and could reach the server; the server keeps no history of its own for these.</p>
      )}
    </section>
  );
}
