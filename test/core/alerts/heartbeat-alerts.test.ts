import { describe, expect, it } from 'vitest';
import { evaluatePoll } from '../../../main/core/alerts/index.ts';
import { context, heartbeat, HOUR, MINUTE, NOW, ok, pollAll, preferences, primed } from './fixtures.ts';

const lastPing = NOW - 30 * MINUTE;
/** The heartbeat as the server shows it at any time after its last ping at `lastPing`. */
const pingedAt = (ping: number) => (at: number) => ok({ heartbeats: [heartbeat('h', at - ping, 3600, at)] }, at);

describe('heartbeat alerts', () => {
  it('tell once when a heartbeat is late, and not again when it goes on to miss a second ping', () => {
    const poll = pingedAt(lastPing);
    const state = primed({ heartbeats: [heartbeat('h', 30 * MINUTE)] });
    const late = lastPing + HOUR + 5 * MINUTE + 1;
    const { alerts } = pollAll(state, [{ outcome: poll(late) }, { outcome: poll(late + MINUTE) }, { outcome: poll(late + 2 * HOUR) }]);
    expect(alerts).toEqual([
      [
        expect.objectContaining({
          kind: 'heartbeat-late',
          severity: 'warning',
          title: 'Heartbeat h is late',
          body: 'Last ping 1 h 5 min ago; expected every 1 h. · Work API',
          itemKey: 'heartbeat:h',
        }),
      ],
      [],
      [],
    ]);
  });

  it('say "missed two pings" (critical) when first seen already down', () => {
    const state = primed({ heartbeats: [heartbeat('h', 30 * MINUTE)] });
    const { alerts } = evaluatePoll(state, ok({ heartbeats: [heartbeat('h', 3 * HOUR)] }), context());
    expect(alerts[0]).toMatchObject({ kind: 'heartbeat-late', severity: 'critical', title: 'Heartbeat h missed two pings' });
  });

  it('tell when a late heartbeat pings again', () => {
    const state = primed({ heartbeats: [heartbeat('h', 2 * HOUR)] });
    const { alerts } = pollAll(state, [{ outcome: ok({ heartbeats: [heartbeat('h', MINUTE, 3600, NOW + 10 * MINUTE)] }, NOW + 10 * MINUTE) }]);
    expect(alerts[0]).toEqual([
      expect.objectContaining({
        kind: 'heartbeat-recovered',
        severity: 'info',
        title: 'Heartbeat h is on time again',
        body: 'Pinged 1 min ago, after being late for 10 min. · Work API',
      }),
    ]);
  });

  it('apply the grace from the preferences', () => {
    const state = primed({ heartbeats: [heartbeat('h', 30 * MINUTE)] });
    const outcome = ok({ heartbeats: [heartbeat('h', HOUR + 2 * MINUTE)] });
    expect(evaluatePoll(state, outcome, context()).alerts).toEqual([]);
    expect(evaluatePoll(state, outcome, context({ preferences: preferences({ heartbeatGraceSeconds: 60 }) })).alerts).toHaveLength(1);
  });

  it('time a never-pinged heartbeat from when Vigil first saw it, across polls', () => {
    const waiting = { heartbeats: [heartbeat('h', undefined)] };
    const state = primed(waiting);
    expect(state.heartbeatsWaiting).toEqual({ 'heartbeat:h': NOW });
    const { alerts, state: after } = pollAll(state, [
      { outcome: ok(waiting, NOW + HOUR) },
      { outcome: ok(waiting, NOW + HOUR + 6 * MINUTE) },
      { outcome: ok(waiting, NOW + 3 * HOUR) },
    ]);
    expect(alerts[0]).toEqual([]);
    expect(alerts[1]).toEqual([
      expect.objectContaining({
        kind: 'heartbeat-late',
        title: 'Heartbeat h has not pinged yet',
        body: 'No ping in the 1 h 6 min Vigil has watched it; expected every 1 h. · Work API',
      }),
    ]);
    expect(alerts[2]).toEqual([]);
    expect(after.heartbeatsWaiting).toEqual({ 'heartbeat:h': NOW });
  });

  it('forget the waiting start once the heartbeat has pinged', () => {
    const state = primed({ heartbeats: [heartbeat('h', undefined)] });
    const { state: after } = evaluatePoll(state, ok({ heartbeats: [heartbeat('h', MINUTE)] }), context());
    expect(after.heartbeatsWaiting).toEqual({});
  });

  it('keep a late heartbeat late while its interval is missing, with no alert either way', () => {
    const state = primed({ heartbeats: [heartbeat('h', 3 * HOUR)] });
    const noInterval = ok({ heartbeats: [heartbeat('h', 3 * HOUR, 3600, NOW, { expected_interval: undefined })] });
    const { state: after, alerts } = evaluatePoll(state, noInterval, context());
    expect(alerts).toEqual([]);
    expect(after.heartbeatsLate).toEqual(state.heartbeatsLate);
  });
});
