// @vitest-environment happy-dom
import type { ItemFixture } from './status-fixtures.ts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListHistoryView } from '../../common/ipc/history.ts';
import type { Monitor} from '../../common/ipc/views.ts';
import { useNavigation } from '../../renderer/state/navigation-store.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import { useMonitors } from '../../renderer/state/resources.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { MonitorsView } from '../../renderer/views/monitors/monitors-view.tsx';
import { fakeApi, renderForUser, status } from './renderer-harness.tsx';
import { remoteConnection } from './status-fixtures.ts';

const NOW = Date.now();
const day = 86_400_000;

const monitors: Monitor[] = [
  { id: 'm1', name: 'API', type: 'http', url: 'https://api.example', frequency: 1800, last_status: 'up' },
  { id: 'm2', name: 'Database', type: 'tcp', url: 'db.example:5432', frequency: 60, last_status: 'up' },
  { id: 'm3', name: 'New one', type: 'ping', url: 'new.example', frequency: 60, last_status: 'up' },
];
const itemOf = (monitor: Monitor, state = 'up'): ItemFixture => ({ key: `monitor:${monitor.id ?? ''}`, kind: 'monitor', name: monitor.name ?? '', health: state === 'up' ? 'ok' : 'critical', state, detail: '' });

function history(overrides: Partial<ListHistoryView['items']> = {}): ListHistoryView {
  return {
    from: NOW - day,
    to: NOW,
    slotCount: 48,
    items: {
      'local/monitor:m1': { uptime: 0.99312, slots: `------${'u'.repeat(39)}duu`, source: 'server' },
      'local/monitor:m2': { uptime: 1, slots: 'u'.repeat(48), source: 'client' },
      'local/monitor:m3': { uptime: undefined, slots: '-'.repeat(48), source: 'server' },
      ...overrides,
    },
  };
}

function showMonitors(items = monitors.map((monitor) => itemOf(monitor))) {
  useNow.setState({ now: NOW });
  useStatus.getState().receive(status({ monitors, items }));
  useMonitors.getState().setBase('local', monitors, NOW);
}

const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

afterEach(() => vi.useRealTimers());

describe('the monitors list’s 24-hour history', () => {
  it('shows each monitor’s uptime and bar, says how to read them and whose record they are', async () => {
    fakeApi({ getListHistory: async () => history() });
    showMonitors();
    render(<MonitorsView />);
    await waitFor(() => expect(rowOf('API').textContent).toContain('99.31 %'));
    const api = within(rowOf('API'));
    expect(api.getByRole('img', { name: 'Past 24 h in 30 min steps: 41 up, 1 down, 6 not watched.' })).toBeTruthy();
    // Up, not watched and down are drawn as different shapes, not only colours.
    expect([...rowOf('API').querySelectorAll('rect')].map((rect) => rect.getAttribute('class'))).toEqual(['slot-gap', 'slot-up', 'slot-down', 'slot-up']);
    expect(rowOf('Database').textContent).toContain('100 %*');
    expect(within(rowOf('Database')).getByText('(Vigil’s own record)')).toBeTruthy();
    // Nothing observed is not 100 %.
    expect(rowOf('New one').textContent).toContain('Not observed');
    expect(screen.getByText('The bars show the past 24 hours:')).toBeTruthy();
    expect(screen.getByText('Uptime marked * is Vigil’s own record, counted only while it was watching.')).toBeTruthy();
  });

  it('sorts by uptime, worst first, unobserved last', async () => {
    fakeApi({ getListHistory: async () => history() });
    showMonitors();
    const user = renderForUser(<MonitorsView />);
    await waitFor(() => expect(rowOf('API').textContent).toContain('99.31 %'));
    await user.click(screen.getByRole('button', { name: 'Uptime 24 h' }));
    const names = screen.getAllByRole('row').slice(1).map((row) => row.querySelector('a')?.textContent);
    expect(names).toEqual(['API', 'Database', 'New one']);
  });

  it('asks again every minute and when a monitor’s state changes, but not for every status', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const getListHistory = vi.fn(async () => history());
    fakeApi({ getListHistory });
    showMonitors();
    render(<MonitorsView />);
    await waitFor(() => expect(getListHistory).toHaveBeenCalledTimes(1));
    act(() => showMonitors());
    expect(getListHistory).toHaveBeenCalledTimes(1);
    act(() => showMonitors(monitors.map((monitor) => itemOf(monitor, monitor.id === 'm2' ? 'down' : 'up'))));
    expect(getListHistory).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(60_000));
    expect(getListHistory).toHaveBeenCalledTimes(3);
  });

  it('shows no figures asked for another set of servers than the one watched', async () => {
    const answers: ((view: ListHistoryView) => void)[] = [];
    fakeApi({ getListHistory: () => new Promise((resolve) => answers.push(resolve)) });
    showMonitors();
    render(<MonitorsView />);
    // Another server is enabled while the first answer is on its way; the history is asked again at once.
    act(() => useStatus.getState().receive(status({ servers: [{ monitors }, { connection: remoteConnection('work', 'Work') }] })));
    expect(answers).toHaveLength(2);
    await act(async () => answers[0]?.(history()));
    expect(rowOf('API').textContent).not.toContain('99.31 %');
    await act(async () => answers[1]?.(history()));
    expect(rowOf('API').textContent).toContain('99.31 %');
  });

  it('leads from a monitor’s name to its page', async () => {
    fakeApi({ getListHistory: async () => history() });
    showMonitors();
    render(<MonitorsView />);
    const link = within(rowOf('API')).getByRole('link', { name: 'API' });
    expect(link.getAttribute('href')).toBe('#/item/local%2Fmonitor%3Am1');
    await userEvent.setup().click(link);
    expect(useNavigation.getState()).toMatchObject({ view: 'monitors', itemKey: 'local/monitor:m1' });
  });

  it('writes the frequency under the type, the column as wide as its longest label', () => {
    fakeApi({ getListHistory: async () => history() });
    showMonitors();
    render(<MonitorsView />);
    expect(screen.queryByRole('columnheader', { name: 'Frequency' })).toBeNull();
    const header = screen.getByRole('columnheader', { name: 'Type' });
    const width = Number.parseFloat(header.style.flex.split(' ').at(-1) ?? '');
    // "every 30 min" in the second line's 12 px, at the test's generous estimate of 0.62 em per character, plus padding.
    expect(width).toBeGreaterThanOrEqual(Math.ceil('every 30 min'.length * 12 * 0.62) + 20);
    const type = within(rowOf('API')).getAllByRole('cell')[1] as HTMLElement;
    expect([...type.querySelectorAll('.cell-lines > span')].map((line) => line.textContent)).toEqual(['HTTPS', 'every 30 min']);
  });
});
