import { describe, expect, it } from 'vitest';
import { RingQueue } from '../../../service/scheduler/ring-queue.ts';

describe('RingQueue', () => {
  it('is first in, first out across wrap-around and growth', () => {
    const queue = new RingQueue<number>();
    const expected: number[] = [];
    const taken: number[] = [];
    let next = 0;
    // Interleave so the head wraps before the buffer grows several times.
    for (let round = 0; round < 50; round += 1) {
      for (let push = 0; push < 7; push += 1) {
        queue.push(next);
        expected.push(next);
        next += 1;
      }
      for (let take = 0; take < 5; take += 1) taken.push(queue.shift() ?? -1);
    }
    while (queue.size > 0) taken.push(queue.shift() ?? -1);
    expect(taken).toEqual(expected);
    expect(queue.shift()).toBeUndefined();
  });
});
