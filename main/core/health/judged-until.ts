// How long an item's judgement and its words hold (pure). A status built at one time is kept for a server without
// news; only its items whose judgement or words move with the clock by then are judged and described again.
import { nextElapsedChange } from '../../../common/format/duration.ts';
import type { ItemAssessment } from './assess.ts';
import { utcDay } from './domain-health.ts';

const MS_PER_DAY = 86_400_000;

/** When words saying how long ago `since` was ("3 h ago") next read otherwise. */
function elapsedChange(since: number | undefined, now: number): number {
  return since === undefined ? Number.POSITIVE_INFINITY : since + nextElapsedChange(now - since);
}

/**
 * The instant before which the item, judged and described at `now` (`itemDetail`, `itemSince`), reads the same: a
 * monitor's never moves with the clock; a heartbeat's moves when it turns late or down (an open run: when it outruns
 * its limit) and when "last ping 40 s ago", "Running for 2 h" or "Failed 3 h ago" next turns a second, a minute or
 * (days on) an hour; a domain's days left move at the next UTC midnight. It may come before the words actually
 * change, never after.
 */
export function judgedUntil(item: ItemAssessment, now: number): number {
  switch (item.kind) {
    case 'monitor':
      return Number.POSITIVE_INFINITY;
    case 'heartbeat': {
      const { state, lateAfter, downAfter, lastPingAt, runStartedAt, runningSince, failedAt } = item.timing;
      let until = Number.POSITIVE_INFINITY;
      // A heartbeat is late once the time is past `lateAfter` (heartbeat-health.ts), so one millisecond after it; for
      // an open run with a time limit, `lateAfter` is that limit.
      for (const boundary of [lateAfter, downAfter]) if (boundary !== undefined && boundary >= now) until = Math.min(until, boundary + 1);
      // The words that count time since something: "last ping 40 s ago", "Running for 12 min" (on time), "Running for
      // 2 h 10 min, limit 2 h" (overran), "Failed 3 h ago".
      until = Math.min(until, elapsedChange(lastPingAt, now));
      if (state === 'failed') return Math.min(until, elapsedChange(failedAt, now));
      return Math.min(until, elapsedChange(state === 'late' || state === 'down' ? runStartedAt : runningSince, now));
    }
    case 'domain':
      return item.daysLeft === undefined ? Number.POSITIVE_INFINITY : (utcDay(now) + 1) * MS_PER_DAY;
    case 'source':
      // Its words are its source's, read afresh at each poll.
      return Number.POSITIVE_INFINITY;
  }
}
