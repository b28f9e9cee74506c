// @vitest-environment happy-dom
// Maintenance in the window: started from a list's row, the overview (everything, a server) and an item's page,
// for a while or until ended, or scheduled (one-off and weekly, checked, the core's refusals at their fields); the
// overview's calm banner with "End now", the upcoming windows with "Cancel" and who keeps them; items in
// maintenance shown with their badge and never as problems; a dependency's cause and flapping in words.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatClockTime } from '../../common/format/clock-time.ts';
import type { MaintenanceView } from '../../common/ipc/alerting.ts';
import type { Monitor } from '../../common/ipc/views.ts';
import { useNotices } from '../../renderer/state/notices-store.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import { followStatusLists } from '../../renderer/state/resources.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { ItemPage } from '../../renderer/views/item/item-page.tsx';
import { MonitorsView } from '../../renderer/views/monitors/monitors-view.tsx';
import { OverviewView } from '../../renderer/views/overview/overview-view.tsx';
import { maintenanceWindow } from './calm-fixtures.ts';
import { itemHistory } from './history-fixtures.ts';
import { argsOf } from './settings-fixtures.tsx';
import { callError, fakeApi, renderForUser, status } from './renderer-harness.tsx';
import { localConnection, remoteConnection, type ItemFixture } from './status-fixtures.ts';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const hour = 3_600_000;
const router: Monitor = { id: 'm1', name: 'Router', type: 'ping', url: '10.0.0.1', last_status: 'down' };
const nas: Monitor = { id: 'm2', name: 'NAS', type: 'tcp', url: '10.0.0.2:445', last_status: 'down' };
const routerItem: ItemFixture = { key: 'monitor:m1', kind: 'monitor', name: 'Router', health: 'critical', state: 'down', detail: 'No answer.' };
const nasItem: ItemFixture = { key: 'monitor:m2', kind: 'monitor', name: 'NAS', health: 'critical', state: 'down', detail: 'Refused.', cause: { key: 'local/monitor:m1', name: 'Router' } };
const noHistory = { getListHistory: async () => ({ from: 0, to: 1, slotCount: 1, items: {} }) };

let stopLists: () => void = () => undefined;
beforeEach(() => {
  useNow.setState({ now: NOW });
  stopLists = followStatusLists();
});
afterEach(() => stopLists());

function show(items: ItemFixture[], maintenance: MaintenanceView[] = []) {
  act(() => useStatus.getState().receive(status({ level: 'critical', monitors: [router, nas], items, maintenance })));
}

/** The table row naming `text` (the banner may name it too). */
const rowOf = (text: string) => screen.getAllByText(text).map((element) => element.closest('[role="row"]')).find((row) => row !== null) as HTMLElement;
const noEvents = { listEvents: async () => [] };
const noticeTexts = () => useNotices.getState().notices.map((notice) => notice.text);

describe('starting maintenance', () => {
  it('from a list’s row, for a while or until ended, and says so; a refusal is a notice', async () => {
    let refuse = false;
    const fake = fakeApi({
      ...noHistory,
      startMaintenance: async () => {
        if (refuse) throw callError('The server is read-only.');
        return [];
      },
    });
    show([routerItem]);
    const user = renderForUser(<MonitorsView />);
    await user.click(within(rowOf('Router')).getByRole('button', { name: 'Maintenance for Router' }));
    const dialog = screen.getByRole('dialog', { name: 'Maintenance for Router' });
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['30 min', '1 h', '2 h', 'Until I end it', 'Schedule…', 'Cancel']);
    await user.click(within(dialog).getByRole('button', { name: '1 h' }));
    await waitFor(() => expect(argsOf(fake, 'startMaintenance')).toEqual([[{ scope: 'item', itemKey: 'local/monitor:m1' }, { forMinutes: 60 }]]));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(noticeTexts()).toContain('Maintenance on Router for 1 hour: no alerts about it until then.');

    refuse = true;
    await user.click(within(rowOf('Router')).getByRole('button', { name: 'Maintenance for Router' }));
    await user.click(screen.getByRole('button', { name: 'Until I end it' }));
    await waitFor(() => expect(noticeTexts()).toContain('Maintenance on Router was not started: The server is read-only.'));
    expect(argsOf(fake, 'startMaintenance')[1]).toEqual([{ scope: 'item', itemKey: 'local/monitor:m1' }, { endsAt: null }]);
  });

  it('for everything on the overview, and for each server when there are several', async () => {
    const fake = fakeApi({ ...noEvents, startMaintenance: async () => [] });
    const user = userEvent.setup();
    act(() =>
      useStatus.getState().receive(
        status({ servers: [{ connection: localConnection, items: [routerItem] }, { connection: remoteConnection('work', 'Work'), items: [] }] }),
      ),
    );
    render(<OverviewView />);
    await user.click(screen.getByRole('button', { name: 'Maintenance for everything' }));
    await user.click(screen.getByRole('button', { name: '30 min' }));
    await user.click(screen.getByRole('button', { name: 'Maintenance for everything on Work' }));
    await user.click(screen.getByRole('button', { name: '2 h' }));
    await waitFor(() =>
      expect(argsOf(fake, 'startMaintenance')).toEqual([
        [{ scope: 'everything' }, { forMinutes: 30 }],
        [{ scope: 'server', connectionId: 'work' }, { forMinutes: 120 }],
      ]),
    );
  });

  it('schedules a one-off window, checked as typed, with the core’s refusal at its field', async () => {
    let refuse = true;
    const fake = fakeApi({
      ...noHistory,
      startMaintenance: async () => {
        if (refuse) throw callError('The maintenance was not started.', [{ field: '1.reason', message: 'must not name a secret' }]);
        return [];
      },
    });
    show([routerItem]);
    const user = renderForUser(<MonitorsView />);
    await user.click(within(rowOf('Router')).getByRole('button', { name: 'Maintenance for Router' }));
    const schedule = screen.getByRole('button', { name: 'Schedule…' });
    expect(schedule.getAttribute('aria-expanded')).toBe('false');
    await user.click(schedule);
    expect(schedule.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('form', { name: 'Schedule maintenance' });
    const starts = within(form).getByLabelText('Starts');
    const ends = within(form).getByLabelText('Ends');
    await user.clear(ends);
    await user.type(ends, '2026-11-20T10:00');
    await user.click(within(form).getByRole('button', { name: 'Schedule maintenance' }));
    expect(ends.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('Must be in the future.')).toBeTruthy();
    expect(argsOf(fake, 'startMaintenance')).toEqual([]);

    await user.clear(starts);
    await user.type(starts, '2030-01-02T22:00');
    await user.clear(ends);
    await user.type(ends, '2030-01-02T21:00');
    expect(within(form).getByText('Must be after the start.')).toBeTruthy();
    await user.clear(ends);
    await user.type(ends, '2030-01-02T23:30');
    await user.type(within(form).getByLabelText('Reason (optional)'), 'Firmware');
    await user.click(within(form).getByRole('button', { name: 'Schedule maintenance' }));
    expect(await within(form).findByText('Must not name a secret.')).toBeTruthy();
    expect(within(form).getByLabelText('Reason (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toBe('The maintenance was not started.');

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Schedule maintenance' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(argsOf(fake, 'startMaintenance').at(-1)).toEqual([
      { scope: 'item', itemKey: 'local/monitor:m1' },
      { startsAt: new Date('2030-01-02T22:00').getTime(), endsAt: new Date('2030-01-02T23:30').getTime(), reason: 'Firmware' },
    ]);
  });

  it('schedules a weekly window in the settings’ time zone, the days as toggle chips', async () => {
    const fake = fakeApi({ ...noHistory, startMaintenance: async () => [], getSettings: async () => ({ timeZone: 'Asia/Tokyo' }) as never });
    show([routerItem]);
    const user = renderForUser(<MonitorsView />);
    await user.click(within(rowOf('Router')).getByRole('button', { name: 'Maintenance for Router' }));
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    await user.click(screen.getByRole('radio', { name: 'Every week' }));
    await waitFor(() => expect(screen.getByLabelText('Time zone')).toHaveProperty('value', 'Asia/Tokyo'));
    const days = screen.getByRole('group', { name: 'Days' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await user.click(within(days).getByRole('button', { name: day }));
    await user.click(screen.getByRole('button', { name: 'Schedule maintenance' }));
    expect(screen.getByText('Choose at least one day.')).toBeTruthy();
    await user.click(within(days).getByRole('button', { name: 'Sunday' }));
    expect(within(days).getByRole('button', { name: 'Sunday' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Schedule maintenance' }));
    await waitFor(() =>
      expect(argsOf(fake, 'startMaintenance')).toEqual([[{ scope: 'item', itemKey: 'local/monitor:m1' }, { endsAt: null, repeat: { days: [0], start: '02:00', end: '04:00', timezone: 'Asia/Tokyo' } }]]),
    );
  });
});

describe('while maintenance holds', () => {
  const until = NOW + 2 * hour;
  const active = maintenanceWindow({ id: 'local/w1', itemKey: 'local/monitor:m1', itemName: 'Router', endsAt: until, active: true });
  const upcoming = maintenanceWindow({ id: 'work/w2', connectionId: 'work', serverName: 'Work', startsAt: NOW + 24 * hour, active: false, repeat: { days: [6], start: '02:00', end: '04:00', timezone: 'Europe/Berlin' }, nextStart: NOW + 24 * hour, keptBy: 'vigil', reason: 'Backups' });

  it('the overview says until when, with “End now”, lists what is coming with “Stop repeating” for a weekly window and who keeps it', async () => {
    const fake = fakeApi({ ...noEvents, endMaintenance: async () => ({ done: true }) as never });
    show([{ ...routerItem, maintenance: { until } }, nasItem], [active, upcoming]);
    const user = renderForUser(<OverviewView />);
    const banner = screen.getByRole('region', { name: `In maintenance until ${formatClockTime(until, NOW)}` });
    expect(banner.textContent).toContain('Kept by the server');
    const later = screen.getByRole('list', { name: 'Upcoming maintenance' });
    expect(later.textContent).toContain('everything on Work');
    expect(later.textContent).toContain('Saturday 02:00–04:00 (Europe/Berlin)');
    expect(later.textContent).toContain('Backups');
    expect(later.textContent).toContain('Kept by Vigil: only Vigil’s notifications respect it');
    await user.click(within(banner).getByRole('button', { name: 'End maintenance on Router now' }));
    await user.click(within(later).getByRole('button', { name: 'Stop the weekly maintenance on everything on Work' }));
    await waitFor(() => expect(argsOf(fake, 'endMaintenance')).toEqual([[{ id: 'local/w1' }], [{ id: 'work/w2' }]]));
    expect(noticeTexts()).toContain('The weekly maintenance on everything on Work no longer repeats.');
  });

  it('an item in maintenance is not a problem: its badge says until when; a child says why it is down', () => {
    fakeApi(noEvents);
    show([{ ...routerItem, maintenance: { until } }, { ...nasItem, flapping: true }], [active]);
    render(<OverviewView />);
    const attention = screen.getByRole('heading', { name: 'Needs attention (1)' }).parentElement as HTMLElement;
    expect(within(attention).queryByText('Router')).toBeNull();
    const nasBadge = within(rowOf('NAS')).getByText(/^Down \(Router down\)/);
    expect(nasBadge.textContent).toBe('Down (Router down) · flapping');
    expect(nasBadge.classList.contains('badge-flapping')).toBe(true);
    expect(within(rowOf('Router')).getByText(`Maintenance until ${formatClockTime(until, NOW)}`)).toBeTruthy();
  });

  it('the list’s row and the item’s page show the badge; the page lists its windows and ends them', async () => {
    const fake = fakeApi({ ...noHistory, getItemHistory: async () => itemHistory(NOW, '24h', { key: 'local/monitor:m1', name: 'Router' }), endMaintenance: async () => ({ done: true }) as never });
    show([{ ...routerItem, maintenance: { until } }], [active]);
    const { unmount } = render(<MonitorsView />);
    expect(within(rowOf('Router')).getByText(`Maintenance until ${formatClockTime(until, NOW)}`)).toBeTruthy();
    unmount();
    const user = renderForUser(<ItemPage itemKey="local/monitor:m1" />);
    const header = screen.getByRole('heading', { level: 1, name: 'Router' }).closest('header') as HTMLElement;
    expect(within(header).getByText(`Maintenance until ${formatClockTime(until, NOW)}`)).toBeTruthy();
    const windows = screen.getByRole('list', { name: 'Maintenance windows of this item' });
    await user.click(within(windows).getByRole('button', { name: 'End maintenance on Router now' }));
    await waitFor(() => expect(argsOf(fake, 'endMaintenance')).toEqual([[{ id: 'local/w1' }]]));
  });
});
