// The list's status bar: [from, to) cut into equal slots, one character each, oldest first — `d` when the monitor
// was down at any time in the slot, else `u` when it was up for most of it, else `-` (not observed for most of it).
// Reused across the monitors of one answer: `reset`, `add` each observed stretch, then `text`.
const codes = { down: 0x64, up: 0x75, none: 0x2d } as const;

export class StatusSlots {
  readonly #from: number;
  readonly #to: number;
  readonly #count: number;
  readonly #width: number;
  readonly #down: Uint8Array;
  readonly #upMs: Float64Array;

  constructor(from: number, to: number, count: number) {
    this.#from = from;
    this.#to = to;
    this.#count = count;
    this.#width = (to - from) / Math.max(count, 1);
    this.#down = new Uint8Array(count);
    this.#upMs = new Float64Array(count);
  }

  reset(): void {
    this.#down.fill(0);
    this.#upMs.fill(0);
  }

  readonly add = (start: number, end: number, up: boolean): void => {
    if (end <= this.#from || start >= this.#to || this.#count === 0) return;
    const width = this.#width;
    for (let slot = this.#slotOf(start); slot <= this.#slotOf(end - 1e-6); slot++) {
      const overlap = Math.min(end, this.#from + (slot + 1) * width) - Math.max(start, this.#from + slot * width);
      if (overlap <= 0) continue;
      if (up) this.#upMs[slot] = (this.#upMs[slot] ?? 0) + overlap;
      else this.#down[slot] = 1;
    }
  };

  text(): string {
    const chars = new Array<number>(this.#count);
    for (let slot = 0; slot < this.#count; slot++) {
      chars[slot] = this.#down[slot] ? codes.down : (this.#upMs[slot] ?? 0) > this.#width / 2 ? codes.up : codes.none;
    }
    return String.fromCharCode(...chars);
  }

  #slotOf(at: number): number {
    return Math.min(this.#count - 1, Math.max(0, Math.floor((at - this.#from) / this.#width)));
  }
}
