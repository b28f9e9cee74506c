// How long an item has been in its state, as the tray menu says it ("down for 12 min", "late by 2 h"), pure. A
// heartbeat's lateness comes from its own pings; the rest from when the state began, "at least" when Vigil did not
// see it begin. A domain's entry keeps its detail: days left say more than a duration, and so do a failed run's exit
// code and a run's time limit.
import { formatDuration } from '../../../common/format/duration.ts';
import type { ItemAssessment } from '../health/index.ts';
import type { ItemSince } from '../history/item-since.ts';

export function durationPhrase(item: ItemAssessment, since: ItemSince | undefined, now: number): string | undefined {
  // A failed run's exit code and a run past its limit say more than a duration ("Running for 2 h 10 min, limit 2 h").
  if (item.kind === 'heartbeat' && item.state === 'failed') return undefined;
  if (item.kind === 'heartbeat' && (item.state === 'late' || item.state === 'down') && item.timing.lateAfter !== undefined) {
    return item.timing.runStartedAt === undefined ? `late by ${formatDuration(now - item.timing.lateAfter, 'elapsed')}` : undefined;
  }
  if (since === undefined || item.kind === 'domain') return undefined;
  return `${item.state} for ${since.lowerBound ? 'at least ' : ''}${formatDuration(now - since.since, 'elapsed')}`;
}
