import { describe, expect, it } from 'vitest';
import { initialMonitorState, nextStatus, type MonitorState } from '../../../service/monitors/monitor-status.ts';

const state = (status: MonitorState['status'], consecutiveFailures = 0): MonitorState => ({ status, consecutiveFailures });

describe('nextStatus', () => {
  it('starts unknown with no failures', () => {
    expect(initialMonitorState).toEqual({ status: 'unknown', consecutiveFailures: 0 });
  });

  it('unknown → up on a success, without a change to announce', () => {
    expect(nextStatus(state('unknown'), true)).toEqual({ status: 'up', consecutiveFailures: 0, change: undefined });
  });

  it('up stays up on a success', () => {
    expect(nextStatus(state('up'), true)).toEqual({ status: 'up', consecutiveFailures: 0, change: undefined });
  });

  it('a first failure is counted but not yet down (default: 2 to confirm)', () => {
    expect(nextStatus(state('up'), false)).toEqual({ status: 'up', consecutiveFailures: 1, change: undefined });
    expect(nextStatus(state('unknown'), false)).toEqual({ status: 'unknown', consecutiveFailures: 1, change: undefined });
  });

  it('the confirming failure makes it down, from up or from unknown', () => {
    expect(nextStatus(state('up', 1), false)).toEqual({ status: 'down', consecutiveFailures: 2, change: 'down' });
    expect(nextStatus(state('unknown', 1), false)).toEqual({ status: 'down', consecutiveFailures: 2, change: 'down' });
  });

  it('further failures stay down with no new change', () => {
    expect(nextStatus(state('down', 2), false)).toEqual({ status: 'down', consecutiveFailures: 3, change: undefined });
  });

  it('the first success after down is up, announced', () => {
    expect(nextStatus(state('down', 7), true)).toEqual({ status: 'up', consecutiveFailures: 0, change: 'up' });
  });

  it('a success between failures resets the count', () => {
    const afterBlip = nextStatus(nextStatus(state('up'), false), true);
    expect(nextStatus(afterBlip, false)).toEqual({ status: 'up', consecutiveFailures: 1, change: undefined });
  });

  it('with N = 1 the first failure is down', () => {
    expect(nextStatus(state('up'), false, 1)).toEqual({ status: 'down', consecutiveFailures: 1, change: 'down' });
  });

  it('with N = 3 it takes three failures', () => {
    let current: MonitorState = state('up');
    for (let failure = 1; failure <= 2; failure += 1) {
      current = nextStatus(current, false, 3);
      expect(current.status).toBe('up');
    }
    expect(nextStatus(current, false, 3)).toEqual({ status: 'down', consecutiveFailures: 3, change: 'down' });
  });

  it('refuses a confirmation count below 1 or not whole', () => {
    expect(() => nextStatus(state('up'), false, 0)).toThrow(RangeError);
    expect(() => nextStatus(state('up'), false, 1.5)).toThrow(RangeError);
  });
});
