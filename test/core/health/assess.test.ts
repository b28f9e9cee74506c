import { describe, expect, it } from 'vitest';
import { defaultExpiryThresholds } from '../../../common/api/index.ts';
import { assessSnapshot, itemDetail, itemName, type ItemAssessment } from '../../../main/core/health/index.ts';
import { DAY, domain, heartbeat, HOUR, iso, MINUTE, monitor, NOW, snapshot } from '../alerts/fixtures.ts';

const options = { now: NOW, graceSeconds: 300, thresholds: defaultExpiryThresholds };

function assessOne(
  items: Parameters<typeof snapshot>[0],
  extra: Partial<typeof options> & { waitingSince?: Record<string, number> } = {},
): ItemAssessment {
  const [first] = assessSnapshot(snapshot(items), { ...options, ...extra });
  if (first === undefined) throw new Error('no item');
  return first;
}

describe('assessSnapshot', () => {
  it('judges every item with its key, health and state', () => {
    const assessed = assessSnapshot(
      snapshot({ monitors: [monitor('a', 'down')], heartbeats: [heartbeat('b', 3 * HOUR)], domains: [domain('c', 3)] }),
      options,
    );
    expect(assessed.map(({ key, health, state }) => ({ key, health, state }))).toEqual([
      { key: 'monitor:a', health: 'critical', state: 'down' },
      { key: 'heartbeat:b', health: 'critical', state: 'down' },
      { key: 'domain:c', health: 'warning', state: 'expiring' },
    ]);
  });

  it('uses the snapshot time for days_until_expiry', () => {
    const [assessed] = assessSnapshot(snapshot({ domains: [domain('c', 3)] }, NOW - 2 * DAY), options);
    expect(assessed).toMatchObject({ state: 'expiring', daysLeft: 1 });
  });

  it('uses when Vigil first saw a never-pinged heartbeat', () => {
    const assessed = assessOne({ heartbeats: [heartbeat('b', undefined)] }, { waitingSince: { 'heartbeat:b': NOW - 2 * HOUR } });
    expect(assessed.state).toBe('late');
  });
});

describe('itemDetail', () => {
  it.each([
    [{ monitors: [monitor('a', 'down')] }, 'Down'],
    [{ monitors: [monitor('a', 'up')] }, 'Up'],
    [{ monitors: [monitor('a', 'unknown')] }, 'Status unknown'],
    [{ monitors: [monitor('a', 'paused')] }, 'Status unknown (the server says something Vigil does not know)'],
    [{ monitors: [monitor('a', undefined)] }, 'No status yet'],
    [{ heartbeats: [heartbeat('b', 5 * MINUTE)] }, 'Last ping 5 min ago'],
    [{ heartbeats: [heartbeat('b', 70 * MINUTE)] }, 'Late: last ping 1 h 10 min ago, expected every 1 h'],
    [{ heartbeats: [heartbeat('b', 3 * HOUR)] }, 'Missed two or more pings: last ping 3 h ago, expected every 1 h'],
    [{ heartbeats: [heartbeat('b', undefined)] }, 'Waiting for the first ping'],
    [{ heartbeats: [heartbeat('b', 5 * HOUR, 3600, NOW, { last_outcome: 'failed', last_exit_code: 2, last_end: iso(NOW - 3 * HOUR) })] }, 'Failed: exit code 2, 3 h ago'],
    [{ heartbeats: [heartbeat('b', 5 * HOUR, 3600, NOW, { last_outcome: 'failed', last_end: iso(NOW - 3 * HOUR) })] }, 'Failed 3 h ago'],
    [{ heartbeats: [heartbeat('b', undefined, 3600, NOW, { last_outcome: 'failed' })] }, 'Failed'],
    [{ heartbeats: [heartbeat('b', DAY, 86_400, NOW, { max_runtime_seconds: 7200, last_start: iso(NOW - 130 * MINUTE), last_end: iso(NOW - DAY) })] }, 'Running for 2 h 10 min, limit 2 h'],
    [{ heartbeats: [heartbeat('b', 20 * MINUTE, 86_400, NOW, { max_runtime_seconds: 7200, last_start: iso(NOW - 12 * MINUTE), last_end: iso(NOW - 20 * MINUTE) })] }, 'Running for 12 min (limit 2 h)'],
    [{ heartbeats: [heartbeat('b', 20 * MINUTE, 86_400, NOW, { last_start: iso(NOW - 12 * MINUTE), last_end: iso(NOW - 20 * MINUTE) })] }, 'Running for 12 min'],
    [{ heartbeats: [heartbeat('b', undefined, 86_400, NOW, { next_expected_at: iso(NOW + HOUR), max_runtime_seconds: 7200, last_start: iso(NOW - 12 * MINUTE) })] }, 'Running for 12 min (limit 2 h)'],
    [{ heartbeats: [heartbeat('b', 26 * HOUR, 86_400, NOW, { schedule: '30 2 * * *', next_expected_at: iso(NOW - 2 * HOUR) })] }, 'Late: last ping 1 d 2 h ago, on schedule 30 2 * * *'],
    [{ heartbeats: [heartbeat('b', 5 * MINUTE, 3600, NOW, { expected_interval: undefined })] }, 'No expected interval, so lateness is unknown'],
    [{ domains: [domain('c', 5)] }, 'Expires in 5 days (2026-11-26)'],
    [{ domains: [domain('c', -2)] }, 'Expired 2 days ago (2026-11-19)'],
    [{ domains: [domain('c', undefined)] }, 'Expiry could not be looked up'],
    [{ domains: [{ ...domain('c', undefined), last_error: 'could not reach data.iana.org (host not found)' }] }, 'Expiry not known — could not reach data.iana.org (host not found)'],
  ])('%j reads "%s"', (items, text) => {
    expect(itemDetail(assessOne(items), NOW)).toBe(text);
  });

  it('says a never-pinged heartbeat that is overdue has no ping yet', () => {
    const assessed = assessOne({ heartbeats: [heartbeat('b', undefined)] }, { waitingSince: { 'heartbeat:b': NOW - 2 * HOUR } });
    expect(itemDetail(assessed, NOW)).toBe('No ping yet, expected every 1 h');
  });

  it('names items for display', () => {
    expect(itemName(assessOne({ domains: [domain('c', 5)] }))).toBe('c.example');
  });
});
