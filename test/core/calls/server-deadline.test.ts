// A call over every server waits for each only so long, then takes that server's part from the record.
import { describe, expect, it } from 'vitest';
import { serverPartDeadlineMs, withinDeadline } from '../../../main/core/calls/server-deadline.ts';
import { manualClock } from '../../helpers/manual-clock.ts';

describe('withinDeadline', () => {
  it("gives the server's part when it comes in time, and stops waiting for it", async () => {
    const clock = manualClock();
    await expect(withinDeadline(clock, Promise.resolve('server'), async () => 'record')).resolves.toBe('server');
    // No timer is left behind to fire the fallback later.
    expect(clock.fireNext(Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('gives the fallback once the deadline passes, and ignores the late answer', async () => {
    const clock = manualClock();
    let answer: (value: string) => void = () => undefined;
    const late = new Promise<string>((resolve) => (answer = resolve));
    const part = withinDeadline(clock, late, async () => 'record');
    clock.advance(serverPartDeadlineMs);
    await expect(part).resolves.toBe('record');
    answer('server');
    await expect(part).resolves.toBe('record');
  });

  it("passes a server's failure on when it comes in time", async () => {
    const clock = manualClock();
    await expect(withinDeadline(clock, Promise.reject(new Error('refused')), async () => 'record')).rejects.toThrow('refused');
  });
});
