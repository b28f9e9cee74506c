// The policy's `changes`: every change it tracked, each as its own alert, whatever is told — the app's record of what
// happened keeps news a snooze, the pause, a topic switched off or a summary kept from the user.
import { describe, expect, it } from 'vitest';
import { evaluatePoll } from '../../../main/core/alerts/index.ts';
import { context, failed, HOUR, monitor, NOW, ok, preferences, primed } from './fixtures.ts';

describe('evaluatePoll changes', () => {
  it('lists each change even when the alerts are snoozed, paused, switched off or summarised', () => {
    const state = primed({ monitors: [monitor('a', 'up'), monitor('b', 'up'), monitor('c', 'up'), monitor('d', 'up'), monitor('e', 'up')] });
    const down = ok({ monitors: ['a', 'b', 'c', 'd', 'e'].map((id) => monitor(id, 'down')) }, NOW + HOUR);
    const snoozed = evaluatePoll(state, down, context({ now: NOW + HOUR, snoozes: [{ key: 'monitor:a', until: 'resumed' }] }));
    expect(snoozed.alerts.map((alert) => alert.kind)).toEqual(['summary']);
    expect(snoozed.changes.map((change) => [change.kind, change.itemKey, change.title])).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((id) => ['monitor-down', `monitor:${id}`, `Monitor ${id} is down`]),
    );
    const paused = evaluatePoll(state, down, context({ now: NOW + HOUR, pausedUntil: 'resumed' }));
    expect(paused.alerts).toEqual([]);
    expect(paused.changes).toHaveLength(5);
    const off = evaluatePoll(state, down, context({ now: NOW + HOUR, preferences: preferences({ notify: { ...preferences().notify, monitorDown: false } }) }));
    expect(off.changes).toHaveLength(5);
  });

  it('lists the connection lost after the failed polls that make it so', () => {
    let state = primed({ monitors: [monitor('a', 'up')] });
    const kinds: string[][] = [];
    for (let i = 1; i <= 3; i++) {
      const result = evaluatePoll(state, failed('unreachable', NOW + i * 60_000), context({ now: NOW + i * 60_000 }));
      state = result.state;
      kinds.push(result.changes.map((change) => change.kind));
    }
    expect(kinds).toEqual([[], [], ['connection-lost']]);
  });
});
