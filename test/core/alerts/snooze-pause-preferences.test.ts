import { describe, expect, it } from 'vitest';
import {
  activeSnoozes,
  defaultAlertPreferences,
  evaluatePoll,
  isPaused,
  resolveAlertPreferences,
  topicOf,
} from '../../../main/core/alerts/index.ts';
import { context, failed, HOUR, monitor, NOW, ok, pollAll, preferences, primed, tables } from './fixtures.ts';

const ups = (count: number) => Array.from({ length: count }, (_, index) => monitor(`m${index}`, 'up'));
const downs = (count: number) => Array.from({ length: count }, (_, index) => monitor(`m${index}`, 'down'));

describe('snoozes', () => {
  it('silence the snoozed item only, while its state is still tracked', () => {
    const snoozes = [{ key: 'monitor:m0', until: NOW + HOUR }];
    const { alerts, state } = evaluatePoll(primed({ monitors: ups(2) }), ok({ monitors: downs(2) }), context({ snoozes }));
    expect(alerts.map((alert) => alert.itemKey)).toEqual(['monitor:m1']);
    expect(Object.keys(state.monitors)).toEqual(['monitor:m0', 'monitor:m1']);
  });

  it('do not replay old news when lifted', () => {
    const snoozes = [{ key: 'monitor:m0', until: 'resumed' as const }];
    const { alerts } = pollAll(primed({ monitors: ups(1) }), [
      { outcome: ok({ monitors: downs(1) }), context: { snoozes } },
      { outcome: ok({ monitors: downs(1) }) },
    ]);
    expect(alerts).toEqual([[], []]);
  });

  it('are ignored once expired', () => {
    const snoozes = [{ key: 'monitor:m0', until: NOW }];
    const { alerts } = evaluatePoll(primed({ monitors: ups(1) }), ok({ monitors: downs(1) }), context({ snoozes }));
    expect(alerts).toHaveLength(1);
  });

  it('leave the summary: its counts are of unsnoozed items', () => {
    const snoozes = [{ key: 'monitor:m0', until: NOW + HOUR }, { key: 'monitor:m1', until: NOW + HOUR }];
    const burst = evaluatePoll(primed({ monitors: ups(5) }), ok({ monitors: downs(5) }), context({ snoozes }));
    expect(burst.alerts.map((alert) => alert.kind)).toEqual(['monitor-down', 'monitor-down', 'monitor-down']);
    const bigger = evaluatePoll(primed({ monitors: ups(6) }), ok({ monitors: downs(6) }), context({ snoozes }));
    expect(bigger.alerts.map((alert) => alert.title)).toEqual(['4 monitors down']);
  });

  it('activeSnoozes keeps the later end when one key is snoozed twice', () => {
    const active = activeSnoozes(
      [
        { key: 'a', until: NOW + HOUR },
        { key: 'a', until: NOW + 2 * HOUR },
        { key: 'b', until: 'resumed' },
        { key: 'b', until: NOW + HOUR },
        { key: 'c', until: NOW - 1 },
      ],
      NOW,
    );
    expect([...active]).toEqual([
      ['a', NOW + 2 * HOUR],
      ['b', 'resumed'],
    ]);
  });
});

describe('the global pause', () => {
  it('silences every alert while tracking continues', () => {
    const paused = { pausedUntil: NOW + HOUR };
    const { alerts, state } = pollAll(primed({ monitors: ups(1) }), [
      { outcome: ok({ monitors: downs(1) }), context: paused },
      { outcome: failed('unauthorized'), context: { ...paused, tokenExpiresAt: NOW } },
    ]);
    expect(alerts).toEqual([[], []]);
    expect(tables(state).monitorsDown).toEqual({ 'monitor:m0': NOW });
    expect(state.connection.auth).toBe('rejected');
  });

  it('until resumed manually', () => {
    expect(evaluatePoll(primed({ monitors: ups(1) }), ok({ monitors: downs(1) }), context({ pausedUntil: 'resumed' })).alerts).toEqual([]);
  });

  it('ends at its time', () => {
    expect(isPaused(NOW, NOW)).toBe(false);
    expect(isPaused(NOW + 1, NOW)).toBe(true);
    expect(isPaused(undefined, NOW)).toBe(false);
    expect(evaluatePoll(primed({ monitors: ups(1) }), ok({ monitors: downs(1) }), context({ pausedUntil: NOW })).alerts).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('turn off one kind of news while it is still tracked', () => {
    const quietDown = context({ preferences: preferences({ notify: { ...defaultAlertPreferences.notify, monitorDown: false } }) });
    const { alerts, state } = evaluatePoll(primed({ monitors: ups(1) }), ok({ monitors: downs(1) }), quietDown);
    expect(alerts).toEqual([]);
    expect(evaluatePoll(state, ok({ monitors: ups(1) }), context()).alerts.map((alert) => alert.kind)).toEqual(['monitor-recovered']);
  });

  it('turn off connection news', () => {
    const quiet = { preferences: preferences({ unreachableAfterPolls: 1, notify: { ...defaultAlertPreferences.notify, connection: false } }) };
    const { alerts, state } = pollAll(primed({ monitors: ups(1) }), [{ outcome: failed('timeout'), context: quiet }]);
    expect(alerts).toEqual([[]]);
    expect(state.connection.reachability).toBe('lost');
  });

  it('map every alert kind to its setting', () => {
    expect(topicOf('domain-expired')).toBe('domainExpiring');
    expect(topicOf('sign-in-again')).toBe('token');
    expect(topicOf('connection-restored')).toBe('connection');
    expect(topicOf('summary')).toBeUndefined();
  });

  it('resolve stored settings, replacing unusable values with defaults', () => {
    expect(resolveAlertPreferences()).toEqual(defaultAlertPreferences);
    expect(
      resolveAlertPreferences({
        notify: { token: false },
        burstLimit: 0,
        thresholds: [7, 30, 7, -1, 2.5],
        heartbeatGraceSeconds: 60,
        unreachableAfterPolls: Number.NaN,
        tokenWarningDays: 0,
      }),
    ).toEqual({
      notify: { ...defaultAlertPreferences.notify, token: false },
      burstLimit: 3,
      thresholds: [30, 7],
      heartbeatGraceSeconds: 60,
      unreachableAfterPolls: 3,
      tokenWarningDays: 0,
    });
  });
});
