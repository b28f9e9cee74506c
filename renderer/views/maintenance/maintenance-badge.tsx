// "Maintenance until 15:42": a calm badge of its own colour (not a health's), following the clock so the day part
// appears once the end is not today. In a list's narrow column it wraps after "Maintenance" and is cut after two
// lines, so its whole text is its title too.
import { formatClockTime } from '../../../common/format/clock-time.ts';
import { useNow } from '../../state/now-store.ts';

/** The badge's words as a list wraps them: "Maintenance", "until 15:42"; or "In maintenance" when it has no end. */
export function maintenanceLines(until: number | undefined, now: number): string[] {
  return until === undefined ? ['In maintenance'] : ['Maintenance', `until ${formatClockTime(until, now)}`];
}

export function MaintenanceBadge({ until }: { until: number | undefined }) {
  const now = useNow((state) => state.now);
  const text = maintenanceLines(until, now).join(' ');
  return (
    <span className="badge badge-maintenance" title={text}>
      {text}
    </span>
  );
}
