import { describe, expect, it } from 'vitest';
import { LookupSlots } from '../../../service/domains/lookup-slots.ts';

describe('LookupSlots', () => {
  it('hands out at most its size, urgent waiters first, the rest in order', async () => {
    const slots = new LookupSlots(2);
    const order: string[] = [];
    const take = (name: string, urgent = false) => slots.acquire(urgent).then((granted) => granted && order.push(name));

    const held = [take('a'), take('b')];
    const waiting = [take('c'), take('d'), take('urgent', true)];
    await Promise.all(held);
    expect(order).toEqual(['a', 'b']);

    slots.release();
    slots.release();
    slots.release();
    await Promise.all(waiting);
    expect(order).toEqual(['a', 'b', 'urgent', 'c', 'd']);
  });

  it('turns waiters away when stopping', async () => {
    const slots = new LookupSlots(1);
    await slots.acquire(false);
    const waiter = slots.acquire(false);

    slots.turnAwayWaiting();

    await expect(waiter).resolves.toBe(false);
  });
});
