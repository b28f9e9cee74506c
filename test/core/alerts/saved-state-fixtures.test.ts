// Alert-state files written by earlier versions (fixtures/saved-state-v1.json by the version before the person's
// rules, saved-state-v2.json by the version before the per-item memory; both from the day in
// fixtures/saved-state-scenario.ts) restore to the same behaviour: the polls after the restart tell what that version
// told (the *-told.json files, written by it), alert for alert.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { restoreAlertState, type Alert } from '../../../main/core/alerts/index.ts';
import { failed, ok } from './fixtures.ts';
import { afterRestart, scenarioRules } from './fixtures/saved-state-scenario.ts';
import { alertRules, RulesRun } from './rules-fixtures.ts';

const fixture = (name: string): unknown => JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8'));

describe.each([1, 2])('an alert-state file of version %i', (version) => {
  const file = fixture(`saved-state-v${version}.json`) as { connections: { work: unknown } };

  it('restores to the state it was, and tells after the restart what that version told', () => {
    const run = new RulesRun(alertRules(scenarioRules), { connection: { id: 'work', name: 'Work' } }, restoreAlertState(file.connections.work));
    const told: Alert[][] = afterRestart.map((poll) => run.poll(poll.items === undefined ? failed('unreachable', poll.at, 'The server did not answer.') : ok(poll.items, poll.at)).alerts);
    expect(told).toEqual(fixture(`saved-state-v${version}-told.json`));
    // Saved again as version 3, which restores to itself.
    expect(run.state.version).toBe(3);
    expect(restoreAlertState(JSON.parse(JSON.stringify(run.state)))).toStrictEqual({ ...run.state, primed: false, connection: { ...run.state.connection, failedPolls: 0 } });
  });

  it('keeps every item it remembered, each in one record of its kind', () => {
    const restored = restoreAlertState(file.connections.work);
    const persisted = file.connections.work as { monitorsDown: Record<string, number>; heartbeatsLate: Record<string, number> };
    expect(Object.keys(restored.monitors)).toEqual(Object.keys(persisted.monitorsDown));
    expect(Object.keys(restored.heartbeats)).toEqual(expect.arrayContaining(Object.keys(persisted.heartbeatsLate)));
  });
});
