// The one registry of adapters: every kind has its own, and each keeps the manners its kind asks for.
import { describe, expect, it } from 'vitest';
import { sourceAdapters } from '../../../main/core/sources/source-adapters.ts';
import { connectionsCount, connectionsNoun, saysWhatItChecks, SOURCE_KINDS, type ConnectionKind } from '../../../common/ipc/connection-kinds.ts';
import { manualClock } from '../../helpers/manual-clock.ts';

describe('sourceAdapters', () => {
  const adapters = sourceAdapters(manualClock());

  it('has the adapter of every kind, under its kind', () => {
    expect(Object.keys(adapters).sort()).toEqual([...SOURCE_KINDS].sort());
    for (const kind of SOURCE_KINDS) expect(adapters[kind].kind).toBe(kind);
  });

  it('polls no kind more often than it allows, and status pages and Alertmanager as the issue asks', () => {
    for (const adapter of Object.values(adapters)) expect(adapter.defaultPollMs).toBeGreaterThanOrEqual(adapter.minPollMs);
    expect([adapters.statuspage.defaultPollMs, adapters.statuspage.minPollMs]).toEqual([60_000, 60_000]);
    expect(adapters.alertmanager.defaultPollMs).toBe(15_000);
    // UptimeRobot's free plan allows 10 requests a minute; a poll of up to 10 pages at most once a minute keeps to it.
    expect(adapters.uptimerobot.minPollMs).toBeGreaterThanOrEqual(60_000);
  });
});

describe('connectionsCount', () => {
  it('counts servers and sources as what they are, and says which can be copied from', () => {
    expect(connectionsCount(['vigil', 'vigil', 'vigil'])).toBe('3 servers');
    expect(connectionsCount(['vigil', 'statuspage', 'uptime-kuma'])).toBe('1 server and 2 sources');
    expect(connectionsCount(['statuspage'])).toBe('1 source');
    expect([['vigil'], ['gatus', 'statuspage'], ['vigil', 'gatus']].map((kinds) => connectionsNoun(kinds as ConnectionKind[]))).toEqual(['servers', 'sources', 'servers and sources']);
    expect(SOURCE_KINDS.filter(saysWhatItChecks)).toEqual(['uptime-kuma', 'healthchecks', 'gatus', 'uptimerobot']);
  });
});
