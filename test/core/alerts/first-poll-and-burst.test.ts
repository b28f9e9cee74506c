import { describe, expect, it } from 'vitest';
import { evaluatePoll, initialAlertState, restoreAlertState } from '../../../main/core/alerts/index.ts';
import { context, domain, heartbeat, HOUR, monitor, MINUTE, NOW, ok, preferences, primed } from './fixtures.ts';

const ups = (count: number) => Array.from({ length: count }, (_, index) => monitor(`m${index}`, 'up'));
const downs = (count: number) => Array.from({ length: count }, (_, index) => monitor(`m${index}`, 'down'));

describe('the first snapshot after start', () => {
  it('is quiet when everything is fine (no "up" noise)', () => {
    const { alerts, state } = evaluatePoll(
      initialAlertState(),
      ok({ monitors: ups(5), heartbeats: [heartbeat('h', MINUTE), heartbeat('w', undefined)], domains: [domain('d', 200)] }),
      context(),
    );
    expect(alerts).toEqual([]);
    expect(state.primed).toBe(true);
  });

  it('tells what is already wrong in ONE summary', () => {
    const { alerts } = evaluatePoll(
      initialAlertState(),
      ok({ monitors: [...downs(2), monitor('ok', 'up')], heartbeats: [heartbeat('h', 2 * HOUR)], domains: [domain('d', 5)] }),
      context(),
    );
    expect(alerts).toEqual([
      {
        id: `conn-1|summary||${NOW}`,
        kind: 'summary',
        severity: 'critical',
        title: '4 problems: 2 monitors down, 1 heartbeat late, 1 domain expiring',
        body: 'Already so when Vigil began watching this server: Monitor m0, Monitor m1, Heartbeat h and 1 more. · Work API',
        connectionId: 'conn-1',
        covers: 4,
        includes: [`conn-1|monitor-down|monitor:m0|${NOW}`, `conn-1|monitor-down|monitor:m1|${NOW}`, `conn-1|heartbeat-late|heartbeat:h|${NOW}`, `conn-1|domain-expiring|domain:d|${NOW}`],
      },
    ]);
  });

  it('tells a single problem as itself, so a click opens the item', () => {
    const { alerts } = evaluatePoll(initialAlertState(), ok({ monitors: [monitor('a', 'down'), monitor('b', 'up')] }), context());
    expect(alerts).toEqual([expect.objectContaining({ kind: 'monitor-down', itemKey: 'monitor:a' })]);
  });

  it('leaves out what was already told before the restart', () => {
    const before = evaluatePoll(initialAlertState(), ok({ monitors: downs(3) }), context()).state;
    const restarted = restoreAlertState(JSON.parse(JSON.stringify(before)));
    expect(restarted.primed).toBe(false);
    const { alerts } = evaluatePoll(restarted, ok({ monitors: [...downs(3), monitor('new', 'down')] }, NOW + HOUR), context({ now: NOW + HOUR }));
    expect(alerts).toEqual([expect.objectContaining({ kind: 'monitor-down', itemKey: 'monitor:new' })]);
  });

  it('says nothing at all after a restart when nothing changed', () => {
    const before = evaluatePoll(initialAlertState(), ok({ monitors: downs(3), domains: [domain('d', 5)] }), context()).state;
    const restarted = restoreAlertState(JSON.parse(JSON.stringify(before)));
    expect(evaluatePoll(restarted, ok({ monitors: downs(3), domains: [domain('d', 5)] }), context()).alerts).toEqual([]);
  });

  it('still tells recoveries of problems told before the restart', () => {
    const before = evaluatePoll(initialAlertState(), ok({ monitors: downs(1) }), context()).state;
    const restarted = restoreAlertState(JSON.parse(JSON.stringify(before)));
    const { alerts } = evaluatePoll(restarted, ok({ monitors: ups(1) }, NOW + HOUR), context({ now: NOW + HOUR }));
    expect(alerts).toEqual([expect.objectContaining({ kind: 'monitor-recovered', itemKey: 'monitor:m0' })]);
  });
});

describe('bursts', () => {
  it('up to burstLimit changes in one poll are told one by one', () => {
    const { alerts } = evaluatePoll(primed({ monitors: ups(3) }), ok({ monitors: downs(3) }), context());
    expect(alerts.map((alert) => alert.kind)).toEqual(['monitor-down', 'monitor-down', 'monitor-down']);
  });

  it('more than burstLimit become one summary', () => {
    const { alerts } = evaluatePoll(primed({ monitors: ups(5) }), ok({ monitors: downs(5) }), context());
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: 'summary',
        severity: 'critical',
        title: '5 monitors down',
        body: 'Monitor m0, Monitor m1, Monitor m2 and 2 more. · Work API',
      }),
    ]);
    expect(alerts[0]).not.toHaveProperty('itemKey');
  });

  it('a mixed burst names each kind, problems first', () => {
    const state = primed({ monitors: [...ups(3), monitor('x', 'down')], heartbeats: [heartbeat('h1', MINUTE), heartbeat('h2', MINUTE)] });
    const { alerts } = evaluatePoll(
      state,
      ok({ monitors: [...downs(3), monitor('x', 'up')], heartbeats: [heartbeat('h1', 2 * HOUR), heartbeat('h2', 70 * MINUTE)] }),
      context(),
    );
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: 'summary',
        severity: 'critical',
        title: '6 changes: 3 monitors down, 2 heartbeats late, 1 monitor back up',
      }),
    ]);
  });

  it('a burst of good news only is an info summary', () => {
    const { alerts } = evaluatePoll(primed({ monitors: downs(4) }), ok({ monitors: ups(4) }), context());
    expect(alerts).toEqual([expect.objectContaining({ kind: 'summary', severity: 'info', title: '4 monitors back up' })]);
  });

  it('follows the configured burstLimit', () => {
    const { alerts } = evaluatePoll(primed({ monitors: ups(2) }), ok({ monitors: downs(2) }), context({ preferences: preferences({ burstLimit: 1 }) }));
    expect(alerts.map((alert) => alert.kind)).toEqual(['summary']);
  });
});
