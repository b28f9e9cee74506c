// How long an item's judgement and its words hold (pure). A status built at one time is kept for a server without
// news; only its items whose judgement or words move with the clock by then are judged and described again.
import { nextElapsedChange } from '../../../common/format/duration.ts';
import type { ItemAssessment } from './assess.ts';
import { utcDay } from './domain-health.ts';

const MS_PER_DAY = 86_400_000;

/**
 * The instant before which the item, judged and described at `now` (`itemDetail`, `itemSince`), reads the same: a
 * monitor's never moves with the clock; a heartbeat's moves when it turns late or down and when "last ping 40 s ago"
 * next turns a second, a minute or (days on) an hour; a domain's days left move at the next UTC midnight. It may come before the words
 * actually change, never after.
 */
export function judgedUntil(item: ItemAssessment, now: number): number {
  switch (item.kind) {
    case 'monitor':
      return Number.POSITIVE_INFINITY;
    case 'heartbeat': {
      const { lateAfter, downAfter, lastPingAt } = item.timing;
      let until = Number.POSITIVE_INFINITY;
      // A heartbeat is late once the time is past `lateAfter` (heartbeat-health.ts), so one millisecond after it.
      for (const boundary of [lateAfter, downAfter]) if (boundary !== undefined && boundary >= now) until = Math.min(until, boundary + 1);
      return lastPingAt === undefined ? until : Math.min(until, lastPingAt + nextElapsedChange(now - lastPingAt));
    }
    case 'domain':
      return item.daysLeft === undefined ? Number.POSITIVE_INFINITY : (utcDay(now) + 1) * MS_PER_DAY;
  }
}
