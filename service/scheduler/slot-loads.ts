// How many jobs are placed in each slot of one period, with a least-loaded slot found in O(log slots). A segment
// tree kept sparse: a node is stored only while some slot under it holds a job, so memory follows the jobs placed
// (about log2(slots) nodes each at worst), not the slots (a daily period has 86,400 of them).

/** The least load under a node, and how many of its slots have it. */
interface SlotNode {
  min: number;
  count: number;
}

export interface LeastLoaded {
  slot: number;
  load: number;
}

export class SlotLoads {
  /** Slots in the period, numbered from 0. */
  readonly size: number;
  /** Node 1 covers every slot; node i's children are 2i (the lower half) and 2i + 1. Absent nodes hold no jobs. */
  readonly #nodes = new Map<number, SlotNode>();
  #placed = 0;

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a whole number of at least 1');
    this.size = size;
  }

  /** Jobs placed in all slots together. */
  get placed(): number {
    return this.#placed;
  }

  add(slot: number, delta: 1 | -1): void {
    if (!Number.isInteger(slot) || slot < 0 || slot >= this.size) throw new RangeError(`slot ${slot} is outside 0..${this.size - 1}`);
    if (delta < 0 && this.loadOf(slot) === 0) throw new RangeError(`slot ${slot} holds no job to take away`);
    this.#add(1, 0, this.size, slot, delta);
    this.#placed += delta;
  }

  loadOf(slot: number): number {
    let id = 1;
    let lo = 0;
    let hi = this.size;
    while (hi - lo > 1 && this.#nodes.has(id)) {
      const mid = (lo + hi) >>> 1;
      if (slot < mid) {
        id = 2 * id;
        hi = mid;
      } else {
        id = 2 * id + 1;
        lo = mid;
      }
    }
    return this.#nodes.get(id)?.min ?? 0;
  }

  /** The least load, and which of the slots that have it `pick` (in [0, 1)) selects, in slot order. */
  leastLoaded(pick: number): LeastLoaded {
    const load = this.#minOf(1);
    const count = this.#countOf(1, this.size);
    let rank = Math.min(count - 1, Math.floor(pick * count));
    let id = 1;
    let lo = 0;
    let hi = this.size;
    // Every node on the way down has the root's least load somewhere under it.
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      const leftCount = this.#minOf(2 * id) === load ? this.#countOf(2 * id, mid - lo) : 0;
      if (rank < leftCount) {
        id = 2 * id;
        hi = mid;
      } else {
        rank -= leftCount;
        id = 2 * id + 1;
        lo = mid;
      }
    }
    return { slot: lo, load };
  }

  #add(id: number, lo: number, hi: number, slot: number, delta: number): void {
    if (hi - lo === 1) {
      this.#put(id, this.#minOf(id) + delta, 1, 1);
      return;
    }
    const mid = (lo + hi) >>> 1;
    if (slot < mid) this.#add(2 * id, lo, mid, slot, delta);
    else this.#add(2 * id + 1, mid, hi, slot, delta);
    const leftMin = this.#minOf(2 * id);
    const rightMin = this.#minOf(2 * id + 1);
    const min = Math.min(leftMin, rightMin);
    const count = (leftMin === min ? this.#countOf(2 * id, mid - lo) : 0) + (rightMin === min ? this.#countOf(2 * id + 1, hi - mid) : 0);
    this.#put(id, min, count, hi - lo);
  }

  #minOf(id: number): number {
    return this.#nodes.get(id)?.min ?? 0;
  }

  #countOf(id: number, span: number): number {
    return this.#nodes.get(id)?.count ?? span;
  }

  /** Loads never go below 0, so a least load of 0 in every slot means no job under the node: it is dropped. */
  #put(id: number, min: number, count: number, span: number): void {
    if (min === 0 && count === span) {
      this.#nodes.delete(id);
      return;
    }
    const node = this.#nodes.get(id);
    if (node === undefined) {
      this.#nodes.set(id, { min, count });
    } else {
      node.min = min;
      node.count = count;
    }
  }
}
