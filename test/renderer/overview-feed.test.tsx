// @vitest-environment happy-dom
import type { ItemFixture } from './status-fixtures.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryEventView } from '../../common/ipc/history.ts';
import { useNavigation } from '../../renderer/state/navigation-store.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { OverviewView } from '../../renderer/views/overview/overview-view.tsx';
import { events } from './history-fixtures.ts';
import { callError, fakeApi, renderForUser, status } from './renderer-harness.tsx';

const NOW = Date.now();
const minute = 60_000;
const hour = 60 * minute;
const lastLookKey = 'vigil.overview.lastLook';

const items: ItemFixture[] = [
  { key: 'monitor:mon_2', kind: 'monitor', name: 'Database', health: 'critical', state: 'down', detail: 'Connection refused.', since: NOW - 12 * minute },
  { key: 'heartbeat:hb_1', kind: 'heartbeat', name: 'Nightly backup', health: 'warning', state: 'late', detail: '', since: NOW - 2 * hour, sinceIsLowerBound: true },
  { key: 'domain:d1', kind: 'domain', name: 'shop.example', health: 'warning', state: 'expiring', detail: 'Expires in 9 days' },
  { key: 'monitor:mon_1', kind: 'monitor', name: 'API', health: 'ok', state: 'up', detail: '', since: NOW - 3 * 86_400_000 },
];

function showOverview(shown = items) {
  useNow.setState({ now: NOW });
  useStatus.getState().receive(status({ items: shown }));
}

describe('the overview', () => {
  it('says for how long each item has been in its state', () => {
    fakeApi({ listEvents: async () => [] });
    showOverview();
    render(<OverviewView />);
    const attention = within(screen.getByRole('table', { name: 'Needs attention' }));
    expect(attention.getByText('Database').closest('[role="row"]')?.textContent).toContain('12 min');
    expect(attention.getByText('Nightly backup').closest('[role="row"]')?.textContent).toContain('at least 2 h');
    expect(attention.getByText('shop.example').closest('[role="row"]')?.textContent).toContain('not known');
    expect(within(screen.getByRole('table', { name: 'Everything else' })).getByText('API').closest('[role="row"]')?.textContent).toContain('3 d');
  });

  it('opens an item’s page from its History link, and its list from its name', async () => {
    fakeApi({ listEvents: async () => [] });
    showOverview();
    const user = renderForUser(<OverviewView />);
    await user.click(screen.getByRole('link', { name: 'History of Database' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'monitors', itemKey: 'local/monitor:mon_2' });
    await user.click(screen.getByRole('button', { name: 'Nightly backup' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'heartbeats', itemKey: undefined, focusKey: 'local/heartbeat:hb_1' });
  });

  it('lists the past 24 hours’ events, marks what is new since the last look, and remembers this look', async () => {
    localStorage.setItem(lastLookKey, String(NOW - hour));
    const listEvents = vi.fn(async (_since: number) => events(NOW));
    fakeApi({ listEvents });
    showOverview();
    const { unmount } = render(<OverviewView />);
    const feed = within(await screen.findByRole('list', { name: 'Recent events' }));
    expect(listEvents.mock.calls[0]?.[0]).toBeGreaterThanOrEqual(NOW - 86_400_000);
    const entries = feed.getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/ProblemNewDatabase went down: Connection refused\.$/),
      expect.stringMatching(/WarningNightly backup is late$/),
      expect.stringMatching(/OKThe server started$/),
    ]);
    expect(screen.getByText(/^1 new event since you last looked, at /)).toBeTruthy();
    // An event about an item leads to its page.
    expect(feed.getByRole('link', { name: 'Database went down: Connection refused.' }).getAttribute('href')).toBe('#/item/local%2Fmonitor%3Amon_2');
    expect(Number(localStorage.getItem(lastLookKey))).toBeGreaterThanOrEqual(NOW);
    unmount();
    // Looked at now: nothing is new on the next visit.
    render(<OverviewView />);
    await screen.findByRole('list', { name: 'Recent events' });
    expect(screen.queryByText('New')).toBeNull();
    expect(screen.getByText(/^Nothing new since you last looked, at /)).toBeTruthy();
  });

  it('marks nothing new on the first look ever', async () => {
    fakeApi({ listEvents: async () => events(NOW) });
    showOverview();
    render(<OverviewView />);
    await screen.findByRole('list', { name: 'Recent events' });
    expect(screen.queryByText('New')).toBeNull();
    expect(screen.getByText('What happened in the past 24 hours, newest first.')).toBeTruthy();
  });

  it('asks again when an item’s state changes', async () => {
    const listEvents = vi.fn(async () => events(NOW));
    fakeApi({ listEvents });
    showOverview();
    render(<OverviewView />);
    await waitFor(() => expect(listEvents).toHaveBeenCalledTimes(1));
    act(() => showOverview(items));
    expect(listEvents).toHaveBeenCalledTimes(1);
    act(() => showOverview(items.map((item) => (item.key === 'monitor:mon_1' ? { ...item, health: 'critical', state: 'down' } : item))));
    await waitFor(() => expect(listEvents).toHaveBeenCalledTimes(2));
  });

  it('says why the feed could not be loaded, and tries again', async () => {
    const listEvents = vi.fn().mockRejectedValueOnce(callError('History is not available yet.')).mockResolvedValue([]);
    fakeApi({ listEvents });
    showOverview();
    render(<OverviewView />);
    expect((await screen.findByRole('alert')).textContent).toContain('The recent events could not be loaded: History is not available yet.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again to load the recent events' }));
    expect(await screen.findByText('Nothing happened in the past 24 hours.')).toBeTruthy();
  });

  it('shows every new event, then the rest on request', async () => {
    const many: HistoryEventView[] = Array.from({ length: 30 }, (_, index) => ({
      id: `e${index}`, at: NOW - (index + 1) * minute, connectionId: 'local', serverName: 'This computer', itemKey: 'local/monitor:mon_1', kind: 'monitor', title: `Event ${index}`, health: 'ok', source: 'server',
    }));
    localStorage.setItem(lastLookKey, String(NOW - 12.5 * minute));
    fakeApi({ listEvents: async () => many });
    showOverview();
    render(<OverviewView />);
    const feed = await screen.findByRole('list', { name: 'Recent events' });
    expect(within(feed).getAllByRole('listitem')).toHaveLength(12);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all 30 events' }));
    expect(within(feed).getAllByRole('listitem')).toHaveLength(30);
  });
});
