// @vitest-environment happy-dom
import type { ItemFixture } from './status-fixtures.ts';
import { describe, expect, it } from 'vitest';
import type { Monitor} from '../../common/ipc/views.ts';
import { bannersOf } from '../../renderer/components/banners.tsx';
import { formatDuration } from '../../common/format/duration.ts';
import { durationParts, formatFrequency, relativeTime } from '../../renderer/format/time.ts';
import { nextSort, searchText, searchWords, matchesWords, sortRows } from '../../renderer/state/sorting.ts';
import { filterMonitorRows, listTypeLabel, monitorRows, shownTarget, sortMonitorRows } from '../../renderer/views/monitors/monitor-list.ts';
import { tellChoicesOf } from '../../renderer/views/item/rules-values.ts';
import { kindCounts, splitByAttention } from '../../renderer/views/overview/overview-model.ts';
import { status } from './renderer-harness.tsx';
import { localConnection, serverItem } from './status-fixtures.ts';

const NOW = Date.UTC(2026, 10, 21, 12);

describe('times', () => {
  it('reads relative times in both directions', () => {
    expect(relativeTime(NOW - 10_000, NOW)).toBe('just now');
    expect(relativeTime(NOW - 3 * 60_000, NOW)).toBe('3 min ago');
    expect(relativeTime(NOW + 2 * 3_600_000, NOW)).toBe('in 2 h');
    expect(relativeTime(NOW - 86_400_000, NOW)).toBe('1 day ago');
    expect(relativeTime(NOW - 5 * 86_400_000, NOW)).toBe('5 days ago');
  });

  it('writes durations in the largest exact unit', () => {
    expect(durationParts(300)).toEqual({ amount: 5, unit: 'minutes' });
    expect(durationParts(90)).toEqual({ amount: 90, unit: 'seconds' });
    expect(durationParts(86_400)).toEqual({ amount: 1, unit: 'days' });
    expect(formatDuration(30_000, 'exact')).toBe('30 s');
    expect(formatDuration(5_400_000, 'exact')).toBe('1 h 30 min');
    expect(formatDuration(90_000, 'exact')).toBe('1 min 30 s');
    expect(formatFrequency(300)).toBe('every 5 min');
    expect(formatFrequency(undefined)).toBe('—');
  });
});

describe('sorting and searching', () => {
  it('sorts numbers and text naturally, missing values last, ties stable', () => {
    const rows = [{ v: 'Item 10' }, { v: undefined }, { v: 'item 9' }, { v: 'Item 9' }];
    expect(sortRows(rows, (row) => row.v, 'ascending').map((row) => row.v)).toEqual(['item 9', 'Item 9', 'Item 10', undefined]);
    expect(sortRows(rows, (row) => row.v, 'descending').map((row) => row.v)).toEqual(['Item 10', 'item 9', 'Item 9', undefined]);
    expect(nextSort({ sortBy: 'name', direction: 'ascending' }, 'name')).toEqual({ sortBy: 'name', direction: 'descending' });
    expect(nextSort({ sortBy: 'name', direction: 'descending' }, 'type')).toEqual({ sortBy: 'type', direction: 'ascending' });
  });

  it('matches every word, ignoring case and accents', () => {
    const text = searchText(['Café API', 'https://cafe.example']);
    expect(matchesWords(searchWords('cafe api'), text)).toBe(true);
    expect(matchesWords(searchWords('CAFÉ'), text)).toBe(true);
    expect(matchesWords(searchWords('cafe db'), text)).toBe(false);
    expect(matchesWords(searchWords('   '), text)).toBe(true);
  });
});

describe('monitor list', () => {
  it('shows a target from its host: an http(s) scheme is left for the tooltip', () => {
    expect(shownTarget('https://api.example.com/health')).toBe('api.example.com/health');
    expect(shownTarget('HTTP://intranet.lan/')).toBe('intranet.lan/');
    expect(shownTarget('10.0.0.2:445')).toBe('10.0.0.2:445');
    // The scheme it leaves out is the type's.
    expect(listTypeLabel('http', 'https://api.example.com/health')).toBe('HTTPS');
    expect(listTypeLabel('http', 'http://intranet.lan/')).toBe('HTTP');
    expect(listTypeLabel('tcp', '10.0.0.2:445')).toBe('TCP');
    expect(listTypeLabel('smtp', 'mail.example')).toBe('smtp');
  });

  const monitors: Monitor[] = [
    { id: '1', name: 'Web', type: 'http', url: 'https://web.example', last_status: 'up' },
    { id: '2', name: 'DB', type: 'tcp', url: 'db.example:5432', last_status: 'down' },
    { id: '3', name: 'Ping me', type: 'ping', url: 'router.example' },
    { id: '4', name: 'Mail', type: 'smtp', url: 'mail.example', last_status: 'up' },
  ];
  const items = new Map([['local/monitor:1', serverItem(localConnection, { key: 'monitor:1', kind: 'monitor', name: 'Web', health: 'ok', state: 'up', detail: '', snoozedUntil: 'resumed' })]]);
  const rows = monitorRows(monitors.map((item) => ({ key: `local/monitor:${item.id ?? ''}`, connectionId: 'local', item, saving: false })), items, new Map([['local', 'This computer']]));

  it('sorts by status worst first, names within', () => {
    expect(sortMonitorRows(rows, 'status', 'ascending').map((row) => row.monitor.name)).toEqual(['DB', 'Ping me', 'Mail', 'Web']);
  });

  it('sorts by the type as the cells show it: HTTP before HTTPS, whatever the names', () => {
    const typed: Monitor[] = [
      { id: 'a', name: 'Alpha', type: 'http', url: 'https://alpha.example' },
      { id: 'z', name: 'Zulu', type: 'http', url: 'http://zulu.example' },
      { id: 'd', name: 'Delta', type: 'dns', url: 'delta.example' },
    ];
    const typedRows = monitorRows(typed.map((item) => ({ key: `local/monitor:${item.id ?? ''}`, connectionId: 'local', item, saving: false })), new Map(), new Map());
    expect(sortMonitorRows(typedRows, 'type', 'ascending').map((row) => row.monitor.name)).toEqual(['Delta', 'Zulu', 'Alpha']);
    expect(sortMonitorRows(typedRows, 'type', 'descending').map((row) => row.monitor.name)).toEqual(['Alpha', 'Zulu', 'Delta']);
  });

  it('filters by status, snooze, type (other for unknown types) and search', () => {
    expect(filterMonitorRows(rows, '', { status: 'down', type: 'all' }).map((row) => row.monitor.name)).toEqual(['DB']);
    expect(filterMonitorRows(rows, '', { status: 'snoozed', type: 'all' }).map((row) => row.monitor.name)).toEqual(['Web']);
    expect(filterMonitorRows(rows, '', { status: 'all', type: 'other' }).map((row) => row.monitor.name)).toEqual(['Mail']);
    expect(filterMonitorRows(rows, 'example:5432', { status: 'all', type: 'all' }).map((row) => row.monitor.name)).toEqual(['DB']);
  });
});

describe('overview', () => {
  const items: ItemFixture[] = [
    { key: 'monitor:1', kind: 'monitor', name: 'DB', health: 'critical', state: 'down', detail: '' },
    { key: 'domain:1', kind: 'domain', name: 'a.example', health: 'warning', state: 'expiring', detail: '' },
    { key: 'heartbeat:1', kind: 'heartbeat', name: 'Backup', health: 'critical', state: 'late', detail: '', snoozedUntil: 'resumed' },
    { key: 'monitor:2', kind: 'monitor', name: 'Web', health: 'ok', state: 'up', detail: '' },
  ];

  it('puts problems that are not snoozed first', () => {
    const { attention, rest } = splitByAttention(status({ items }));
    expect(attention.map((item) => item.name)).toEqual(['DB', 'a.example']);
    expect(rest.map((item) => item.name)).toEqual(['Backup', 'Web']);
  });

  it('counts states per kind, worst first', () => {
    expect(kindCounts(status({ items }).items)).toEqual([
      { kind: 'monitor', label: 'Monitors', total: 2, states: [{ state: 'down', count: 1 }, { state: 'up', count: 1 }] },
      { kind: 'heartbeat', label: 'Heartbeats', total: 1, states: [{ state: 'late', count: 1 }] },
      { kind: 'domain', label: 'Domains', total: 1, states: [{ state: 'expiring', count: 1 }] },
    ]);
  });

  it('counts a failed heartbeat before a down or late one', () => {
    const heartbeats: ItemFixture[] = ['late', 'failed', 'down'].map((state, index) => ({ key: `heartbeat:${index}`, kind: 'heartbeat', name: `H${index}`, health: 'critical', state, detail: '' }));
    expect(kindCounts(status({ items: heartbeats }).items)[1]?.states.map(({ state }) => state)).toEqual(['failed', 'down', 'late']);
  });

  it('names a heartbeat’s "down" news as what it is: a failed run', () => {
    expect(tellChoicesOf('heartbeat')).toEqual([{ kind: 'late', label: 'It is late' }, { kind: 'down', label: 'A run fails' }, { kind: 'recovered', label: 'It recovers' }]);
    expect(tellChoicesOf('monitor')[0]).toEqual({ kind: 'down', label: 'It goes down' });
  });
});

describe('banners', () => {
  it('asks to sign in again when the token was rejected', () => {
    expect(bannersOf(status({ situation: 'signed-out', level: 'unknown' }), NOW)).toMatchObject([{ id: 'token-rejected', action: { label: 'Sign in again' } }]);
  });

  it('says the server cannot be reached (even while paused), with what the lists show', () => {
    const banners = bannersOf(status({ level: 'paused', pausedUntil: 'resumed', servers: [{ situation: 'unreachable', problem: 'Could not connect to 127.0.0.1:1.', lastSuccessfulPollAt: NOW - 5 * 60_000 }] }), NOW);
    expect(banners.map((banner) => banner.id)).toEqual(['unreachable', 'paused']);
    expect(banners[0]).toMatchObject({ text: 'Vigil cannot reach This computer. Could not connect to 127.0.0.1:1.', detail: 'The lists show what it said 5 min ago.' });
    expect(banners[1]).toMatchObject({ text: 'Notifications are paused until you resume them.', action: { run: 'resume' } });
  });

  it('says quiet hours hold notifications until they end, with nothing to press', () => {
    const quiet = bannersOf({ ...status({}), quiet: { until: NOW + 8 * 3_600_000 } }, NOW);
    expect(quiet).toEqual([expect.objectContaining({ id: 'quiet', tone: 'info', text: expect.stringMatching(/^Quiet hours until .+: notifications are held, and summed up when they end\.$/) })]);
    expect(quiet[0]?.action).toBeUndefined();
  });

  it('warns before the token expires', () => {
    const connection = { id: 'prod', name: 'Prod', baseUrl: 'https://prod.example/api', kind: 'remote' as const, sourceKind: 'vigil' as const, enabled: true, auth: 'expiring' as const, tokenExpiresAt: NOW + 2 * 86_400_000 };
    expect(bannersOf(status({ connection }), NOW)).toMatchObject([{ id: 'token-expiring', text: 'The token for Prod expires in 2 days. Replace it before it does.' }]);
  });

  it('shows nothing when all is well', () => {
    expect(bannersOf(status(), NOW)).toEqual([]);
  });
});
