// @vitest-environment happy-dom
// Cron heartbeats in the window: the form offers a schedule with its live preview only when the server lists
// `cron`, and the heartbeat's page shows its timing, runs with their logs (older ones on request) and the job lines.
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mergeRuns, runCursor, type HeartbeatRunView } from '../../common/ipc/heartbeat-runs.ts';
import type { ConnectionView, Heartbeat } from '../../common/ipc/views.ts';
import { localTimeZone } from '../../common/schedule/weekly-schedule.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import { useHeartbeats } from '../../renderer/state/resources.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { HeartbeatsView } from '../../renderer/views/heartbeats/heartbeats-view.tsx';
import { ItemPage } from '../../renderer/views/item/item-page.tsx';
import { itemHistory } from './history-fixtures.ts';
import { fakeApi, renderForUser, status } from './renderer-harness.tsx';
import { localConnection } from './status-fixtures.ts';

const cronServer: ConnectionView = { ...localConnection, capabilities: ['history', 'maintenance', 'cron'] };
const specServer: ConnectionView = { ...localConnection, capabilities: [] };
const pingUrl = 'http://127.0.0.1:7070/ping/backup-7f3a';
const backup: Heartbeat = {
  id: 'hb_1', name: 'Backup', expected_interval: 262_800, ping_url: pingUrl, schedule: '30 2 * * 1-5', timezone: 'Europe/Berlin', grace_seconds: 900,
  next_expected_at: '2026-11-25T01:30:00.000Z', last_ping: '2026-11-24T01:31:07.000Z', last_start: '2026-11-24T01:30:00.000Z', last_duration_ms: 67_000, last_exit_code: 2, last_outcome: 'failed',
};

function show(connection: ConnectionView, heartbeats: Heartbeat[]) {
  useNow.setState({ now: Date.now() });
  useStatus.getState().receive(status({ connection, heartbeats, items: heartbeats.map((heartbeat) => ({ key: `heartbeat:${heartbeat.id ?? ''}`, kind: 'heartbeat', name: heartbeat.name ?? '', health: 'ok', state: 'up', detail: '' })) }));
  useHeartbeats.getState().setBase('local', heartbeats, Date.now());
}

function run(startedAt: number, fields: Partial<HeartbeatRunView> = {}): HeartbeatRunView {
  return { startedAt, endedAt: startedAt + 61_000, durationMs: 61_000, outcome: 'success', exitCode: 0, logTruncated: false, ...fields };
}

describe('the heartbeat form', () => {
  it('offers a schedule with a live preview and sends it with its zone, grace and longest run', async () => {
    const fake = fakeApi({ createHeartbeat: async (_id, body) => ({ id: 'hb_2', ping_url: pingUrl, ...body }) });
    show(cronServer, []);
    const user = renderForUser(<HeartbeatsView />);
    await user.click(screen.getByRole('button', { name: 'Create your first heartbeat' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Backup');
    await user.click(screen.getByRole('radio', { name: 'On a schedule' }));
    const schedule = screen.getByRole('textbox', { name: 'Schedule (cron)' });
    await user.type(schedule, '0 30 2 * * *');
    expect(screen.getByText(/^Must have 5 fields, not 6 \(seconds and years are not supported\)/)).toBeTruthy();
    await user.clear(schedule);
    await user.type(schedule, '30 2 * * 1-5');
    expect(screen.getByText(new RegExp(`^Every weekday at 02:30, ${localTimeZone()} — next run \\w{3} `))).toBeTruthy();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveProperty('value', localTimeZone());
    await user.clear(zone);
    await user.type(zone, 'Europe/Berlin');
    expect(screen.getByText(/^Every weekday at 02:30, Europe\/Berlin — next run \w{3} /)).toBeTruthy();
    await user.click(screen.getByText('Grace and longest run'));
    await user.type(screen.getByRole('textbox', { name: 'Grace: amount' }), '15');
    await user.click(screen.getByRole('button', { name: 'Create heartbeat' }));
    expect(fake.calls.filter((call) => call.method === 'createHeartbeat')).toEqual([
      { method: 'createHeartbeat', args: ['local', { name: 'Backup', schedule: '30 2 * * 1-5', timezone: 'Europe/Berlin', grace_seconds: 900 }] },
    ]);
    const details = await screen.findByRole('dialog', { name: 'Ping URL for Backup' });
    expect(within(details).getByRole('textbox', { name: 'Crontab line' })).toHaveProperty('value', expect.stringContaining(`30 2 * * 1-5 u=${pingUrl}; `));
    expect(within(details).getByRole('textbox', { name: 'systemd service and timer' })).toHaveProperty('value', expect.stringContaining('OnCalendar=Mon..Fri *-*-* 02:30:00 Europe/Berlin'));
  });

  it('offers only the interval to a server without cron', async () => {
    fakeApi();
    show(specServer, []);
    const user = renderForUser(<HeartbeatsView />);
    await user.click(screen.getByRole('button', { name: 'Create your first heartbeat' }));
    expect(screen.getByRole('textbox', { name: 'Expected every: amount' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'On a schedule' })).toBeNull();
    expect(screen.queryByText('Grace and longest run')).toBeNull();
  });

  it('lists a scheduled heartbeat by its schedule in words', () => {
    fakeApi();
    show(cronServer, [backup]);
    render(<HeartbeatsView />);
    expect(screen.getByTitle('every weekday at 02:30, Europe/Berlin').textContent).toBe('every weekday at 02:30');
  });
});

describe('the heartbeat page', () => {
  const key = 'local/heartbeat:hb_1';
  const history = () => itemHistory(Date.now(), '24h', { key, kind: 'heartbeat', name: 'Backup', checks: undefined, responseTimes: undefined, pings: [] });

  it('shows the timing, the runs with their logs, older runs on request, and the job lines', async () => {
    const newest = Date.parse('2026-11-24T01:30:00.000Z');
    const first = [run(newest, { outcome: 'failed', exitCode: 2, log: 'rsync: disk full\n', logTruncated: true }), run(newest - 86_400_000, { log: 'copied\n' })];
    const older = [run(newest - 2 * 86_400_000, { outcome: 'unfinished', endedAt: undefined, durationMs: undefined, exitCode: undefined })];
    const fake = fakeApi({
      getItemHistory: async () => history(),
      listHeartbeatRuns: async (_key, before) => ({ supported: true, runs: before === undefined ? first : before === newest - 86_400_000 ? older : [], mayHaveOlder: before === undefined }),
    });
    show(cronServer, [backup]);
    const user = renderForUser(<ItemPage itemKey={key} />);
    const facts = screen.getByText('Next expected').closest('dl') as HTMLElement;
    expect(facts.textContent).toContain('Runsevery weekday at 02:30, Europe/Berlin');
    expect(facts.textContent).toContain('Last runFailed, took 1 min 7 s, exit code 2');
    expect(facts.textContent).toContain('Grace15 min');
    const table = (await screen.findByRole('heading', { name: 'Runs' })).closest('section') as HTMLElement;
    await within(table).findByText('Failed');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(1, 4).map((cell) => cell.textContent))).toEqual([
      ['1 min 1 s', 'Failed', '2'],
      ['1 min 1 s', 'Succeeded', '0'],
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Truncated at 10 KB: the job printed more.')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('rsync: disk full').tagName).toBe('PRE');
    // The fold says what it does next: "Show log", then, open, "Hide log".
    const fold = (rows[0] as HTMLElement).querySelector('summary') as HTMLElement;
    expect(fold.textContent).toMatch(/^Show log of the run /);
    await user.click(fold);
    await waitFor(() => expect(fold.textContent).toMatch(/^Hide log of the run /));
    await user.click(fold);
    await waitFor(() => expect(fold.textContent).toMatch(/^Show log of the run /));
    await user.click(within(table).getByRole('button', { name: 'Show older runs' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getByText('Unfinished')).toBeTruthy();
    // A page shorter than full: nothing older is kept, and there is nothing more to ask for.
    expect(within(table).getByText('No older runs are kept.')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Show older runs' })).toBeNull();
    expect(fake.calls.filter((call) => call.method === 'listHeartbeatRuns').map((call) => call.args)).toEqual([[key], [key, newest - 86_400_000]]);
    const lines = screen.getByRole('heading', { name: 'Connect the job' }).closest('section') as HTMLElement;
    expect(within(lines).getByRole('textbox', { name: 'Shell function' })).toHaveProperty('value', expect.stringContaining(`vigil_url=${pingUrl}`));
  });

  it('shows no runs or job lines for a server without cron', async () => {
    const fake = fakeApi({ getItemHistory: async () => history() });
    show(specServer, [{ id: 'hb_1', name: 'Backup', expected_interval: 3600, ping_url: pingUrl }]);
    render(<ItemPage itemKey={key} />);
    await screen.findByRole('heading', { name: 'Recent pings' });
    expect(screen.queryByRole('heading', { name: 'Runs' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Connect the job' })).toBeNull();
    expect(fake.calls.some((call) => call.method === 'listHeartbeatRuns')).toBe(false);
    expect(screen.getByText('every 1 h')).toBeTruthy();
  });
});

describe('mergeRuns', () => {
  it('keeps the fresh version of a run on both pages, and no gap when new runs pushed some off the first page', () => {
    const fresh = [run(5000), run(4000), run(3000, { outcome: 'success' })];
    const older = [run(3000, { outcome: 'running' }), run(2000), run(1000)];
    expect(mergeRuns(fresh, older).map((entry) => [entry.startedAt, entry.outcome])).toEqual([
      [5000, 'success'],
      [4000, 'success'],
      [3000, 'success'],
      [2000, 'success'],
      [1000, 'success'],
    ]);
    expect(mergeRuns([run(9000, { startedAt: undefined, endedAt: 9500 })], []).map(runCursor)).toEqual([9500]);
  });
});
