import { describe, expect, it } from 'vitest';
import { MINUTE, monitor, NOW, ok } from './fixtures.ts';
import { alertRules, RulesRun } from './rules-fixtures.ts';

const children = Array.from({ length: 50 }, (_, index) => `c${index}`);
const tree = alertRules({ dependencies: new Map(children.map((id) => [`monitor:${id}`, 'monitor:router'])) });
const router = (status: string) => monitor('router', status, { name: 'Router' });
const child = (id: string, status: string) => monitor(id, status, { name: `Child ${id}` });

function poll(run: RulesRun, routerStatus: string, childStatus: (id: string) => string, at: number) {
  return run.poll(ok({ monitors: [...children.map((id) => child(id, childStatus(id))), router(routerStatus)] }, at));
}

describe('dependencies', () => {
  it('fold 50 children going down with their parent into ONE alert', () => {
    const run = new RulesRun(tree);
    poll(run, 'up', () => 'up', NOW - MINUTE);
    const { alerts, suppressed } = poll(run, 'down', () => 'down', NOW);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'monitor-down', itemKey: 'monitor:router', title: 'Router is down — 50 dependent monitors affected' });
    expect(suppressed).toHaveLength(50);
    expect(suppressed.every(({ reason }) => reason === 'dependency')).toBe(true);
    expect(new Set(alerts[0]?.includes)).toEqual(new Set(suppressed.map(({ alert }) => alert.id)));
  });

  it('do not tell children going down later while the parent stays down; on recovery tell only those still down, together', () => {
    const run = new RulesRun(tree);
    poll(run, 'up', () => 'up', NOW - MINUTE);
    const downFirst = new Set(['c0', 'c1', 'c2']);
    poll(run, 'down', (id) => (downFirst.has(id) ? 'down' : 'up'), NOW);
    const later = poll(run, 'down', (id) => (downFirst.has(id) || id === 'c10' || id === 'c11' ? 'down' : 'up'), NOW + MINUTE);
    expect(later.alerts).toEqual([]);
    expect(later.suppressed.map(({ reason }) => reason)).toEqual(['dependency', 'dependency']);
    // c0 recovers while the router is down: nothing; then the router recovers with c1, c2, c10 and c11 still down.
    const stillDown = new Set(['c1', 'c2', 'c10', 'c11']);
    expect(poll(run, 'down', (id) => (stillDown.has(id) ? 'down' : 'up'), NOW + 2 * MINUTE).alerts).toEqual([]);
    const recovered = poll(run, 'up', (id) => (stillDown.has(id) ? 'down' : 'up'), NOW + 3 * MINUTE);
    expect(recovered.alerts.map(({ kind }) => kind)).toEqual(['monitor-recovered', 'summary']);
    expect(recovered.alerts[1]).toMatchObject({
      title: '4 dependent items still not well',
      body: 'Router is back up; still down or late: Child c1, Child c2, Child c10 and 1 more. · Work API',
      covers: 4,
      includes: later.suppressed.map(({ alert }) => alert.id),
    });
    expect(poll(run, 'up', (id) => (stillDown.has(id) ? 'down' : 'up'), NOW + 4 * MINUTE).alerts).toEqual([]);
  });

  it('tell one child still down on its own', () => {
    const run = new RulesRun(tree);
    poll(run, 'up', () => 'up', NOW - MINUTE);
    poll(run, 'down', (id) => (id === 'c7' ? 'down' : 'up'), NOW);
    const { alerts } = poll(run, 'up', (id) => (id === 'c7' ? 'down' : 'up'), NOW + MINUTE);
    expect(alerts.map(({ title }) => title)).toEqual(['Router is back up', 'Child c7 is still down']);
  });
});
