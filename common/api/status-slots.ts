// A status bar (the history extension's `slots`, docs/api-decisions.md §14): [from, to) cut into equal slots, one
// character each, oldest first — `d` when the item was down at any time in the slot (outside maintenance), else `m`
// when it was in maintenance for most of it, else `u` when it was up for most of it, else `-` (not observed for most
// of it). "Most of it" is of the part the item existed in (item-lifetime.ts): the slot it was created in is judged on
// its time since, and a slot wholly before it is `-`. One rule for the service's answers and the client's own record
// (main/core/history/slots.ts). Reused across the items of one answer: `reset` (with the item's creation), `add` each
// observed stretch and `addMaintenance` each stretch of maintenance, then `text`.
import { livedSlotWidths } from './item-lifetime.ts';

const codes = { down: 0x64, maintenance: 0x6d, up: 0x75, none: 0x2d } as const;

export class StatusSlots {
  readonly #from: number;
  readonly #to: number;
  readonly #count: number;
  readonly #width: number;
  readonly #down: Uint8Array;
  readonly #upMs: Float64Array;
  readonly #maintenanceMs: Float64Array;
  /** Each slot's part after the item's creation, in ms: `#wholeMs` for an item older than the window, else
   * `#youngMs`, filled for it. */
  #livedMs: Float64Array;
  readonly #wholeMs: Float64Array;
  readonly #youngMs: Float64Array;

  constructor(from: number, to: number, count: number) {
    this.#from = from;
    this.#to = to;
    this.#count = count;
    this.#width = (to - from) / Math.max(count, 1);
    this.#down = new Uint8Array(count);
    this.#upMs = new Float64Array(count);
    this.#maintenanceMs = new Float64Array(count);
    this.#wholeMs = livedSlotWidths({ from, to }, count, undefined);
    this.#youngMs = new Float64Array(this.#wholeMs.length);
    this.#livedMs = this.#wholeMs;
  }

  /** Empties the slots for the next item, created at `createdAt` (epoch ms; undefined or earlier: before the window). */
  reset(createdAt?: number): void {
    this.#down.fill(0);
    this.#upMs.fill(0);
    this.#maintenanceMs.fill(0);
    this.#livedMs = createdAt === undefined ? this.#wholeMs : livedSlotWidths({ from: this.#from, to: this.#to }, this.#count, createdAt, this.#youngMs);
  }

  /** A stretch the item was up or down in (an arrow, so it can be handed on as a callback). */
  readonly add = (start: number, end: number, up: boolean): void => {
    this.#each(start, end, (slot, overlap) => {
      if (up) this.#upMs[slot] = (this.#upMs[slot] ?? 0) + overlap;
      else this.#down[slot] = 1;
    });
  };

  addMaintenance(start: number, end: number): void {
    this.#each(start, end, (slot, overlap) => (this.#maintenanceMs[slot] = (this.#maintenanceMs[slot] ?? 0) + overlap));
  }

  #each(start: number, end: number, visit: (slot: number, overlap: number) => void): void {
    if (end <= this.#from || start >= this.#to || this.#count === 0) return;
    const width = this.#width;
    for (let slot = this.#slotOf(start); slot <= this.#slotOf(end - 1e-6); slot++) {
      const overlap = Math.min(end, this.#from + (slot + 1) * width) - Math.max(start, this.#from + slot * width);
      if (overlap > 0) visit(slot, overlap);
    }
  }

  text(): string {
    const chars = new Array<number>(this.#count);
    for (let slot = 0; slot < this.#count; slot++) {
      const half = (this.#livedMs[slot] ?? 0) / 2;
      if (half === 0) chars[slot] = codes.none;
      else if (this.#down[slot]) chars[slot] = codes.down;
      else if ((this.#maintenanceMs[slot] ?? 0) > half) chars[slot] = codes.maintenance;
      else chars[slot] = (this.#upMs[slot] ?? 0) > half ? codes.up : codes.none;
    }
    return String.fromCharCode(...chars);
  }

  #slotOf(at: number): number {
    return Math.min(this.#count - 1, Math.max(0, Math.floor((at - this.#from) / this.#width)));
  }
}
