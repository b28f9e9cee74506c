// The pure rules of heartbeats as the service applies them: when a stored heartbeat is overdue and why (the rule
// itself: test/common/heartbeat-deadline.test.ts), what a ping URL says, and what of a body is kept.
import { describe, expect, it } from 'vitest';
import { pingSignalOf, runLogOf } from '../../../service/heartbeats/heartbeat-pings.ts';
import { deadlineOf } from '../../../service/heartbeats/heartbeat-state.ts';

describe('deadlineOf', () => {
  const base = { next_expected_at: 100_000, grace_seconds: undefined, max_runtime_seconds: undefined, last_start: undefined, last_end: undefined };

  it('is missed after the expected time and the grace (its own, else the default)', () => {
    expect(deadlineOf(base, 60_000)).toEqual({ kind: 'missed', at: 160_000 });
    expect(deadlineOf({ ...base, grace_seconds: 10 }, 60_000)).toEqual({ kind: 'missed', at: 110_000 });
  });

  it('judges an open run with a max runtime by that alone', () => {
    const running = { ...base, last_start: 90_000, max_runtime_seconds: 300 };
    expect(deadlineOf(running, 60_000)).toEqual({ kind: 'overran', at: 390_000 });
    // Ended: back to the schedule.
    expect(deadlineOf({ ...running, last_end: 95_000 }, 60_000)).toEqual({ kind: 'missed', at: 160_000 });
    // Open but without a max runtime: the schedule and grace still apply.
    expect(deadlineOf({ ...running, max_runtime_seconds: undefined }, 60_000)).toEqual({ kind: 'missed', at: 160_000 });
  });
});

describe('pingSignalOf', () => {
  it.each([
    [undefined, { kind: 'success', exitCode: undefined }],
    ['0', { kind: 'success', exitCode: 0 }],
    ['start', { kind: 'start' }],
    ['fail', { kind: 'fail', exitCode: undefined }],
    ['1', { kind: 'fail', exitCode: 1 }],
    ['255', { kind: 'fail', exitCode: 255 }],
    ['007', { kind: 'fail', exitCode: 7 }],
  ])('reads %j', (suffix, signal) => expect(pingSignalOf(suffix)).toEqual(signal));

  it.each(['256', '-1', '1.0', '1e2', 'Start', 'FAIL', '', '0000'])('refuses %j', (suffix) => expect(pingSignalOf(suffix)).toBeUndefined());
});

describe('runLogOf', () => {
  it('keeps the first 10 KB as text, says when it cut, and keeps nothing of an empty body', () => {
    expect(runLogOf(undefined)).toBeUndefined();
    expect(runLogOf(new Uint8Array())).toBeUndefined();
    expect(runLogOf(new TextEncoder().encode('done\n'))).toEqual({ text: 'done\n', truncated: false });
    const long = runLogOf(new TextEncoder().encode('x'.repeat(10_241)));
    expect([long?.text.length, long?.truncated]).toEqual([10_240, true]);
    expect(runLogOf(new TextEncoder().encode('x'.repeat(10_240)))?.truncated).toBe(false);
  });

  it('never keeps half a character, and shows bytes that are not UTF-8 as replacement characters', () => {
    const text = runLogOf(new TextEncoder().encode(`x${'😀'.repeat(3_000)}`))?.text ?? '';
    expect(text).toBe(`x${'😀'.repeat(2_559)}`); // 1 + 4 × 2,559 = 10,237 bytes; the next would not fit
    expect(runLogOf(Uint8Array.of(0x66, 0xff, 0x6f))?.text).toBe('f\uFFFDo');
  });
});
