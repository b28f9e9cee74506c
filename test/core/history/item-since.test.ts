// Since when an item's state holds, and the tray's "down for 12 min": the best witness first, "at least" when Vigil
// did not see the change.
import { describe, expect, it } from 'vitest';
import { assessDomain, assessHeartbeat, assessMonitor } from '../../../main/core/health/index.ts';
import { itemSince } from '../../../main/core/history/item-since.ts';
import { durationPhrase } from '../../../main/core/tray/item-duration.ts';
import { domain, heartbeat, HOUR, iso, MINUTE, monitor, NOW } from '../alerts/fixtures.ts';

const thresholds = [30, 14, 7, 1];

describe('itemSince', () => {
  it("prefers a monitor's status_since", () => {
    const item = assessMonitor(monitor('a', 'down', { status_since: iso(NOW - 12 * MINUTE) }));
    expect(itemSince(item, { state: 'down', since: NOW - HOUR, watchStart: NOW - 2 * HOUR }, NOW, thresholds)).toEqual({ since: NOW - 12 * MINUTE, lowerBound: false });
  });

  it('takes a change Vigil saw while watching as exact, and one seen at the start of watching as a lower bound', () => {
    const item = assessMonitor(monitor('a', 'down'));
    expect(itemSince(item, { state: 'down', since: NOW - 12 * MINUTE, watchStart: NOW - HOUR }, NOW, thresholds)).toEqual({ since: NOW - 12 * MINUTE, lowerBound: false });
    expect(itemSince(item, { state: 'down', since: NOW - 3 * HOUR, watchStart: NOW - HOUR }, NOW, thresholds)).toEqual({ since: NOW - HOUR, lowerBound: true });
    expect(itemSince(item, { state: 'up', since: NOW - HOUR, watchStart: NOW - HOUR }, NOW, thresholds)).toBeUndefined();
  });

  it("reads a heartbeat's lateness and a domain's expiry from their own data", () => {
    const late = assessHeartbeat(heartbeat('h', 3 * HOUR, 3600), { now: NOW, graceSeconds: 300, thresholds });
    expect(itemSince(late, undefined, NOW, thresholds)).toEqual({ since: NOW - 3 * HOUR + HOUR + 5 * MINUTE + HOUR, lowerBound: false });
    const expiring = assessDomain(domain('d', 10), { now: NOW, graceSeconds: 300, thresholds });
    expect(itemSince(expiring, undefined, NOW, thresholds)?.since).toBe(Date.UTC(2026, 10, 21 + 10 - 30));
  });
});

describe('durationPhrase', () => {
  it('says how long, "at least" for a lower bound, and a heartbeat late by how much', () => {
    const down = assessMonitor(monitor('a', 'down'));
    expect(durationPhrase(down, { since: NOW - 12 * MINUTE, lowerBound: false }, NOW)).toBe('down for 12 min');
    expect(durationPhrase(down, { since: NOW - 2 * HOUR, lowerBound: true }, NOW)).toBe('down for at least 2 h');
    expect(durationPhrase(down, undefined, NOW)).toBeUndefined();
    const late = assessHeartbeat(heartbeat('h', 3 * HOUR + 5 * MINUTE, 3600), { now: NOW, graceSeconds: 300, thresholds });
    expect(durationPhrase(late, undefined, NOW)).toBe('late by 2 h');
  });
});
