// @vitest-environment happy-dom
import type { ItemFixture } from './status-fixtures.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatClockTime, formatDateTime, timeSpanEnds } from '../../common/format/clock-time.ts';
import type { ItemHistoryView } from '../../common/ipc/history.ts';
import type { VigilCalls } from '../../common/ipc/contract.ts';
import { App } from '../../renderer/app.tsx';
import { Notices } from '../../renderer/components/notices.tsx';
import { followNavigationRequests } from '../../renderer/state/follow-core.ts';
import { connectionFocusKey, followHash, itemPageHash, useNavigation } from '../../renderer/state/navigation-store.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { ItemPage } from '../../renderer/views/item/item-page.tsx';
import { checksBefore, itemHistory } from './history-fixtures.ts';
import { callError, fakeApi, renderForUser, status } from './renderer-harness.tsx';

const NOW = Date.UTC(2026, 10, 21, 12);
const minute = 60_000;
const hour = 60 * minute;

function showStatus(items: ItemFixture[]) {
  useNow.setState({ now: NOW });
  useStatus.getState().receive(status({ items }));
}

const apiItem: ItemFixture = { key: 'monitor:mon_1', kind: 'monitor', name: 'API', health: 'critical', state: 'down', detail: 'Connection refused.', since: NOW - 12 * minute };

/** API's page (down for 12 min) over the history `itemHistory` makes with `overrides`; `calls` answer the rest. */
function openApiPage(overrides: Partial<ItemHistoryView> = {}, calls: Partial<VigilCalls> = {}): void {
  fakeApi({ getItemHistory: async () => itemHistory(NOW, '24h', overrides), ...calls });
  showStatus([apiItem]);
  render(<ItemPage itemKey="local/monitor:mon_1" />);
}

describe('the item page', () => {
  it('says the state and for how long, from the status as it changes', async () => {
    openApiPage();
    expect(screen.getByRole('heading', { level: 1, name: 'API' })).toBeTruthy();
    expect(screen.getByText('Down for 12 min')).toBeTruthy();
    showStatus([{ ...apiItem, health: 'ok', state: 'up', since: NOW - 3 * 86_400_000 - 2 * hour }]);
    expect(await screen.findByText('Up for 3 d 2 h')).toBeTruthy();
    showStatus([{ ...apiItem, health: 'ok', state: 'up', since: NOW - 2 * hour, sinceIsLowerBound: true }]);
    expect(await screen.findByText('Up for at least 2 h')).toBeTruthy();
  });

  it('says how late a heartbeat is', () => {
    fakeApi({ getItemHistory: async () => itemHistory(NOW, '24h', { key: 'local/heartbeat:hb_1', kind: 'heartbeat', name: 'Backup' }) });
    showStatus([{ key: 'heartbeat:hb_1', kind: 'heartbeat', name: 'Backup', health: 'warning', state: 'late', detail: '', since: NOW - 2 * hour }]);
    render(<ItemPage itemKey="local/heartbeat:hb_1" />);
    expect(screen.getByText('Late by 2 h')).toBeTruthy();
  });

  it('shows uptime per window, whose record it is, and time nobody watched apart, never as up', async () => {
    openApiPage({
      uptime: [
        { window: '24h', uptime: 0.99987, upSeconds: 80_000, downSeconds: 10, unknownSeconds: 6_390, maintenanceSeconds: 0, sinceCreation: undefined, source: 'client' },
        { window: '7d', uptime: undefined, upSeconds: 0, downSeconds: 0, unknownSeconds: 604_800, maintenanceSeconds: 0, sinceCreation: undefined, source: 'client' },
        { window: '30d', uptime: 1, upSeconds: 2_592_000, downSeconds: 0, unknownSeconds: 0, maintenanceSeconds: 0, sinceCreation: undefined, source: 'server' },
        { window: '90d', uptime: 0.5, upSeconds: 1, downSeconds: 1, unknownSeconds: 0, maintenanceSeconds: 0, sinceCreation: undefined, source: 'server' },
      ],
    });
    const figures = within(await screen.findByRole('region', { name: 'Uptime' }));
    const day = figures.getByText('Past 24 hours').closest('li');
    // 99.987 % is rounded down: it was not up all the time.
    expect(day?.textContent).toContain('99.98 %');
    expect(day?.textContent).toContain('Not watched for 1 h 46 min, not counted.');
    expect(day?.textContent).toContain('Vigil’s own record');
    expect(figures.getByText('Past 7 days').closest('li')?.textContent).toContain('Not observed');
    expect(figures.getByText('Past 30 days').closest('li')?.textContent).toContain('100 %');
    expect(figures.getByText('Past 30 days').closest('li')?.textContent).not.toContain('own record');
    expect(figures.getByText(/counts only the time this app was running/)).toBeTruthy();
  });

  it('counts a 3-minute-old monitor from its creation: its windows say since when, with no percentage while it has no status', async () => {
    const created = NOW - 3 * minute;
    const young = (window: '24h' | '7d' | '30d' | '90d', up: boolean) =>
      ({ window, uptime: up ? 1 : undefined, upSeconds: up ? 180 : 0, downSeconds: 0, unknownSeconds: up ? 0 : 180, maintenanceSeconds: 0, sinceCreation: created, source: 'server' }) as const;
    openApiPage({
      createdAt: created,
      uptime: [young('24h', true), young('7d', true), young('30d', false), young('90d', false)],
      timeline: [{ from: created, to: NOW, health: 'ok', state: 'up' }],
    });
    const figures = within(await screen.findByRole('region', { name: 'Uptime' }));
    const quarter = figures.getByText('Past 90 days').closest('li')?.textContent ?? '';
    expect(quarter).toMatch(/No data yet/);
    expect(quarter).toMatch(/Counted since \S.* \(3 min\), when it was created\./);
    expect(quarter).not.toMatch(/%|Not watched/);
    expect(figures.getByText('Past 24 hours').closest('li')?.textContent).toMatch(/^Past 24 hours100 %Counted since .* \(3 min\)/);
    // The timeline spans its life, and its heading says so.
    // (happy-dom takes the heading's span for a block, and puts a space before it.)
    const timeline = within(await screen.findByRole('region', { name: /^Status over the past 24 hours ?, since .* \(3 min\)$/ }));
    expect(timeline.getByText(/^Created /)).toBeTruthy();
    expect(timeline.getByText(/^Since .* \(3 min\): up 3 min\.$/)).toBeTruthy();
  });

  it('draws the timeline with its gaps hatched and named, and says it in words', async () => {
    fakeApi({ getItemHistory: async () => itemHistory(NOW) });
    showStatus([apiItem]);
    const { container } = render(<ItemPage itemKey="local/monitor:mon_1" />);
    const timeline = within(await screen.findByRole('region', { name: 'Status over the past 24 hours' }));
    const legend = within(timeline.getByRole('list', { name: 'Legend' }));
    expect(legend.getByText('Not watching')).toBeTruthy();
    expect(legend.getByText('Down')).toBeTruthy();
    expect(timeline.getByText(/^Past 24 hours: up .*, not watching 1 h 26 min, down 28 min\.$/)).toBeTruthy();
    expect(container.querySelectorAll('.timeline .state-gap')).toHaveLength(1);
    expect(container.querySelectorAll('.timeline .state-critical')).toHaveLength(1);
    const stretches = timeline.getByRole('list', { name: 'Stretches that were not up' });
    expect(within(stretches).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringMatching(/^Not watching from .* 1 h 26 min\.$/), expect.stringMatching(/^Down from .* 28 min\.$/)]);
  });

  it('shows response times in words and, on request, as numbers', async () => {
    openApiPage();
    const section = within(await screen.findByRole('region', { name: 'Response times' }));
    expect(section.getByText(/^Average response time over the past 24 hours: \d+ ms\. The slowest 95th percentile was [\d,]+ ms, at .*\. \d+ of 10,000 checks failed\.$/)).toBeTruthy();
    expect(section.getByText('95th percentile')).toBeTruthy();
    await userEvent.setup().click(section.getByRole('button', { name: 'Show the numbers as a table' }));
    expect(section.getByRole('region', { name: 'Response times as numbers' }).querySelectorAll('tbody tr')).toHaveLength(1000);
  });

  it('has no chart where the server keeps no response times, and says what the page cannot show', async () => {
    openApiPage({ responseTimes: undefined, checks: undefined, source: 'client', notes: ['This server keeps no history, so the page shows Vigil’s own record.'] });
    expect(await screen.findByRole('note')).toHaveProperty('textContent', 'This server keeps no history, so the page shows Vigil’s own record.');
    expect(screen.queryByRole('region', { name: 'Response times' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Recent checks' })).toBeNull();
    expect(screen.getByText('From Vigil’s own record: only what this app saw while it was running.')).toBeTruthy();
  });

  it('lists incidents with start, end, duration and what they said, an ongoing one too', async () => {
    openApiPage({
      incidents: [
        { start: NOW - 5 * hour, end: NOW - 5 * hour + 28 * minute, detail: 'Connection refused.' },
        { start: NOW - 12 * minute, end: undefined, detail: 'HTTP 503.' },
      ],
    });
    const incidents = within(await screen.findByRole('region', { name: 'Incidents (2)' }));
    const rows = incidents.getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('Still going on');
    expect(rows[0]?.textContent).toContain('12 min so far');
    expect(rows[0]?.textContent).toContain('HTTP 503.');
    expect(rows[1]?.textContent).toContain('28 min');
    expect(rows[1]?.textContent).toContain('Connection refused.');
  });

  it('shows recent checks and older ones on "Show more", until there are none', async () => {
    const first = checksBefore(NOW, 20);
    const oldest = first.at(-1)?.at ?? 0;
    const listChecks = vi.fn(async (_key: string, before?: number) => (before === oldest ? checksBefore(oldest, 5) : []));
    fakeApi({ getItemHistory: async () => itemHistory(NOW, '24h', { checks: first }), listChecks });
    showStatus([apiItem]);
    const user = renderForUser(<ItemPage itemKey="local/monitor:mon_1" />);
    const checks = within(await screen.findByRole('region', { name: 'Recent checks' }));
    expect(checks.getAllByRole('row')).toHaveLength(21);
    expect(checks.getAllByText('Connection refused.').length).toBeGreaterThan(0);
    await user.click(checks.getByRole('button', { name: 'Show more checks' }));
    await waitFor(() => expect(checks.getAllByRole('row')).toHaveLength(26));
    expect(listChecks).toHaveBeenLastCalledWith('local/monitor:mon_1', oldest);
    await user.click(checks.getByRole('button', { name: 'Show more checks' }));
    expect(await checks.findByText('No older checks are kept.')).toBeTruthy();
    expect(checks.queryByRole('button', { name: 'Show more checks' })).toBeNull();
  });

  it('shows a heartbeat’s pings and a domain’s expiry', async () => {
    const pings = [NOW - hour, NOW - 2 * hour, NOW - 5 * hour];
    fakeApi({ getItemHistory: async (key) => (key.includes('heartbeat') ? itemHistory(NOW, '24h', { key, kind: 'heartbeat', name: 'Backup', checks: undefined, responseTimes: undefined, pings }) : itemHistory(NOW, '24h', { key, kind: 'domain', name: 'shop.example', checks: undefined, responseTimes: undefined, expiresOn: '2026-12-01' })) });
    showStatus([]);
    const { unmount } = render(<ItemPage itemKey="local/heartbeat:hb_1" />);
    const pingRows = within(await screen.findByRole('region', { name: 'Recent pings' })).getAllByRole('row').slice(1);
    expect(pingRows.map((row) => row.lastChild?.textContent)).toEqual(['1 h', '3 h', '—']);
    expect(screen.getByRole('region', { name: 'Late or failed periods (1)' })).toBeTruthy();
    unmount();
    render(<ItemPage itemKey="local/domain:dom_1" />);
    const expiry = await screen.findByRole('region', { name: 'Expiry' });
    expect(expiry.textContent).toMatch(/Registered until .*2026 \(10 days left\)\./);
    expect(screen.getByRole('region', { name: 'Expiry and renewal events' })).toBeTruthy();
  });

  it('asks for the window chosen, keeping the page while it loads', async () => {
    let answer: (view: ItemHistoryView) => void = () => undefined;
    const getItemHistory = vi.fn((_key: string, pageWindow: ItemHistoryView['window']) => (pageWindow === '24h' ? Promise.resolve(itemHistory(NOW)) : new Promise<ItemHistoryView>((resolve) => (answer = resolve))));
    fakeApi({ getItemHistory });
    showStatus([apiItem]);
    const user = renderForUser(<ItemPage itemKey="local/monitor:mon_1" />);
    await screen.findByRole('region', { name: 'Status over the past 24 hours' });
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(getItemHistory).toHaveBeenLastCalledWith('local/monitor:mon_1', '7d');
    expect(screen.getByRole('status').textContent).toBe('Loading the past 7 days…');
    expect(screen.getByRole('region', { name: 'Status over the past 24 hours' })).toBeTruthy();
    answer(itemHistory(NOW, '7d'));
    expect(await screen.findByRole('region', { name: 'Status over the past 7 days' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '7 days' })).toHaveProperty('checked', true);
  });

  it('says why the history could not be loaded, and tries again', async () => {
    const getItemHistory = vi.fn().mockRejectedValueOnce(callError('History is not available yet.')).mockResolvedValue(itemHistory(NOW));
    fakeApi({ getItemHistory });
    showStatus([apiItem]);
    render(<ItemPage itemKey="local/monitor:mon_1" />);
    expect((await screen.findByRole('alert')).textContent).toContain('The history could not be loaded: History is not available yet.');
    // The state is known from the status all the same.
    expect(screen.getByText('Down for 12 min')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Uptime' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('exports the window shown as CSV and JSON, saved as a download', async () => {
    const exportItemHistory = vi.fn(async (_key: string, _window: string, format: 'csv' | 'json') => ({ fileName: `api-24h.${format}`, mimeType: format === 'csv' ? 'text/csv' : 'application/json', text: format === 'csv' ? 'at,status\n' : '{}' }));
    fakeApi({ getItemHistory: async () => itemHistory(NOW), exportItemHistory });
    showStatus([apiItem]);
    const saved: { name: string; href: string }[] = [];
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const user = userEvent.setup();
    render(
      <>
        <ItemPage itemKey="local/monitor:mon_1" />
        <Notices />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportItemHistory).toHaveBeenLastCalledWith('local/monitor:mon_1', '24h', 'csv');
    expect(saved[0]?.name).toBe('api-24h.csv');
    const blob = blobs.get(saved[0]?.href ?? '');
    expect(blob?.type).toBe('text/csv');
    expect(await blob?.text()).toBe('at,status\n');
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toBe('api-24h.json');
    expect(screen.getByText('Saved api-24h.json.')).toBeTruthy();
  });

  it('says when an export failed', async () => {
    fakeApi({ getItemHistory: async () => itemHistory(NOW), exportItemHistory: () => Promise.reject(callError('History is not available yet.')) });
    showStatus([apiItem]);
    render(
      <>
        <ItemPage itemKey="local/monitor:mon_1" />
        <Notices />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The CSV file was not exported: History is not available yet.');
  });
});

describe('reaching the item page', () => {
  it('opens from its address, follows back and forward, and from a notification or the tray', async () => {
    const fake = fakeApi({ getItemHistory: async (key) => itemHistory(NOW, '24h', { key, name: key === 'local/monitor:mon_1' ? 'API' : 'Database' }) });
    showStatus([apiItem]);
    const stopHash = followHash();
    const stopRequests = followNavigationRequests();
    render(<App />);
    history.pushState(null, '', itemPageHash('local/monitor:mon_1'));
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByRole('heading', { level: 1, name: 'API' })).toBeTruthy();
    // The list it belongs to is where the user is, in the navigation.
    expect(screen.getByRole('link', { name: 'Monitors' }).getAttribute('aria-current')).toBe('true');
    expect(location.hash).toBe('#/item/local%2Fmonitor%3Amon_1');

    fake.emit('onOpenItem', { itemKey: 'local/monitor:mon_2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Database' })).toBeTruthy();
    expect(location.hash).toBe('#/item/local%2Fmonitor%3Amon_2');

    await userEvent.setup().click(screen.getByRole('link', { name: 'All monitors' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Monitors' })).toBeTruthy();
    expect(useNavigation.getState().itemKey).toBeUndefined();
    stopHash();
    stopRequests();
  });

  it("leaves for a server's settings when the tray's entry for that server is clicked", () => {
    const fake = fakeApi();
    const stopRequests = followNavigationRequests();
    fake.emit('onOpenSettings', { connectionId: 'work' });
    expect(useNavigation.getState()).toMatchObject({ view: 'settings', focusKey: connectionFocusKey('work') });
    stopRequests();
  });

  it('ignores an address that is not an item', () => {
    fakeApi();
    showStatus([]);
    const stop = followHash();
    history.pushState(null, '', '#/item/not-an-item');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(useNavigation.getState()).toMatchObject({ view: 'overview', itemKey: undefined });
    stop();
  });
});

describe('times on the item page', () => {
  const at = NOW - 2 * hour + 5_000;
  /** API checked every `frequency` seconds, with one incident `lasted` ms long and its two events. */
  function showIncident(frequency: number, lasted: number) {
    fakeApi({
      getItemHistory: async () =>
        itemHistory(NOW, '24h', {
          incidents: [{ start: at, end: at + lasted, detail: 'Connection refused.' }],
          checks: checksBefore(NOW, 3, frequency * 1000),
          events: [
            { id: 'e2', at: at + lasted, connectionId: 'local', serverName: 'This computer', itemKey: 'local/monitor:mon_1', kind: 'monitor', title: 'API is up again', health: 'ok', source: 'server' },
            { id: 'e1', at, connectionId: 'local', serverName: 'This computer', itemKey: 'local/monitor:mon_1', kind: 'monitor', title: 'API went down', health: 'critical', source: 'server' },
          ],
        }),
    });
    useNow.setState({ now: NOW });
    useStatus.getState().receive(status({ monitors: [{ id: 'mon_1', name: 'API', type: 'http', url: 'https://api.example/', frequency }], items: [{ ...apiItem, health: 'ok', state: 'up' }] }));
    render(<ItemPage itemKey="local/monitor:mon_1" />);
  }
  const incidentRow = async () => within(await screen.findByRole('region', { name: /^Incidents/ })).getAllByRole('row')[1];
  const withSeconds = /\d:\d\d:\d\d/;

  it('tells the ends of a 10-second monitor’s incident apart by their seconds, never "1:41 PM to 1:41 PM"', async () => {
    showIncident(10, 10_000);
    const cells = within((await incidentRow()) as HTMLElement).getAllByRole('cell');
    const ends = timeSpanEnds(at, at + 10_000, { seconds: true });
    expect(cells[0]?.textContent).toBe(ends.from);
    expect(cells[1]?.textContent).toBe(ends.to);
    expect(cells[0]?.textContent).toMatch(withSeconds);
    expect(cells[1]?.textContent).not.toBe(cells[0]?.textContent?.split(', ').at(-1));
    // Its checks and its events too: they are seconds apart.
    const checks = within(screen.getByRole('region', { name: 'Recent checks' })).getAllByRole('row');
    expect(checks[1]?.textContent).toMatch(withSeconds);
    const events = within(screen.getByRole('list', { name: 'Events of API' })).getAllByRole('listitem');
    expect(events.map((event) => event.querySelector('time')?.textContent)).toEqual([formatClockTime(at + 10_000, NOW, { seconds: true }), formatClockTime(at, NOW, { seconds: true })]);
  });

  it('keeps a 20-minute incident of a 10-second monitor to the second, and one of a 5-minute monitor to the minute', async () => {
    showIncident(10, 20 * minute);
    expect((await incidentRow())?.textContent).toMatch(withSeconds);
    cleanup();
    showIncident(300, 20 * minute);
    const cells = within((await incidentRow()) as HTMLElement).getAllByRole('cell');
    expect(cells[0]?.textContent).toBe(formatDateTime(at));
    expect(cells[0]?.textContent).not.toMatch(withSeconds);
    expect(within(screen.getByRole('region', { name: 'Recent checks' })).getAllByRole('row')[1]?.textContent).not.toMatch(withSeconds);
  });
});
