// "Maintenance until 15:42": a calm badge of its own colour (not a health's), following the clock so the day part
// appears once the end is not today.
import { formatClockTime } from '../../../common/format/clock-time.ts';
import { useNow } from '../../state/now-store.ts';

export function MaintenanceBadge({ until }: { until: number | undefined }) {
  const now = useNow((state) => state.now);
  return <span className="badge badge-maintenance">{until === undefined ? 'In maintenance' : `Maintenance until ${formatClockTime(until, now)}`}</span>;
}
