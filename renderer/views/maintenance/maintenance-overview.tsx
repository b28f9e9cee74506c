// The overview's maintenance: a calm banner while windows hold ("In maintenance until 15:42 — End now", one line
// per window), then the windows still to come, each with "Cancel". Nothing at all when there are none.
import { useMemo } from 'react';
import type { MaintenanceView } from '../../../common/ipc/alerting.ts';
import { MaintenanceWindowList } from './maintenance-window-list.tsx';
import { formatClockTime } from '../../../common/format/clock-time.ts';
import { useNow } from '../../state/now-store.ts';

function splitByActive(windows: readonly MaintenanceView[]): { active: MaintenanceView[]; upcoming: MaintenanceView[] } {
  return { active: windows.filter((window) => window.active), upcoming: windows.filter((window) => !window.active) };
}

/** The latest end of what holds now: "until 15:42", or none when any holds until ended (a source's, while it says so). */
function headline(active: readonly MaintenanceView[], now: number): string {
  const open = active.filter((window) => window.endsAt === undefined);
  if (open.length > 0) return open.every((window) => window.keptBy === 'source') ? 'In maintenance, as its source says' : 'In maintenance until you end it';
  const ends = active.map((window) => window.endsAt);
  return `In maintenance until ${formatClockTime(Math.max(...(ends as number[])), now)}`;
}

export function MaintenanceOverview({ windows }: { windows: readonly MaintenanceView[] }) {
  const now = useNow((state) => state.now);
  const { active, upcoming } = useMemo(() => splitByActive(windows), [windows]);
  if (windows.length === 0) return null;
  return (
    <>
      {active.length > 0 && (
        <section className="maintenance-banner" aria-labelledby="maintenance-now-title">
          <h2 id="maintenance-now-title" className="maintenance-banner-title">
            {headline(active, now)}
          </h2>
          <p className="field-hint">No alerts about what is in maintenance, and it does not count as a problem.</p>
          <MaintenanceWindowList label="In maintenance now" windows={active} />
        </section>
      )}
      {upcoming.length > 0 && (
        <section className="overview-section" aria-labelledby="maintenance-upcoming-title">
          <h2 id="maintenance-upcoming-title">Upcoming maintenance ({upcoming.length})</h2>
          <MaintenanceWindowList label="Upcoming maintenance" windows={upcoming} />
        </section>
      )}
    </>
  );
}
