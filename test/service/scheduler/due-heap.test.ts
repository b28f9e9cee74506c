import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DueHeap, type HeapItem } from '../../../service/scheduler/due-heap.ts';

interface Item extends HeapItem {
  id: number;
}

const item = (id: number, dueAt: number): Item => ({ id, dueAt, heapIndex: -1 });

function drain(heap: DueHeap<Item>): number[] {
  const order: number[] = [];
  for (let top = heap.peek(); top !== undefined; top = heap.peek()) {
    order.push(top.dueAt);
    heap.remove(top);
  }
  return order;
}

describe('DueHeap', () => {
  it('yields items in due order and tracks their positions', () => {
    const heap = new DueHeap<Item>();
    const items = [5, 3, 9, 1, 7].map((dueAt, id) => item(id, dueAt));
    for (const each of items) heap.push(each);
    expect(heap.size).toBe(5);
    expect(heap.peek()?.dueAt).toBe(1);
    expect(drain(heap)).toEqual([1, 3, 5, 7, 9]);
    expect(items.every((each) => each.heapIndex === -1)).toBe(true);
  });

  it('ignores removing an item that is not in it', () => {
    const heap = new DueHeap<Item>();
    heap.push(item(1, 1));
    heap.remove(item(2, 1));
    expect(heap.size).toBe(1);
  });

  it('keeps order through any mix of push, remove, re-key and reorderAll', () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), dueAt: fc.integer({ min: 0, max: 1_000 }) }),
      fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), dueAt: fc.integer({ min: 0, max: 1_000 }) }),
      fc.record({ kind: fc.constant('reorder' as const), pick: fc.nat(), dueAt: fc.integer({ min: 0, max: 1_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const heap = new DueHeap<Item>();
        const live: Item[] = [];
        operations.forEach((op, id) => {
          const chosen = live.length === 0 || op.kind === 'push' ? undefined : live[op.pick % live.length];
          if (op.kind === 'push') {
            const added = item(id, op.dueAt);
            live.push(added);
            heap.push(added);
          } else if (chosen !== undefined && op.kind === 'remove') {
            live.splice(live.indexOf(chosen), 1);
            heap.remove(chosen);
          } else if (chosen !== undefined && op.kind === 'update') {
            chosen.dueAt = op.dueAt;
            heap.update(chosen);
          } else if (chosen !== undefined && op.kind === 'reorder') {
            chosen.dueAt = op.dueAt;
            heap.reorderAll();
          }
          expect(heap.peek()?.dueAt).toBe(live.length === 0 ? undefined : Math.min(...live.map((each) => each.dueAt)));
        });
        expect(drain(heap)).toEqual(live.map((each) => each.dueAt).sort((a, b) => a - b));
      }),
    );
  });
});
