// @vitest-environment happy-dom
// The window over several servers at once: the overview grouped by server (each group with its own banners,
// foldable, remembered, filtered), the lists' Server column and filter (only with more than one server), the
// create forms' choice of server (remembered; this computer the default only while it is the only one), the
// handlers listed per server, and the data section asking which server.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Monitor, NotificationHandler } from '../../common/ipc/views.ts';
import { Banners } from '../../renderer/components/banners.tsx';
import { useNavigation } from '../../renderer/state/navigation-store.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import { followStatusLists, useMonitors } from '../../renderer/state/resources.ts';
import { defaultServer, useLastServerChoice } from '../../renderer/state/server-choice.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { DomainForm } from '../../renderer/views/domains/domain-form.tsx';
import { HandlersView } from '../../renderer/views/handlers/handlers-view.tsx';
import { HeartbeatForm } from '../../renderer/views/heartbeats/heartbeat-form.tsx';
import { MonitorForm } from '../../renderer/views/monitors/monitor-form.tsx';
import { MonitorsView } from '../../renderer/views/monitors/monitors-view.tsx';
import { serverGroups } from '../../renderer/views/overview/overview-model.ts';
import { OverviewView } from '../../renderer/views/overview/overview-view.tsx';
import { DataSection } from '../../renderer/views/settings/data-section.tsx';
import { callError, fakeApi, renderForUser, status } from './renderer-harness.tsx';
import { localConnection, remoteConnection, type ServerFixture } from './status-fixtures.ts';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const work = remoteConnection('work', 'Work');
const shop = remoteConnection('shop', 'Shop');

const api: Monitor = { id: 'm1', name: 'API', type: 'http', url: 'https://api.example', last_status: 'up' };
const db: Monitor = { id: 'm1', name: 'Database', type: 'tcp', url: 'db.example:5432', last_status: 'down' };

/** This computer and Work hold a monitor of the same id; Work's is down. Shop's token was refused. */
function threeServers(): ServerFixture[] {
  return [
    { connection: localConnection, monitors: [api], items: [{ key: 'monitor:m1', kind: 'monitor', name: 'API', health: 'ok', state: 'up', detail: '' }] },
    { connection: work, level: 'critical', monitors: [db], items: [{ key: 'monitor:m1', kind: 'monitor', name: 'Database', health: 'critical', state: 'down', detail: 'Connection refused.' }] },
    { connection: { ...shop, auth: 'rejected' }, level: 'unknown', situation: 'signed-out' },
  ];
}

let stopLists: () => void = () => undefined;
beforeEach(() => {
  useNow.setState({ now: NOW });
  stopLists = followStatusLists();
});
afterEach(() => stopLists());

function show(servers: ServerFixture[]) {
  act(() => useStatus.getState().receive(status({ level: 'critical', servers })));
}

const rowOf = (text: string) => screen.getByText(text).closest('[role="row"]') as HTMLElement;

describe('the overview of several servers', () => {
  it('groups the items by server, in the settings’ order, each with its own split', () => {
    const groups = serverGroups(status({ servers: threeServers() }));
    expect(groups.map((group) => [group.server.connection.name, group.attention.map((item) => item.key), group.rest.map((item) => item.key)])).toEqual([
      ['This computer', [], ['local/monitor:m1']],
      ['Work', ['work/monitor:m1'], []],
      ['Shop', [], []],
    ]);
    expect(serverGroups(status({ servers: threeServers() }), 'work').map((group) => group.server.connection.id)).toEqual(['work']);
    // A filter naming a server no longer watched shows them all.
    expect(serverGroups(status({ servers: threeServers() }), 'gone')).toHaveLength(3);
  });

  it('shows each server’s group with its level, its items and its own banner; the top shows only what concerns them all', () => {
    fakeApi({ listEvents: async () => [] });
    show(threeServers());
    render(
      <>
        <Banners />
        <OverviewView />
      </>,
    );
    const workGroup = screen.getByRole('region', { name: 'Work Something is down' });
    expect(within(workGroup).getByRole('table', { name: 'Needs attention on Work' }).textContent).toContain('Database');
    const shopGroup = screen.getByRole('region', { name: 'Shop Not known yet' });
    expect(within(shopGroup).getByRole('alert').textContent).toBe('Shop did not accept the saved token. Sign in again with a new token.');
    expect(within(shopGroup).getByText('Nothing is watched on Shop yet.')).toBeTruthy();
    // The banner is in Shop's group only, not above the view as well.
    expect(screen.getAllByText(/Shop did not accept the saved token/)).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something is down');
    expect(screen.getByText('3 servers: 1 needs a new token')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'This computer All up' })).queryByRole('alert')).toBeNull();
  });

  it('folds a group and remembers it; the filter shows one server', async () => {
    fakeApi({ listEvents: async () => [] });
    show(threeServers());
    const user = userEvent.setup();
    const { unmount } = render(<OverviewView />);
    const toggle = screen.getByRole('button', { name: 'Work Something is down' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table', { name: 'Needs attention on Work' })).toBeNull();
    // Folded, the group still says how the server is.
    expect(screen.getByRole('region', { name: 'Work Something is down' }).textContent).toContain('1 item, 1 needs attention');
    unmount();
    render(<OverviewView />);
    expect(screen.getByRole('button', { name: 'Work Something is down' }).getAttribute('aria-expanded')).toBe('false');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Server' }), 'This computer');
    expect(screen.getAllByRole('region', { name: /^(This computer|Work|Shop) / }).map((region) => region.getAttribute('data-server'))).toEqual(['local']);
  });

  it('names each event’s server in the feed', async () => {
    fakeApi({ listEvents: async () => [{ id: 'e1', at: NOW - 60_000, connectionId: 'work', serverName: 'Work', itemKey: 'work/monitor:m1', kind: 'monitor', title: 'Database went down', health: 'critical', source: 'server' }] });
    show(threeServers());
    render(<OverviewView />);
    const feed = await screen.findByRole('list', { name: 'Recent events' });
    expect(within(feed).getByRole('listitem').textContent).toContain('Work · Database went down');
    expect(within(feed).getByRole('link', { name: 'Database went down' }).getAttribute('href')).toBe('#/item/work%2Fmonitor%3Am1');
  });

  it('says one server offline is not all of them', () => {
    fakeApi({ listEvents: async () => [] });
    act(() => useStatus.getState().receive(status({ level: 'offline', servers: [{}, { connection: work, level: 'offline', situation: 'unreachable' }] })));
    render(<OverviewView />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('A server cannot be reached');
    expect(screen.getByText('2 servers: 1 cannot be reached')).toBeTruthy();
  });

  it("asks only its own server again from a group's \"Try again\"", async () => {
    const fake = fakeApi({ listEvents: async () => [] });
    act(() => useStatus.getState().receive(status({ level: 'offline', servers: [{}, { connection: work, level: 'offline', situation: 'unreachable' }] })));
    render(<OverviewView />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(fake.calls.filter((call) => call.method === 'refreshNow').map((call) => call.args)).toEqual([['work']]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh now' }));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === 'refreshNow').map((call) => call.args)).toEqual([['work'], []]));
  });

  it('does not call a server answering before its first answer came (a slow one)', () => {
    fakeApi({ listEvents: async () => [] });
    act(() => useStatus.getState().receive(status({ level: 'unknown', servers: [{}, { connection: work, level: 'unknown', situation: 'waiting', lastSuccessfulPollAt: undefined }] })));
    render(<OverviewView />);
    expect(screen.getByText('2 servers: 1 has not answered yet')).toBeTruthy();
    expect(screen.getByText(/no answer yet/)).toBeTruthy();
  });

  it('looks as it always did with one server: no groups, no server filter', () => {
    fakeApi({ listEvents: async () => [] });
    show([threeServers()[1] as ServerFixture]);
    render(<OverviewView />);
    expect(screen.getByRole('table', { name: 'Needs attention' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Server' })).toBeNull();
    expect(screen.queryByRole('button', { expanded: true })).toBeNull();
  });
});

describe('the lists over several servers', () => {
  it('has a Server column and filter only with more than one server, rows keyed by server', async () => {
    fakeApi({ getListHistory: async () => ({ from: 0, to: 1, slotCount: 1, items: {} }) });
    show([threeServers()[0] as ServerFixture]);
    const { unmount } = render(<MonitorsView />);
    expect(screen.queryByRole('columnheader', { name: 'Server' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Server' })).toBeNull();
    unmount();

    show(threeServers());
    render(<MonitorsView />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[▲▼]/g, '').trim())).toEqual(
      expect.arrayContaining(['Name', 'Server', 'Type']),
    );
    // The same monitor id on two servers is two rows.
    expect(screen.getAllByRole('row').slice(1).map((row) => row.getAttribute('data-key'))).toEqual(['work/monitor:m1', 'local/monitor:m1']);
    expect(rowOf('Database').textContent).toContain('Work');
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Server' }), 'This computer');
    expect(screen.getAllByRole('row').slice(1).map((row) => row.getAttribute('data-key'))).toEqual(['local/monitor:m1']);
    expect(screen.getByText('1 of 2 monitors')).toBeTruthy();
  });

  it('deletes on the row’s own server', async () => {
    const fake = fakeApi({ getListHistory: async () => ({ from: 0, to: 1, slotCount: 1, items: {} }), deleteMonitor: async () => undefined });
    show(threeServers());
    const user = renderForUser(<MonitorsView />);
    await user.click(within(rowOf('Database')).getByRole('button', { name: 'Delete Database' }));
    await user.click(screen.getByRole('button', { name: 'Delete monitor' }));
    await waitFor(() => expect(fake.calls.filter((call) => call.method === 'deleteMonitor')).toEqual([{ method: 'deleteMonitor', args: ['work', 'm1'] }]));
    expect(useMonitors.getState().rows.map((row) => row.key)).toEqual(['local/monitor:m1']);
  });

  it('forgets a server’s rows once it is no longer watched', () => {
    fakeApi();
    show(threeServers());
    expect(useMonitors.getState().rows).toHaveLength(2);
    show([threeServers()[0] as ServerFixture]);
    expect(useMonitors.getState().rows.map((row) => row.key)).toEqual(['local/monitor:m1']);
  });

  it('lists each server’s handlers from that server, under its name, and says which one could not be listed', async () => {
    const handlers: Record<string, NotificationHandler[]> = { local: [{ id: 'h1', name: 'My email', type: 'email', destination: 'me@example.com' }], work: [{ id: 'h1', name: 'Alerts', type: 'slack', destination: '#ops' }] };
    const fake = fakeApi({ listNotificationHandlers: async (connectionId) => handlers[connectionId] ?? Promise.reject(callError('The token was refused.')) });
    show(threeServers());
    render(<HandlersView />);
    expect(await screen.findByText('Alerts')).toBeTruthy();
    expect(fake.calls.filter((call) => call.method === 'listNotificationHandlers').map((call) => call.args)).toEqual([['local'], ['work'], ['shop']]);
    expect(rowOf('Alerts').textContent).toContain('Work');
    expect(rowOf('My email').textContent).toContain('This computer');
    // Under their server, in the servers' order: by name only within each server.
    expect(screen.getAllByRole('row').slice(1).map((row) => row.getAttribute('data-key'))).toEqual(['local/handler:h1', 'work/handler:h1']);
    expect((await screen.findByRole('alert')).textContent).toContain('The handlers of Shop may be out of date: The token was refused.');
  });
});

describe('creating on one of several servers', () => {
  it('defaults to the only server, to none with several, and to the last one chosen while it is watched', () => {
    expect(defaultServer([localConnection], undefined)).toBe('local');
    expect(defaultServer([localConnection, work], undefined)).toBeUndefined();
    expect(defaultServer([localConnection, work], 'work')).toBe('work');
    expect(defaultServer([localConnection], 'work')).toBe('local');
  });

  it('asks which server with more than one, sends there, and offers that one next time', async () => {
    const fake = fakeApi({ createMonitor: async (_connectionId, body) => ({ id: 'm9', ...body }) });
    show(threeServers());
    const user = userEvent.setup();
    const first = render(<MonitorForm onClose={() => undefined} />);
    const server = screen.getByRole('combobox', { name: 'Server' });
    expect(server).toHaveProperty('value', '');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Shop front');
    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://shop.example');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    expect(screen.getByText('Choose the server that keeps it.')).toBeTruthy();
    expect(fake.calls).toEqual([]);
    await user.selectOptions(server, 'Work');
    await user.click(screen.getByRole('button', { name: 'Create monitor' }));
    await waitFor(() => expect(fake.calls.map((call) => [call.method, call.args[0]])).toEqual([['createMonitor', 'work']]));
    expect(useLastServerChoice.getState().last).toBe('work');
    first.unmount();

    render(<HeartbeatForm onClose={() => undefined} onCreated={() => undefined} />);
    expect(screen.getByRole('combobox', { name: 'Server' })).toHaveProperty('value', 'work');
  });

  it('does not ask with one server, and sends to it', async () => {
    const fake = fakeApi({ createDomain: async (_connectionId, body) => ({ id: 'd1', ...body }) });
    show([{ connection: work }]);
    const user = renderForUser(<DomainForm onClose={() => undefined} />);
    expect(screen.queryByRole('combobox', { name: 'Server' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Domain' }), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    await waitFor(() => expect(fake.calls).toEqual([{ method: 'createDomain', args: ['work', { domain: 'example.com' }] }]));
  });
});

describe('pages and deep links over several servers', () => {
  it('opens the page of the item on its own server', () => {
    useNavigation.getState().openItemPage('work/monitor:m1');
    expect(useNavigation.getState()).toMatchObject({ view: 'monitors', itemKey: 'work/monitor:m1' });
    // A key without its server is no page.
    useNavigation.getState().go('overview');
    useNavigation.getState().openItemPage('monitor:m1');
    expect(useNavigation.getState()).toMatchObject({ view: 'overview', itemKey: undefined });
  });
});

describe('your data with several servers', () => {
  it('asks which server to export and import', async () => {
    const fake = fakeApi({
      exportConfiguration: async () => ({ fileName: 'work.json', mimeType: 'application/json', text: '{}' }),
      importConfiguration: async () => ({ dryRun: true, created: [], skipped: [], failed: undefined }),
    });
    show(threeServers());
    const user = renderForUser(<DataSection />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Server' }), 'Work');
    await user.click(screen.getByRole('button', { name: 'Export configuration' }));
    await user.upload(screen.getByLabelText('Configuration file'), new File(['{}'], 'work.json', { type: 'application/json' }));
    await waitFor(() => expect(fake.calls.map((call) => [call.method, call.args[0]])).toEqual([['exportConfiguration', 'work'], ['importConfiguration', 'work']]));
  });
});
