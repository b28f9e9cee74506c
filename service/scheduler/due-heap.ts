// A binary min-heap on dueAt. Items remember their own index, so removing or re-keying one is O(log n).

export interface HeapItem {
  dueAt: number;
  /** Position in the heap, or -1 when not in it; maintained by the heap. */
  heapIndex: number;
}

export class DueHeap<T extends HeapItem> {
  readonly #items: T[] = [];

  get size(): number {
    return this.#items.length;
  }

  /** The item due first. */
  peek(): T | undefined {
    return this.#items[0];
  }

  push(item: T): void {
    this.#items.push(item);
    this.#siftUp(this.#items.length - 1);
  }

  remove(item: T): void {
    const index = item.heapIndex;
    if (this.#items[index] !== item) return;
    item.heapIndex = -1;
    const last = this.#items.pop();
    if (last === undefined || last === item) return;
    this.#items[index] = last;
    this.#siftUp(index);
    this.#siftDown(last.heapIndex);
  }

  /** Restores order after the item's dueAt changed. */
  update(item: T): void {
    this.#siftUp(item.heapIndex);
    this.#siftDown(item.heapIndex);
  }

  /** Restores order in O(n) after many items' dueAt changed at once. */
  reorderAll(): void {
    for (let index = (this.#items.length >> 1) - 1; index >= 0; index -= 1) this.#siftDown(index);
  }

  #siftUp(start: number): void {
    const items = this.#items;
    const item = items[start];
    if (item === undefined) return;
    let index = start;
    while (index > 0) {
      const parentIndex = (index - 1) >> 1;
      const parent = items[parentIndex];
      if (parent === undefined || parent.dueAt <= item.dueAt) break;
      items[index] = parent;
      parent.heapIndex = index;
      index = parentIndex;
    }
    items[index] = item;
    item.heapIndex = index;
  }

  #siftDown(start: number): void {
    const items = this.#items;
    const item = items[start];
    if (item === undefined) return;
    let index = start;
    for (;;) {
      const leftIndex = 2 * index + 1;
      const left = items[leftIndex];
      if (left === undefined) break;
      const right = items[leftIndex + 1];
      const useRight = right !== undefined && right.dueAt < left.dueAt;
      const child = useRight ? right : left;
      if (child.dueAt >= item.dueAt) break;
      items[index] = child;
      child.heapIndex = index;
      index = useRight ? leftIndex + 1 : leftIndex;
    }
    items[index] = item;
    item.heapIndex = index;
  }
}
