// A source's own history as item-page parts (pure but for the port it is read through): results hold until the next,
// changes of state draw the timeline without being checks, older results page back, and a failure is said.
import { describe, expect, it } from 'vitest';
import { MonitoringClientError } from '../../../main/core/api/client-error.ts';
import { olderSourceChecks, sourceServerParts, type SourceHistory } from '../../../main/core/history/source-history.ts';
import type { SourceHistoryEntry } from '../../../main/core/sources/source-adapter.ts';

const NOW = Date.UTC(2026, 10, 29, 12, 0);
const minute = 60_000;

function kept(entries: SourceHistoryEntry[] | undefined | Error): SourceHistory {
  return { owner: 'Gatus', entries: async () => (entries instanceof Error ? Promise.reject(entries) : entries) };
}

describe('sourceServerParts', () => {
  it('draws each result until the next, lists the results as checks, and says where the history begins', async () => {
    // Gatus: two results, newest first, then a change of state from before them (its events reach further back).
    const parts = await sourceServerParts(
      kept([
        { at: NOW - 1 * minute, ok: true, responseMs: 42 },
        { at: NOW - 2 * minute, ok: false, responseMs: 5_000, detail: 'context deadline exceeded' },
        { at: NOW - 60 * minute, ok: true, detail: 'Became healthy', change: true },
      ]),
      'core_api',
      NOW,
    );
    expect(parts?.timeline?.historyStart).toBe(NOW - 60 * minute);
    expect(parts?.timeline?.segments.map(({ from, to, state, detail }) => [(from - NOW) / minute, (to - NOW) / minute, state, detail])).toEqual([
      [-60, -2, 'up', 'Became healthy'],
      [-2, -1, 'down', 'context deadline exceeded'],
      [-1, 0, 'up', undefined],
    ]);
    expect(parts?.checks).toEqual([
      { at: NOW - minute, status: 'up', responseTimeMs: 42, error: undefined },
      { at: NOW - 2 * minute, status: 'down', responseTimeMs: 5_000, error: 'context deadline exceeded' },
    ]);
    expect(parts?.problem).toBeUndefined();
  });

  it('has no checks for a history of changes alone, and nothing at all where the source keeps none', async () => {
    const flips = await sourceServerParts(kept([{ at: NOW - 5 * minute, ok: false, change: true }]), 'x', NOW);
    expect(flips?.checks).toBeUndefined();
    expect(flips?.timeline?.segments).toEqual([{ from: NOW - 5 * minute, to: NOW, health: 'critical', state: 'down', detail: undefined }]);
    expect(await sourceServerParts(kept(undefined), 'x', NOW)).toBeUndefined();
    expect((await sourceServerParts(kept([]), 'x', NOW))?.timeline).toEqual({ segments: [], historyStart: undefined });
  });

  it('keeps the source’s own words when its history cannot be read', async () => {
    const failed = await sourceServerParts(kept(new MonitoringClientError({ kind: 'server-error', status: 502, message: 'Gatus answered HTTP 502.' })), 'x', NOW);
    expect(failed).toMatchObject({ timeline: undefined, problem: 'Gatus answered HTTP 502.' });
  });

  it('pages back through older results for "Show more checks"', async () => {
    const history = kept(Array.from({ length: 5 }, (_, index) => ({ at: NOW - index * minute, ok: true, responseMs: index })));
    expect((await olderSourceChecks(history, 'x', NOW - 2 * minute, 2)).map((check) => check.responseTimeMs)).toEqual([3, 4]);
    expect((await olderSourceChecks(history, 'x', undefined, 1)).map((check) => check.responseTimeMs)).toEqual([0]);
  });
});
