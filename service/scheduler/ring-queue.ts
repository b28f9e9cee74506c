// A FIFO on a growable circular buffer: shift is O(1), unlike Array.prototype.shift on a long array.

export class RingQueue<T> {
  #slots: (T | undefined)[] = new Array<T | undefined>(16);
  #head = 0;
  #size = 0;

  get size(): number {
    return this.#size;
  }

  push(item: T): void {
    if (this.#size === this.#slots.length) this.#grow();
    this.#slots[(this.#head + this.#size) & (this.#slots.length - 1)] = item;
    this.#size += 1;
  }

  shift(): T | undefined {
    if (this.#size === 0) return undefined;
    const item = this.#slots[this.#head];
    this.#slots[this.#head] = undefined;
    this.#head = (this.#head + 1) & (this.#slots.length - 1);
    this.#size -= 1;
    return item;
  }

  /** Doubles the capacity, which stays a power of two so indexes wrap with a mask. */
  #grow(): void {
    const slots = new Array<T | undefined>(this.#slots.length * 2);
    for (let offset = 0; offset < this.#size; offset += 1) {
      slots[offset] = this.#slots[(this.#head + offset) & (this.#slots.length - 1)];
    }
    this.#slots = slots;
    this.#head = 0;
  }
}
