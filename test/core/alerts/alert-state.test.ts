import { describe, expect, it } from 'vitest';
import { evaluatePoll, initialAlertState, restoreAlertState } from '../../../main/core/alerts/index.ts';
import { context, domain, failed, heartbeat, HOUR, monitor, NOW, ok, pollAll, primed, tables } from './fixtures.ts';

describe('the alert state', () => {
  it('starts empty, unprimed, at version 3', () => {
    expect(initialAlertState()).toEqual({
      version: 3,
      primed: false,
      connection: { failedPolls: 0, reachability: 'ok', auth: 'ok' },
      monitors: {},
      heartbeats: {},
      domains: {},
      certificates: {},
      sources: {},
      owed: [],
      held: [],
      heldUncounted: 0,
      flapping: {},
    });
  });

  it('remembers only items in a notable condition, and forgets items that are gone', () => {
    const items = {
      monitors: [monitor('up', 'up'), monitor('down', 'down')],
      heartbeats: [heartbeat('late', 2 * HOUR), heartbeat('fine', 1000), heartbeat('new', undefined)],
      domains: [domain('soon', 3), domain('far', 300)],
    };
    const state = primed(items);
    expect(tables(state)).toMatchObject({
      monitorsDown: { 'monitor:down': NOW },
      heartbeatsLate: { 'heartbeat:late': NOW },
      heartbeatsWaiting: { 'heartbeat:new': NOW },
      domains: { 'domain:soon': { threshold: 7, expiryDay: Math.floor(NOW / 86_400_000) + 3 } },
    });
    const gone = evaluatePoll(state, ok({}), context()).state;
    expect(tables(gone)).toMatchObject({ monitorsDown: {}, heartbeatsLate: {}, heartbeatsWaiting: {}, domains: {} });
  });

  it('survives JSON and a restart', () => {
    const { state } = pollAll(primed({ monitors: [monitor('a', 'down')], domains: [domain('d', 3)] }), [
      { outcome: failed('unreachable') },
      { outcome: failed('unreachable') },
      { outcome: failed('unreachable') },
    ]);
    const restored = restoreAlertState(JSON.parse(JSON.stringify(state)));
    expect(restored).toEqual({ ...state, primed: false, connection: { ...state.connection, failedPolls: 0 } });
    expect(restored.connection.reachability).toBe('lost');
  });

  it('restores to a fresh state from anything it cannot read', () => {
    for (const junk of [undefined, null, 'x', [], { version: 2 }, { version: '1' }]) expect(restoreAlertState(junk)).toEqual(initialAlertState());
  });

  it('drops unreadable entries and keeps the rest', () => {
    const restored = restoreAlertState({
      version: 1,
      primed: true,
      connection: { failedPolls: 'many', reachability: 'gone', auth: 'rejected', lastSuccessfulPollAt: NOW, tokenWarnedFor: 'soon' },
      monitorsDown: { 'monitor:a': NOW, 'monitor:b': 'yesterday' },
      heartbeatsLate: [],
      heartbeatsWaiting: { 'heartbeat:w': 1.5 },
      domains: { 'domain:d': { threshold: 7, expiryDay: 20_000 }, 'domain:e': { threshold: 7 } },
    });
    expect(restored).toEqual({
      version: 3,
      primed: false,
      connection: { failedPolls: 0, reachability: 'ok', auth: 'rejected', lastSuccessfulPollAt: NOW },
      monitors: { 'monitor:a': { downSince: NOW } },
      heartbeats: {},
      domains: { 'domain:d': { threshold: 7, expiryDay: 20_000 } },
      certificates: {},
      sources: {},
      owed: [],
      held: [],
      heldUncounted: 0,
      flapping: {},
    });
  });

  it('records the last successful poll', () => {
    const { state } = pollAll(initialAlertState(), [{ outcome: ok({}, NOW - HOUR) }, { outcome: failed('timeout') }]);
    expect(state.connection.lastSuccessfulPollAt).toBe(NOW - HOUR);
  });
});

describe('the alert state from versions 1 and 2', () => {
  it('restores a version 1 state keeping its memory, with nothing owed or held', () => {
    const v1 = {
      version: 1,
      primed: true,
      connection: { failedPolls: 2, reachability: 'ok', auth: 'ok', lastSuccessfulPollAt: NOW },
      monitorsDown: { 'monitor:a': NOW },
      heartbeatsLate: { 'heartbeat:h': NOW },
      heartbeatsWaiting: {},
      domains: { 'domain:d': { threshold: 7, expiryDay: 20_000 } },
    };
    expect(restoreAlertState(v1)).toEqual({
      version: 3,
      primed: false,
      connection: { ...v1.connection, failedPolls: 0 },
      monitors: { 'monitor:a': { downSince: NOW } },
      heartbeats: { 'heartbeat:h': { troubleSince: NOW } },
      domains: v1.domains,
      certificates: {},
      sources: {},
      owed: [],
      held: [],
      heldUncounted: 0,
      flapping: {},
    });
    // A monitor already down under version 1 is not told again after the upgrade.
    expect(evaluatePoll(restoreAlertState(v1), ok({ monitors: [monitor('a', 'down')] }), context()).alerts).toEqual([]);
  });

  it('reads a version 2 file from before failed heartbeats as none failed, and keeps those of a newer one', () => {
    expect(tables(restoreAlertState({ version: 2, heartbeatsLate: { 'heartbeat:h': NOW } }))).toMatchObject({ heartbeatsLate: { 'heartbeat:h': NOW }, heartbeatsFailed: {} });
    expect(tables(restoreAlertState({ version: 2, heartbeatsFailed: { 'heartbeat:h': NOW, 'heartbeat:x': 'then' } })).heartbeatsFailed).toEqual({ 'heartbeat:h': NOW });
  });

  it('drops unreadable owed, held and flapping entries and keeps the rest', () => {
    const owed = { reason: 'delay', kind: 'monitor-down', title: 'A is down', severity: 'critical', name: 'A', toldBad: false, since: NOW, ids: ['x'], dueAt: NOW + HOUR };
    const held = { story: 'A is down', severity: 'critical', bad: true, ids: ['y'] };
    const flap = { name: 'A', changes: [NOW], ids: [], flappingSince: NOW };
    const restored = restoreAlertState({
      version: 2,
      owed: { 'monitor:a': owed, 'monitor:b': { ...owed, reason: 'whim' }, 'monitor:c': { ...owed, since: 'then' } },
      held: { 'monitor:a': held, 'monitor:b': { ...held, bad: 'yes' } },
      heldUncounted: -3,
      flapping: { 'monitor:a': flap, 'monitor:b': { changes: [NOW] } },
    });
    expect(tables(restored)).toMatchObject({ owed: { 'monitor:a': owed }, held: { 'monitor:a': held } });
    expect(restored).toMatchObject({ heldUncounted: 0, flapping: { 'monitor:a': flap } });
    expect(Object.keys(tables(restored).owed)).toEqual(['monitor:a']);
    expect(Object.keys(restored.flapping)).toEqual(['monitor:a']);
  });

  it('counts the stories held beyond the limit when it restores them, so the summary still says they happened', () => {
    const story = (ids: string[]) => ({ story: 'A is down', severity: 'critical', bad: true, ids });
    const held = Object.fromEntries(Array.from({ length: 1_003 }, (_, index) => [`monitor:m${index}`, story(index < 1_001 ? [`id${index}`] : ['x', 'y'])]));
    const restored = restoreAlertState({ version: 2, held, heldUncounted: 4 });
    expect(Object.keys(restored.held)).toHaveLength(1_000);
    // 4 already counted, one story of one change, two of two changes each.
    expect(restored.heldUncounted).toBe(4 + 1 + 2 + 2);
  });
});
