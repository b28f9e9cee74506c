// How long an item's state has held, from `since` (pure): "12 min", "at least 2 h"; and as a sentence, "Down for
// 12 min", "Late by 2 h", "Failed 3 h ago", "Up for at least 3 d". A state that began before Vigil first saw it has
// only a lower bound, and says so.
import { formatDuration } from '../../common/format/duration.ts';
import { stateLabel } from './state-label.ts';

/** "12 min", "at least 2 h"; undefined when the start is not known. */
export function heldFor(since: number | undefined, sinceIsLowerBound: boolean | undefined, now: number): string | undefined {
  if (since === undefined) return undefined;
  const held = formatDuration(Math.max(0, now - since), 'elapsed');
  return sinceIsLowerBound === true ? `at least ${held}` : held;
}

/** "Down for 12 min", "Late by 2 h"; the state alone ("Down") when its start is not known. */
export function stateSentence(state: string, since: number | undefined, sinceIsLowerBound: boolean | undefined, now: number): string {
  const held = heldFor(since, sinceIsLowerBound, now);
  if (held === undefined) return stateLabel(state);
  // A late heartbeat's state began at the deadline it missed: how late it is. A failed one's at the failing run's end.
  if (state === 'late') return `Late by ${held}`;
  return state === 'failed' ? `Failed ${held} ago` : `${stateLabel(state)} for ${held}`;
}
