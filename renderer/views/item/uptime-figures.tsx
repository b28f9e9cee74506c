// Uptime over 24 hours, 7, 30 and 90 days: up ÷ (up + down) over the time that was watched, with the time nobody
// watched and the time in maintenance said apart (neither counted), and whose record each figure is. A window longer
// than the item's life counts from its creation and says so ("since 13:38 (3 min)"); the time before is no part of
// it, and an item with no known status yet has no percentage.
import { isHistoryWindow } from '../../../common/api/index.ts';
import { formatDuration } from '../../../common/format/duration.ts';
import type { UptimeView } from '../../../common/ipc/history.ts';
import { creationText, noUptimeText, uptimeText } from '../../format/uptime.ts';
import { windowNames } from './item-page-model.ts';

function windowName(name: string): string {
  return isHistoryWindow(name) ? windowNames[name].long : name;
}

/** `now`: the moment the figures were summed, for the age of an item counted since its creation. */
export function UptimeFigures({ uptime, now }: { uptime: readonly UptimeView[]; now: number }) {
  return (
    <section className="item-section" aria-labelledby="uptime-title">
      <h2 id="uptime-title">Uptime</h2>
      <ul className="uptime-figures">
        {uptime.map((figure) => {
          const text = uptimeText(figure.uptime);
          return (
            <li key={figure.window} className="uptime-figure">
              <span className="uptime-window">Past {windowName(figure.window)}</span>
              <strong className={text === undefined ? 'uptime-value uptime-none' : 'uptime-value'}>{text ?? noUptimeText(figure.sinceCreation !== undefined)}</strong>
              {figure.sinceCreation !== undefined && <span className="uptime-note uptime-since">Counted since {creationText(figure.sinceCreation, now)}, when it was created.</span>}
              {/* With nothing up or down there is nothing the unwatched time was left out of. */}
              {text !== undefined && figure.unknownSeconds >= 60 && <span className="uptime-note">Not watched for {formatDuration(figure.unknownSeconds * 1000, 'elapsed')}, not counted.</span>}
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
