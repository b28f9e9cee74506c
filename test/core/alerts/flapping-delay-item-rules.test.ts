import { describe, expect, it } from 'vitest';
import type { PollOutcome } from '../../../main/core/model/snapshot.ts';
import type { SourceItem } from '../../../main/core/sources/source-reading.ts';
import { heartbeat, HOUR, iso, MINUTE, monitor, NOW, ok, snapshot, tables } from './fixtures.ts';
import { alertRules, RulesRun } from './rules-fixtures.ts';

const api = (status: string) => monitor('api', status, { name: 'API' });

describe('flapping', () => {
  it('tells more than 4 changes in 15 min as ONE flapping alert, then nothing until 15 min still, then how it settled', () => {
    const run = new RulesRun(alertRules());
    run.poll(ok({ monitors: [api('up')] }, NOW));
    const statuses = ['down', 'up', 'down', 'up', 'down', 'up', 'down'];
    const kinds = statuses.map((status, index) => run.poll(ok({ monitors: [api(status)] }, NOW + (index + 1) * MINUTE)).alerts.map(({ kind }) => kind));
    expect(kinds).toEqual([['monitor-down'], ['monitor-recovered'], ['monitor-down'], ['monitor-recovered'], ['monitor-flapping'], [], []]);
    const flapping = run.polls[5];
    expect(flapping?.alerts[0]).toMatchObject({ title: 'API is flapping', includes: [flapping?.suppressed[0]?.alert.id] });
    expect(run.suppressed.map(({ reason }) => reason)).toEqual(['flapping', 'flapping', 'flapping']);
    const lastChange = NOW + 7 * MINUTE;
    expect(run.poll(ok({ monitors: [api('down')] }, lastChange + 14 * MINUTE)).alerts).toEqual([]);
    const settled = run.poll(ok({ monitors: [api('down')] }, lastChange + 15 * MINUTE));
    expect(settled.alerts).toMatchObject([{ kind: 'monitor-settled', title: 'API stopped flapping: down', severity: 'critical' }]);
    expect(settled.alerts[0]?.includes).toEqual(run.polls.slice(6, 8).flatMap((poll) => poll.suppressed.map(({ alert }) => alert.id)));
    expect(run.state.flapping).toEqual({});
    expect(run.poll(ok({ monitors: [api('up')] }, lastChange + 16 * MINUTE)).alerts.map(({ kind }) => kind)).toEqual(['monitor-recovered']);
  });

  it('tells a source’s item flapping as a monitor’s: one alert, its changes folded into it, then how it settled', () => {
    const run = new RulesRun(alertRules());
    const webhooks = (down: boolean): SourceItem => ({ id: 'c2', name: 'Webhooks', kind: 'component', health: down ? 'critical' : 'ok', state: down ? 'down' : 'up', summary: down ? 'Major outage' : 'Operational' });
    const page = (down: boolean, at: number): PollOutcome => ({ ok: true, snapshot: { ...snapshot({}, at), sourceItems: [webhooks(down)] } });
    run.poll(page(false, NOW));
    const kinds = [true, false, true, false, true, false].map((down, index) => run.poll(page(down, NOW + (index + 1) * MINUTE)).alerts.map(({ kind }) => kind));
    expect(kinds).toEqual([['source-problem'], ['source-recovered'], ['source-problem'], ['source-recovered'], ['monitor-flapping'], []]);
    expect(run.polls[5]?.alerts[0]).toMatchObject({ title: 'Webhooks is flapping', itemKey: 'source:c2' });
    const settled = run.poll(page(false, NOW + 21 * MINUTE));
    expect(settled.alerts).toMatchObject([{ kind: 'monitor-settled', title: 'Webhooks stopped flapping: up', severity: 'info' }]);
  });

  it('lists the flapping alert and the settled one as dropped by a pause, standing for their changes', () => {
    const run = new RulesRun(alertRules());
    run.poll(ok({ monitors: [api('up')] }, NOW));
    const pause = { pausedUntil: NOW + HOUR };
    for (const [index, status] of ['down', 'up', 'down', 'up'].entries()) run.poll(ok({ monitors: [api(status)] }, NOW + (index + 1) * MINUTE));
    const started = run.poll(ok({ monitors: [api('down')] }, NOW + 5 * MINUTE), pause);
    expect(started.alerts).toEqual([]);
    expect(started.suppressed.map(({ alert, reason }) => [alert.kind, reason])).toEqual([['monitor-down', 'paused'], ['monitor-flapping', 'paused']]);
    const flapping = run.poll(ok({ monitors: [api('up')] }, NOW + 6 * MINUTE));
    expect(flapping.suppressed.map(({ reason }) => reason)).toEqual(['flapping']);
    const settled = run.poll(ok({ monitors: [api('up')] }, NOW + 21 * MINUTE), pause);
    expect(settled.suppressed).toMatchObject([{ reason: 'paused', alert: { kind: 'monitor-settled', includes: [flapping.suppressed[0]?.alert.id] } }]);
  });

  it('forgets changes older than its window', () => {
    const run = new RulesRun(alertRules());
    run.poll(ok({ monitors: [api('up')] }, NOW));
    const statuses = ['down', 'up', 'down', 'up', 'down', 'up'];
    const kinds = statuses.map((status, index) => run.poll(ok({ monitors: [api(status)] }, NOW + (index + 1) * 10 * MINUTE)).alerts.map(({ kind }) => kind));
    expect(kinds.flat()).not.toContain('monitor-flapping');
  });
});

describe('a delay', () => {
  const delayed = alertRules({ delayMinutes: 5 });

  it('tells nothing of an outage shorter than the delay that came and went between two polls', () => {
    const run = new RulesRun(delayed);
    run.poll(ok({ monitors: [api('up')] }, NOW));
    const statusesBefore = { api: [{ status: 'down' as const, at: iso(NOW + 10_000) }, { status: 'up' as const, at: iso(NOW + 40_000) }] };
    const blip = run.poll(ok({ monitors: [api('up')], statusesBefore }, NOW + MINUTE));
    expect(blip.alerts).toEqual([]);
    expect(blip.suppressed.map(({ alert, reason }) => [alert.kind, reason])).toEqual([['monitor-down', 'delay'], ['monitor-recovered', 'delay']]);
    expect(tables(run.state).owed).toEqual({});
  });

  it('tells a down only once it has lasted the delay', () => {
    const run = new RulesRun(delayed);
    run.poll(ok({ monitors: [api('up')] }, NOW));
    const down = run.poll(ok({ monitors: [api('down')] }, NOW + MINUTE));
    expect(down.alerts).toEqual([]);
    expect(down.suppressed.map(({ reason }) => reason)).toEqual(['delay']);
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + 5 * MINUTE)).alerts).toEqual([]);
    run.restart();
    const due = run.poll(ok({ monitors: [api('down')] }, NOW + 6 * MINUTE));
    expect(due.alerts).toMatchObject([{ kind: 'monitor-down', title: 'API is down', body: 'So for 5 min now. · Work API', includes: [down.suppressed[0]?.alert.id] }]);
    expect(run.poll(ok({ monitors: [api('up')] }, NOW + 7 * MINUTE)).alerts.map(({ kind }) => kind)).toEqual(['monitor-recovered']);
  });

  it('tells nothing of a down that recovers before its delay', () => {
    const run = new RulesRun(delayed);
    run.poll(ok({ monitors: [api('up')] }, NOW));
    run.poll(ok({ monitors: [api('down')] }, NOW + MINUTE));
    const recovered = run.poll(ok({ monitors: [api('up')] }, NOW + 3 * MINUTE));
    expect(recovered.suppressed.map(({ reason }) => reason)).toEqual(['delay']);
    run.poll(ok({ monitors: [api('up')] }, NOW + 10 * MINUTE));
    expect(run.alerts).toEqual([]);
  });

  it('lists a down due while paused as dropped by the pause, standing for the change it owed', () => {
    const run = new RulesRun(delayed);
    run.poll(ok({ monitors: [api('up')] }, NOW));
    const down = run.poll(ok({ monitors: [api('down')] }, NOW + MINUTE));
    const due = run.poll(ok({ monitors: [api('down')] }, NOW + 6 * MINUTE), { pausedUntil: NOW + HOUR });
    expect(due.alerts).toEqual([]);
    expect(due.suppressed).toMatchObject([{ reason: 'paused', alert: { kind: 'monitor-down', includes: [down.suppressed[0]?.alert.id] } }]);
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + 2 * HOUR)).alerts).toEqual([]);
  });

  it('is per item: an item rule overrides the default', () => {
    const rules = alertRules({ delayMinutes: 5, itemRules: new Map([['monitor:now', { delayMinutes: 0 }]]) });
    const run = new RulesRun(rules);
    run.poll(ok({ monitors: [api('up'), monitor('now', 'up')] }, NOW));
    expect(run.poll(ok({ monitors: [api('down'), monitor('now', 'down')] }, NOW + MINUTE)).alerts.map(({ itemKey }) => itemKey)).toEqual(['monitor:now']);
  });
});

describe('per-item kinds', () => {
  it('drop the kinds an item rule turns off, while tracking them', () => {
    const rules = alertRules({ itemRules: new Map([['monitor:api', { tell: { recovered: false } }], ['heartbeat:bk', { tell: { late: false } }]]) });
    const run = new RulesRun(rules);
    run.poll(ok({ monitors: [api('up')], heartbeats: [heartbeat('bk', MINUTE)] }, NOW));
    const down = run.poll(ok({ monitors: [api('down')], heartbeats: [heartbeat('bk', 3 * 60 * MINUTE, 3600, NOW + MINUTE)] }, NOW + MINUTE));
    expect(down.alerts.map(({ kind }) => kind)).toEqual(['monitor-down']);
    expect(down.suppressed.map(({ alert, reason }) => [alert.kind, reason])).toEqual([['heartbeat-late', 'kind-off']]);
    const up = run.poll(ok({ monitors: [api('up')], heartbeats: [heartbeat('bk', MINUTE, 3600, NOW + 2 * MINUTE)] }, NOW + 2 * MINUTE));
    expect(up.alerts.map(({ kind }) => kind)).toEqual(['heartbeat-recovered']);
    expect(up.suppressed.map(({ alert, reason }) => [alert.kind, reason])).toEqual([['monitor-recovered', 'kind-off']]);
  });
});
