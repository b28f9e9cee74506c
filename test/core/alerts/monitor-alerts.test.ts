import { describe, expect, it } from 'vitest';
import type { MonitorStatus } from '../../../common/api/known.ts';
import { evaluatePoll } from '../../../main/core/alerts/index.ts';
import { context, HOUR, iso, MINUTE, monitor, NOW, ok, pollAll, primed, SECOND, tables } from './fixtures.ts';

describe('monitor alerts', () => {
  it('tell when a monitor goes down, once', () => {
    const state = primed({ monitors: [monitor('a', 'up')] });
    const { alerts } = pollAll(state, [{ outcome: ok({ monitors: [monitor('a', 'down')] }) }, { outcome: ok({ monitors: [monitor('a', 'down')] }, NOW + MINUTE) }]);
    expect(alerts).toEqual([
      [
        {
          id: `conn-1|monitor-down|monitor:a|${NOW}`,
          kind: 'monitor-down',
          severity: 'critical',
          title: 'Monitor a is down',
          body: 'The server reports the http check of https://a.example.com/ as down. · Work API',
          itemKey: 'monitor:a',
          connectionId: 'conn-1',
        },
      ],
      [],
    ]);
  });

  it('tell when a down monitor is back up, with how long Vigil saw it down', () => {
    const state = primed({ monitors: [monitor('a', 'up')] });
    const { alerts } = pollAll(state, [
      { outcome: ok({ monitors: [monitor('a', 'down')] }) },
      { outcome: ok({ monitors: [monitor('a', 'up')] }, NOW + 2 * HOUR + 5 * MINUTE) },
    ]);
    expect(alerts[1]).toEqual([
      expect.objectContaining({
        kind: 'monitor-recovered',
        severity: 'info',
        title: 'Monitor a is back up',
        body: 'The server reports the http check of https://a.example.com/ as up again, after 2 h 5 min down. · Work API',
        itemKey: 'monitor:a',
      }),
    ]);
  });

  it('say nothing when unknown becomes up', () => {
    const state = primed({ monitors: [monitor('a', 'unknown')] });
    expect(evaluatePoll(state, ok({ monitors: [monitor('a', 'up')] }), context()).alerts).toEqual([]);
  });

  it('tell when unknown (or a value Vigil does not know) becomes down', () => {
    const state = primed({ monitors: [monitor('a', 'unknown'), monitor('b', 'paused')] });
    const { alerts } = evaluatePoll(state, ok({ monitors: [monitor('a', 'down'), monitor('b', 'down')] }), context());
    expect(alerts.map((alert) => alert.itemKey)).toEqual(['monitor:a', 'monitor:b']);
  });

  it('keep a monitor down through unknown (an edit resets last_status), so up afterwards is a recovery', () => {
    const state = primed({ monitors: [monitor('a', 'down')] });
    const { alerts } = pollAll(state, [
      { outcome: ok({ monitors: [monitor('a', 'unknown')] }) },
      { outcome: ok({ monitors: [monitor('a', 'down')] }) },
      { outcome: ok({ monitors: [monitor('a', 'up')] }) },
    ]);
    expect(alerts.map((poll) => poll.map((alert) => alert.kind))).toEqual([[], [], ['monitor-recovered']]);
  });

  describe('with the statuses the stream told before the poll (statusesBefore)', () => {
    const told = (...steps: [MonitorStatus, number][]) => ({ a: steps.map(([status, at]) => ({ status, at: iso(at) })) });

    it('tell an outage that came and went between two polls, as it happened', () => {
      const state = primed({ monitors: [monitor('a', 'up')] });
      const outcome = ok({ monitors: [monitor('a', 'up')], statusesBefore: told(['down', NOW + 10 * SECOND], ['up', NOW + 25 * SECOND]) }, NOW + MINUTE);
      const { alerts, state: after } = evaluatePoll(state, outcome, context({ now: NOW + MINUTE }));
      expect(alerts.map(({ kind, title, body }) => [kind, title, body])).toEqual([
        ['monitor-down', 'Monitor a is down', 'The server reports the http check of https://a.example.com/ as down. · Work API'],
        ['monitor-recovered', 'Monitor a is back up', 'The server reports the http check of https://a.example.com/ as up again, after 15 s down. · Work API'],
      ]);
      expect(tables(after).monitorsDown).toEqual({});
    });

    it('tell each change once, whether the poll before already saw it or not', () => {
      // The poll before saw it down (the stream's word came while that poll ran): only the recovery is news. Then an
      // outage that no poll saw at all, and a poll the stream told nothing before.
      const state = primed({ monitors: [monitor('a', 'down')] });
      const { alerts } = pollAll(state, [
        { outcome: ok({ monitors: [monitor('a', 'up')], statusesBefore: told(['down', NOW - 5 * SECOND], ['up', NOW + 20 * SECOND]) }, NOW + MINUTE) },
        { outcome: ok({ monitors: [monitor('a', 'up')], statusesBefore: told(['down', NOW + 70 * SECOND], ['up', NOW + 80 * SECOND]) }, NOW + 2 * MINUTE) },
        { outcome: ok({ monitors: [monitor('a', 'up')] }, NOW + 3 * MINUTE) },
      ]);
      expect(alerts.map((poll) => poll.map((alert) => alert.kind))).toEqual([['monitor-recovered'], ['monitor-down', 'monitor-recovered'], []]);
    });

    it('tell an outage, its end and the next outage, when the poll finds the second one', () => {
      const state = primed({ monitors: [monitor('a', 'up')] });
      const outcome = ok({ monitors: [monitor('a', 'down')], statusesBefore: told(['down', NOW + 10 * SECOND], ['up', NOW + 20 * SECOND], ['down', NOW + 30 * SECOND]) }, NOW + MINUTE);
      const { alerts, state: after } = evaluatePoll(state, outcome, context({ now: NOW + MINUTE }));
      expect(alerts.map(({ kind }) => kind)).toEqual(['monitor-down', 'monitor-recovered', 'monitor-down']);
      expect(tables(after).monitorsDown).toEqual({ 'monitor:a': NOW + 30 * SECOND });
    });

    it("leave what it cannot place to the lists: unknown is no news, and a monitor the lists lack is not told", () => {
      const state = primed({ monitors: [monitor('a', 'up')] });
      const statusesBefore = { a: [{ status: 'unknown' as const, at: iso(NOW + SECOND) }, { status: 'up' as const, at: iso(NOW + 2 * SECOND) }], gone: [{ status: 'down' as const, at: iso(NOW) }] };
      expect(evaluatePoll(state, ok({ monitors: [monitor('a', 'up')], statusesBefore }, NOW + MINUTE), context({ now: NOW + MINUTE })).alerts).toEqual([]);
    });
  });

  it('describe a monitor without url or type plainly', () => {
    const state = primed({ monitors: [{ id: 'x', name: 'DB', last_status: 'up' }] });
    const { alerts } = evaluatePoll(state, ok({ monitors: [{ id: 'x', name: 'DB', last_status: 'down' }] }), context());
    expect(alerts[0]?.body).toBe('The server reports this monitor as down. · Work API');
  });

  it.each([
    ['down first', ['down', 'up']],
    ['up first', ['up', 'down']],
    ['unknown first', ['unknown', 'down', 'up']],
  ])('let the worst of items sharing a key win, so they cannot flip each other every poll (%s)', (_, statuses) => {
    const twins = statuses.map((status) => ({ name: 'same', last_status: status }));
    const { alerts } = pollAll(primed({ monitors: [] }), [{ outcome: ok({ monitors: twins }) }, { outcome: ok({ monitors: twins }) }, { outcome: ok({ monitors: twins }) }]);
    expect(alerts.map((poll) => poll.map((alert) => alert.kind))).toEqual([['monitor-down'], [], []]);
  });

  it('tell one recovery for items sharing a key', () => {
    const state = primed({ monitors: [{ name: 'same', last_status: 'down' }] });
    const twins = [{ name: 'same', last_status: 'up' }, { name: 'same', last_status: 'up' }];
    const { alerts } = pollAll(state, [{ outcome: ok({ monitors: twins }) }, { outcome: ok({ monitors: twins }) }]);
    expect(alerts.map((poll) => poll.map((alert) => alert.kind))).toEqual([['monitor-recovered'], []]);
  });
});
