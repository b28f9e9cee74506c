// Since when an item's current state holds ("down for 12 min"), from the best witness (pure): the server's own
// `status_since` on a monitor; a heartbeat's pings (or the end of its failed run) and a domain's expiry date, which
// say when it became late, failed or expiring; else Vigil's record, which knows a change exactly only when it saw it
// happen while watching.
import { dateTimeToEpochMs } from '../../../common/api/index.ts';
import { largestThreshold, utcDay, type ItemAssessment } from '../health/index.ts';

const msPerDay = 86_400_000;

export interface ItemSince {
  since: number;
  /** The state began before Vigil saw it begin: `since` is when it was first seen ("for at least 2 h"). */
  lowerBound: boolean;
}

/** What the record says of an item's current state. */
export interface RecordedSince {
  state: string;
  /** When the poll that first saw this state ran. */
  since: number;
  /** The start of the stretch of watching it was last seen in: a change seen at that start may be older. */
  watchStart: number;
}

export function itemSince(item: ItemAssessment, recorded: RecordedSince | undefined, now: number, thresholds: readonly number[]): ItemSince | undefined {
  const own = fromOwnData(item, now, thresholds);
  if (own !== undefined) return { since: own, lowerBound: false };
  if (recorded === undefined || recorded.state !== item.state) return undefined;
  return recorded.since > recorded.watchStart ? { since: recorded.since, lowerBound: false } : { since: recorded.watchStart, lowerBound: true };
}

function fromOwnData(item: ItemAssessment, now: number, thresholds: readonly number[]): number | undefined {
  switch (item.kind) {
    case 'monitor':
      return item.monitor.status_since === undefined ? undefined : dateTimeToEpochMs(item.monitor.status_since);
    case 'heartbeat':
      if (item.state === 'late') return item.timing.lateAfter;
      if (item.state === 'failed') return item.timing.failedAt;
      return item.state === 'down' ? item.timing.downAfter : undefined;
    case 'domain': {
      if (item.daysLeft === undefined) return undefined;
      const expiryDay = utcDay(now) + item.daysLeft;
      if (item.state === 'expired') return (expiryDay + 1) * msPerDay;
      const largest = largestThreshold(thresholds);
      return item.state === 'expiring' && largest !== undefined ? (expiryDay - largest) * msPerDay : undefined;
    }
  }
}
