import { describe, expect, it } from 'vitest';
import { failed, HOUR, MINUTE, monitor, NOW, ok, preferences, tables } from './fixtures.ts';
import { alertRules, RulesRun, window } from './rules-fixtures.ts';

const api = (status: string) => monitor('api', status, { name: 'API' });
const db = (status: string) => monitor('db', status, { name: 'DB' });

describe('maintenance', () => {
  it('raises nothing for the items it covers while their state is still tracked', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR, 'monitor:api')] }));
    run.poll(ok({ monitors: [api('up'), db('up')] }, NOW - MINUTE));
    const { alerts, suppressed, state } = run.poll(ok({ monitors: [api('down'), db('down')] }, NOW + MINUTE));
    expect(alerts.map(({ itemKey }) => itemKey)).toEqual(['monitor:db']);
    expect(suppressed.map(({ alert, reason }) => [alert.itemKey, reason])).toEqual([['monitor:api', 'maintenance']]);
    expect(Object.keys(state.monitors)).toEqual(['monitor:api', 'monitor:db']);
  });

  it('tells an item still down when the window ends, once', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR)] }));
    run.poll(ok({ monitors: [api('up')] }, NOW - MINUTE));
    const down = run.poll(ok({ monitors: [api('down')] }, NOW + MINUTE));
    expect(down.alerts).toEqual([]);
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + 30 * MINUTE)).alerts).toEqual([]);
    const after = run.poll(ok({ monitors: [api('down')] }, NOW + HOUR));
    expect(after.alerts).toMatchObject([{ kind: 'monitor-down', itemKey: 'monitor:api', title: 'API is still down after maintenance', includes: [down.suppressed[0]?.alert.id] }]);
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + HOUR + MINUTE)).alerts).toEqual([]);
  });

  it('tells a monitor told down before the window that it is still down when the window ends, as the service does', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR)] }));
    run.poll(ok({ monitors: [api('up')] }, NOW - 3 * MINUTE));
    expect(run.poll(ok({ monitors: [api('down')] }, NOW - 2 * MINUTE)).alerts.map(({ title }) => title)).toEqual(['API is down']);
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + MINUTE)).alerts).toEqual([]);
    // No status_since from this server: the outage is counted from when Vigil first saw it down.
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + HOUR)).alerts).toMatchObject([
      { kind: 'monitor-down', title: 'API is still down after maintenance', body: 'Down for 1 h 2 min when maintenance ended. · Work API' },
    ]);
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + HOUR + MINUTE)).alerts).toEqual([]);
  });

  it('tells the recovery, not "still down", of a monitor told down before the window and back up inside it', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR)] }));
    run.poll(ok({ monitors: [api('up')] }, NOW - 3 * MINUTE));
    run.poll(ok({ monitors: [api('down')] }, NOW - 2 * MINUTE));
    run.poll(ok({ monitors: [api('down')] }, NOW + MINUTE));
    expect(run.poll(ok({ monitors: [api('up')] }, NOW + 2 * MINUTE)).alerts).toEqual([]);
    expect(run.poll(ok({ monitors: [api('up')] }, NOW + HOUR)).alerts).toMatchObject([{ kind: 'monitor-recovered', body: 'It recovered during maintenance. · Work API' }]);
  });

  it("counts the outage from the server's status_since to the window's end, however late the poll that sees the end", () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR)] }));
    const since = new Date(NOW - 5 * MINUTE).toISOString();
    run.poll(ok({ monitors: [api('up')] }, NOW - 20 * MINUTE));
    run.poll(ok({ monitors: [monitor('api', 'down', { name: 'API', status_since: since })] }, NOW + 10 * MINUTE));
    const after = run.poll(ok({ monitors: [monitor('api', 'down', { name: 'API', status_since: since })] }, NOW + HOUR + 7 * MINUTE));
    expect(after.alerts).toMatchObject([{ title: 'API is still down after maintenance', body: 'Down for 1 h 5 min when maintenance ended. · Work API' }]);
  });

  it('tells nothing for a down and a recovery inside the window', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR)] }));
    run.poll(ok({ monitors: [api('up')] }, NOW - MINUTE));
    run.poll(ok({ monitors: [api('down')] }, NOW + MINUTE));
    const recovered = run.poll(ok({ monitors: [api('up')] }, NOW + 2 * MINUTE));
    expect(recovered.suppressed.map(({ reason }) => reason)).toEqual(['maintenance']);
    expect(run.poll(ok({ monitors: [api('up')] }, NOW + HOUR)).alerts).toEqual([]);
    expect(run.alerts).toEqual([]);
    expect(tables(run.state).owed).toEqual({});
  });

  it('tells a recovery inside the window of an outage told before it', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR)] }));
    run.poll(ok({ monitors: [api('up')] }, NOW - 2 * MINUTE));
    expect(run.poll(ok({ monitors: [api('down')] }, NOW - MINUTE)).alerts.map(({ kind }) => kind)).toEqual(['monitor-down']);
    expect(run.poll(ok({ monitors: [api('up')] }, NOW + MINUTE)).alerts).toEqual([]);
    expect(run.poll(ok({ monitors: [api('up')] }, NOW + HOUR)).alerts).toMatchObject([{ kind: 'monitor-recovered', body: 'It recovered during maintenance. · Work API' }]);
  });

  it('survives a restart during the window: the outage is still owed, and told once after', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR)] }));
    run.poll(ok({ monitors: [api('up')] }, NOW - MINUTE));
    run.poll(ok({ monitors: [api('down')] }, NOW + MINUTE));
    run.restart();
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + 2 * MINUTE)).alerts).toEqual([]);
    run.restart();
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + HOUR)).alerts.map(({ title }) => title)).toEqual(['API is still down after maintenance']);
    run.restart();
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + HOUR + MINUTE)).alerts).toEqual([]);
  });

  it('covers weekly windows only in their ranges', () => {
    // Saturdays 14:00–15:00 UTC; NOW is Saturday 14:05 UTC.
    const weekly = { from: NOW - 30 * 86_400_000, repeat: { days: [6 as const], start: '14:00', end: '15:00', timezone: 'UTC' } };
    const run = new RulesRun(alertRules({ maintenance: [weekly] }));
    run.poll(ok({ monitors: [api('up')] }, NOW - MINUTE));
    expect(run.poll(ok({ monitors: [api('down')] }, NOW)).alerts).toEqual([]);
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + HOUR)).alerts.map(({ title }) => title)).toEqual(['API is still down after maintenance']);
  });

  it('owes the flapping that began inside a window, and tells it once the window ends, with the change that tipped it', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + 10 * MINUTE, 'monitor:api')] }));
    run.poll(ok({ monitors: [api('up')] }, NOW - MINUTE));
    const statuses = ['down', 'up', 'down', 'up', 'down'];
    for (const [index, status] of statuses.entries()) expect(run.poll(ok({ monitors: [api(status)] }, NOW + (index + 1) * MINUTE)).alerts).toEqual([]);
    expect(run.suppressed.map(({ reason }) => reason)).toEqual(['maintenance', 'maintenance', 'maintenance', 'maintenance', 'flapping']);
    const tipping = run.suppressed.at(-1)?.alert.id;
    const ended = run.poll(ok({ monitors: [api('down')] }, NOW + 10 * MINUTE));
    expect(ended.alerts).toMatchObject([{ kind: 'monitor-flapping', title: 'API is flapping (after maintenance)', includes: [tipping] }]);
    const more = run.poll(ok({ monitors: [api('up')] }, NOW + 11 * MINUTE));
    expect(more.alerts).toEqual([]);
    const settled = run.poll(ok({ monitors: [api('up')] }, NOW + 26 * MINUTE));
    expect(settled.alerts).toMatchObject([{ kind: 'monitor-settled', title: 'API stopped flapping: up', includes: [more.suppressed[0]?.alert.id] }]);
    expect(tables(run.state).owed).toEqual({});
  });

  it('tells how a monitor that flapped and settled inside a window stands when it ends, with every change owed', () => {
    const run = new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR, 'monitor:api')] }));
    run.poll(ok({ monitors: [api('up')] }, NOW - MINUTE));
    for (const [index, status] of ['down', 'up', 'down', 'up', 'down', 'up', 'down'].entries()) run.poll(ok({ monitors: [api(status)] }, NOW + (index + 1) * MINUTE));
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + 30 * MINUTE)).alerts).toEqual([]);
    const flapped = run.suppressed.filter(({ reason }) => reason === 'flapping').map(({ alert }) => alert.id);
    expect(flapped).toHaveLength(3);
    const after = run.poll(ok({ monitors: [api('down')] }, NOW + HOUR));
    expect(after.alerts).toMatchObject([{ kind: 'monitor-down', title: 'API is still down after maintenance', includes: flapped }]);
    expect(run.poll(ok({ monitors: [api('down')] }, NOW + HOUR + MINUTE)).alerts).toEqual([]);
  });

  it('tells a monitor whose flapping rule was turned off inside a window as it stands, as one that settled', () => {
    const maintenance = [window(NOW, NOW + HOUR, 'monitor:api')];
    const run = new RulesRun(alertRules({ maintenance, flapping: { changes: 5, minutes: 15 } }));
    run.poll(ok({ monitors: [api('up')] }, NOW - MINUTE));
    // Flapping from the sixth change, back up: the down owed before it said nothing the person was told.
    for (const [index, status] of ['down', 'up', 'down', 'up', 'down', 'up'].entries()) run.poll(ok({ monitors: [api(status)] }, NOW + (index + 1) * MINUTE));
    expect(tables(run.state).owed).toMatchObject({ 'monitor:api': { kind: 'monitor-flapping', toldBad: false } });
    const off = { rules: alertRules({ maintenance, flapping: { changes: 0, minutes: 0 } }) };
    expect(run.poll(ok({ monitors: [api('up')] }, NOW + 10 * MINUTE), off).alerts).toEqual([]);
    const ended = run.poll(ok({ monitors: [api('up')] }, NOW + HOUR), off);
    expect(ended.alerts).toMatchObject([{ kind: 'monitor-recovered', title: 'API is back up', body: expect.stringContaining('It recovered during maintenance.') }]);
  });
});

describe('maintenance on everything', () => {
  const everything = () => new RulesRun(alertRules({ maintenance: [window(NOW, NOW + HOUR)] }), { preferences: preferences({ unreachableAfterPolls: 1 }) });

  it("holds the connection's own \"can't reach\", told when the window ends only if it is still unreachable", () => {
    const run = everything();
    run.poll(ok({ monitors: [api('up')] }, NOW - MINUTE));
    const lost = run.poll(failed('unreachable', NOW + MINUTE));
    expect(lost.alerts).toEqual([]);
    expect(lost.suppressed.map(({ alert, reason }) => [alert.kind, reason])).toEqual([['connection-lost', 'maintenance']]);
    run.restart();
    expect(run.poll(failed('unreachable', NOW + 30 * MINUTE)).alerts).toEqual([]);
    const ended = run.poll(failed('timeout', NOW + HOUR, 'The server took too long.'));
    expect(ended.alerts).toMatchObject([{ kind: 'connection-lost', title: "Can't reach Work API", body: expect.stringContaining('The server took too long.'), includes: [lost.suppressed[0]?.alert.id] }]);
    expect(run.poll(failed('unreachable', NOW + HOUR + MINUTE)).alerts).toEqual([]);
    expect(run.poll(ok({ monitors: [api('up')] }, NOW + HOUR + 2 * MINUTE)).alerts.map(({ kind }) => kind)).toEqual(['connection-restored']);
  });

  it('tells nothing of a connection lost and back inside the window, nor after it', () => {
    const run = everything();
    run.poll(ok({ monitors: [api('up')] }, NOW - MINUTE));
    run.poll(failed('unreachable', NOW + MINUTE));
    const back = run.poll(ok({ monitors: [api('up')] }, NOW + 2 * MINUTE));
    expect(back.suppressed.map(({ alert, reason }) => [alert.kind, reason])).toEqual([['connection-restored', 'maintenance']]);
    expect(run.poll(ok({ monitors: [api('up')] }, NOW + HOUR)).alerts).toEqual([]);
    expect(run.alerts).toEqual([]);
    expect(run.state.connection.owed).toBeUndefined();
  });

  it('tells "reachable again" when the window ends of a connection lost before it and back inside', () => {
    const run = everything();
    run.poll(ok({ monitors: [api('up')] }, NOW - 2 * MINUTE));
    expect(run.poll(failed('unreachable', NOW - MINUTE)).alerts.map(({ kind }) => kind)).toEqual(['connection-lost']);
    expect(run.poll(ok({ monitors: [api('up')] }, NOW + MINUTE)).alerts).toEqual([]);
    expect(run.poll(ok({ monitors: [api('up')] }, NOW + HOUR)).alerts).toMatchObject([{ kind: 'connection-restored', title: 'Work API is reachable again' }]);
  });

  it('keeps telling the token news: it needs the person', () => {
    const run = everything();
    run.poll(ok({ monitors: [api('up')] }, NOW - MINUTE));
    expect(run.poll(failed('unauthorized', NOW + MINUTE)).alerts.map(({ kind }) => kind)).toEqual(['sign-in-again']);
  });
});

