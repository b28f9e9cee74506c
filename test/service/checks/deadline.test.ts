import { describe, expect, it } from 'vitest';
import { formatSeconds, runWithDeadline } from '../../../service/checks/deadline.ts';
import { FakeClock } from '../scheduler/fake-clock.ts';

describe('formatSeconds', () => {
  it('writes seconds as a person would', () => {
    expect(formatSeconds(10_000)).toBe('10');
    expect(formatSeconds(2_500)).toBe('2.5');
    expect(formatSeconds(250)).toBe('0.25');
  });
});

describe('runWithDeadline', () => {
  it('answers at the deadline even if the probe never settles, and aborts its signal', async () => {
    const clock = new FakeClock();
    let signal: AbortSignal | undefined;
    const pending = runWithDeadline(clock, 5_000, (given) => {
      signal = given;
      return new Promise(() => undefined);
    });
    clock.fireNext();
    expect(await pending).toMatchObject({ ok: false, error: 'timed out after 5 s' });
    expect(signal?.aborted).toBe(true);
  });

  it('uses a custom timeout sentence', async () => {
    const clock = new FakeClock();
    const pending = runWithDeadline(clock, 1_000, () => new Promise(() => undefined), 'no reply within 1 s');
    clock.fireNext();
    expect(await pending).toMatchObject({ ok: false, error: 'no reply within 1 s' });
  });

  it('reports the probe outcome and clears the deadline', async () => {
    const clock = new FakeClock();
    expect(await runWithDeadline(clock, 1_000, () => Promise.resolve(undefined))).toMatchObject({ ok: true });
    expect(await runWithDeadline(clock, 1_000, () => Promise.resolve('HTTP 500'))).toMatchObject({ ok: false, error: 'HTTP 500' });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(await runWithDeadline(clock, 1_000, () => Promise.reject(refused))).toMatchObject({ ok: false, error: 'connection refused' });
    expect(clock.pendingTimers).toBe(0);
  });
});
