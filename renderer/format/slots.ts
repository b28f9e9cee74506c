// The list's 24-hour status bars (pure): the slot string (`u` up, `d` down at some time, `-` not observed, one
// character per equal slot, oldest first) as runs to draw and as a sentence to read. A monitor created within the
// day has no history before its `firstSlot`: those slots are neither drawn nor counted.
import { formatDuration } from '../../common/format/duration.ts';

export type SlotState = 'up' | 'down' | 'gap';

export interface SlotRun {
  state: SlotState;
  /** Index of the first slot, and how many. */
  start: number;
  length: number;
}

const stateOfSlot = (slot: string): SlotState => (slot === 'u' ? 'up' : slot === 'd' ? 'down' : 'gap');

/** Consecutive slots of one state from `firstSlot` on, joined: a day that was up throughout is one run. */
export function slotRuns(slots: string, firstSlot = 0): SlotRun[] {
  const runs: SlotRun[] = [];
  for (let index = Math.max(0, firstSlot); index < slots.length; index += 1) {
    const state = stateOfSlot(slots.charAt(index));
    const last = runs.at(-1);
    if (last !== undefined && last.state === state) last.length += 1;
    else runs.push({ state, start: index, length: 1 });
  }
  return runs;
}

/** "Past 24 h in 30 min steps: 46 up, 1 down, 1 not watched."; "…steps, since it was created: 1 up." */
export function slotsSentence(slots: string, slotMs: number, firstSlot = 0): string {
  const counts = { up: 0, down: 0, gap: 0 };
  for (const slot of slots.slice(Math.max(0, firstSlot))) counts[stateOfSlot(slot)] += 1;
  const step = formatDuration(slotMs, 'elapsed');
  const parts = [`${counts.up} up`, `${counts.down} down`, `${counts.gap} not watched`].filter((part) => !part.startsWith('0 '));
  return `Past 24 h in ${step} steps${firstSlot > 0 ? ', since it was created' : ''}: ${parts.join(', ')}.`;
}
