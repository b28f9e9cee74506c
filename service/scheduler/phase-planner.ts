// Where in its period each job runs. Time is cut, per period, into slots of one second counted from the Unix epoch
// (periods over a day get 86,400 equal slots), and a job placed takes a least-loaded slot of its own period, at a
// random point inside it. Only jobs of the same period count: periods of different lengths drift through each other's
// slots (a 30 s job meets a 70 s one only every 210 s), so no one grid fits them all, but a period whose jobs are
// spread evenly adds the same load to every second of the clock, whatever the other periods do. So each second
// carries at most one check more than the mean per period in use, when nothing is ever removed; removals leave gaps
// that the next jobs placed fill first.
import { SlotLoads } from './slot-loads.ts';

/** A job's place in its period: it runs at the times t with t ≡ offsetMs (mod periodMs). */
export interface Phase {
  readonly periodMs: number;
  readonly slot: number;
  /** Milliseconds into the period, counted from the Unix epoch; in [0, periodMs). */
  readonly offsetMs: number;
}

const slotMs = 1_000;
/** A daily period's seconds; longer periods get this many longer slots, so a tree never grows deeper than 17. */
const maxSlots = 86_400;

export function slotsIn(periodMs: number): number {
  return Math.min(maxSlots, Math.max(1, Math.round(periodMs / slotMs)));
}

/** The first time at or after `notBefore` that the phase comes round. */
export function nextOccurrence(phase: Phase, notBefore: number): number {
  const ahead = (((phase.offsetMs - notBefore) % phase.periodMs) + phase.periodMs) % phase.periodMs;
  return notBefore + ahead;
}

export class PhasePlanner {
  readonly #random: () => number;
  /** Slot loads per period length; a period's are dropped when its last job goes. */
  readonly #periods = new Map<number, SlotLoads>();

  /** `random` returns [0, 1): it picks among equally loaded slots and the point inside the slot. */
  constructor(random: () => number) {
    this.#random = random;
  }

  /** Takes a least-loaded slot of the period: O(log slots). */
  place(periodMs: number): Phase {
    let loads = this.#periods.get(periodMs);
    if (loads === undefined) {
      loads = new SlotLoads(slotsIn(periodMs));
      this.#periods.set(periodMs, loads);
    }
    const { slot } = loads.leastLoaded(this.#random());
    loads.add(slot, 1);
    const width = periodMs / loads.size;
    // Whole milliseconds, so the due times of a job are exact and stay inside its slot's second.
    const offsetMs = Math.min(Math.floor(slot * width + this.#random() * width), Math.ceil(periodMs) - 1);
    return { periodMs, slot, offsetMs };
  }

  /** Frees the phase's slot (a job removed or replaced). */
  release(phase: Phase): void {
    const loads = this.#periods.get(phase.periodMs);
    if (loads === undefined) return;
    loads.add(phase.slot, -1);
    if (loads.placed === 0) this.#periods.delete(phase.periodMs);
  }
}
