// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Heartbeat } from '../../common/ipc/views.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import { useHeartbeats } from '../../renderer/state/resources.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { HeartbeatsView } from '../../renderer/views/heartbeats/heartbeats-view.tsx';
import { callError, fakeApi, renderForUser, status } from './renderer-harness.tsx';
import { expectDeleteOnlyAfterConfirmation, expectEmptyList, expectRefusedCreateKeepsDraft } from './resource-list-flows.tsx';
import type { ItemFixture } from './status-fixtures.ts';

const minute = 60_000;
const pingUrl = 'https://vigil.example/ping/backup-7f3a';

function showHeartbeats(heartbeats: Heartbeat[], items: ItemFixture[] = []) {
  useNow.setState({ now: Date.now() });
  useStatus.getState().receive(status({ heartbeats, items }));
  useHeartbeats.getState().setBase('local', heartbeats, Date.now());
}

/** Stubs the clipboard after userEvent.setup(), which attaches its own. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  const stub = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: stub }, configurable: true });
  return stub;
}

describe('HeartbeatsView', () => {
  it('says what a heartbeat is for when there is none yet', () => {
    fakeApi();
    showHeartbeats([]);
    expectEmptyList(<HeartbeatsView />, { heading: 'No heartbeats yet', explains: /pings Vigil each time it finishes/, firstButton: 'Create your first heartbeat' });
  });

  it('lists the interval, last ping, next expected ping and the state the core judged', () => {
    fakeApi();
    const lastPing = new Date(Date.now() - 3 * minute).toISOString();
    showHeartbeats(
      [
        { id: 'hb_1', name: 'Backup', expected_interval: 300, last_ping: lastPing, ping_url: pingUrl },
        { id: 'hb_2', name: 'Report', expected_interval: 86_400 },
      ],
      [
        { key: 'heartbeat:hb_1', kind: 'heartbeat', name: 'Backup', health: 'ok', state: 'up', detail: 'Last ping 3 min ago' },
        { key: 'heartbeat:hb_2', kind: 'heartbeat', name: 'Report', health: 'ok', state: 'waiting', detail: 'Waiting for the first ping' },
      ],
    );
    render(<HeartbeatsView />);
    expect(screen.getByText('2 heartbeats, 0 down, 0 late.')).toBeTruthy();
    const backup = screen.getByText('Backup').closest('[role="row"]');
    expect(backup?.textContent).toContain('5 min');
    expect(backup?.textContent).toContain('3 min ago');
    expect(backup?.textContent).toContain('in 2 min');
    expect(backup?.textContent).toContain('Up');
    const report = screen.getByText('Report').closest('[role="row"]');
    expect(report?.textContent).toContain('never');
    expect(report?.textContent).toContain('waiting for first ping');
    expect(report?.textContent).toContain('Waiting');
    // Only a heartbeat that has a ping URL offers it.
    expect(screen.getByRole('button', { name: 'Ping URL for Backup' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ping URL for Report' })).toBeNull();
  });

  it('filters by state and searches by name, and remembers both', async () => {
    fakeApi();
    showHeartbeats(
      [
        { id: 'hb_1', name: 'Backup', expected_interval: 300 },
        { id: 'hb_2', name: 'Report', expected_interval: 300 },
      ],
      [
        { key: 'heartbeat:hb_1', kind: 'heartbeat', name: 'Backup', health: 'critical', state: 'down', detail: '' },
        { key: 'heartbeat:hb_2', kind: 'heartbeat', name: 'Report', health: 'ok', state: 'up', detail: '' },
      ],
    );
    const user = userEvent.setup();
    const { unmount } = render(<HeartbeatsView />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'down');
    expect(screen.getByText('1 of 2 heartbeats')).toBeTruthy();
    expect(screen.queryByText('Report')).toBeNull();
    unmount();
    render(<HeartbeatsView />);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveProperty('value', 'down');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'all');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'rep');
    await waitFor(() => expect(screen.queryByText('Backup')).toBeNull());
    expect(screen.getByText('Report')).toBeTruthy();
  });

  it('shows a failed run as Failed, first, counted in the summary and offered as a filter', async () => {
    fakeApi();
    showHeartbeats(
      [
        { id: 'hb_1', name: 'Report', expected_interval: 300 },
        { id: 'hb_2', name: 'Backup', expected_interval: 86_400, last_outcome: 'failed', last_exit_code: 2 },
      ],
      [
        { key: 'heartbeat:hb_1', kind: 'heartbeat', name: 'Report', health: 'warning', state: 'late', detail: '' },
        { key: 'heartbeat:hb_2', kind: 'heartbeat', name: 'Backup', health: 'critical', state: 'failed', detail: 'Failed: exit code 2, 3 h ago' },
      ],
    );
    const user = renderForUser(<HeartbeatsView />);
    expect(screen.getByText('2 heartbeats, 1 failed, 0 down, 1 late.')).toBeTruthy();
    const rows = screen.getAllByRole('row').map((row) => row.textContent ?? '');
    expect(rows.findIndex((text) => text.includes('Backup'))).toBeLessThan(rows.findIndex((text) => text.includes('Report')));
    expect(screen.getByText('Backup').closest('[role="row"]')?.textContent).toContain('Failed');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'failed');
    expect(screen.getByText('1 of 2 heartbeats')).toBeTruthy();
    expect(screen.queryByText('Report')).toBeNull();
  });

  it('checks the interval before sending anything', async () => {
    const fake = fakeApi();
    showHeartbeats([]);
    const user = renderForUser(<HeartbeatsView />);
    await user.click(screen.getByRole('button', { name: 'New heartbeat' }));
    const amount = screen.getByRole('textbox', { name: 'Expected every: amount' });
    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: 'Create heartbeat' }));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Must not be empty.')).toBeTruthy();
    // Each problem in the unit typed: never a count of seconds the person did not type, never rounded silently.
    const unit = screen.getByRole('combobox', { name: 'Expected every: unit' });
    /** Types the amount afresh and, when named, picks the unit after it. */
    const expectedEvery = async (typed: string, unitName?: string) => {
      await user.clear(amount);
      await user.type(amount, typed);
      if (unitName !== undefined) await user.selectOptions(unit, unitName);
    };
    await expectedEvery('0.0001');
    expect(screen.getByText('Must come to whole seconds: 0.0001 hours is 0.36 seconds.')).toBeTruthy();
    await expectedEvery('9.5', 'seconds');
    expect(screen.getByText('Must be a whole number of seconds.')).toBeTruthy();
    await expectedEvery('5');
    expect(screen.getByText('Must be between 10 seconds and 366 days.')).toBeTruthy();
    await expectedEvery('400', 'days');
    expect(screen.getByText('Must be between 10 seconds and 366 days.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create heartbeat' }));
    expect(fake.calls).toEqual([]);
  });

  it('creates with the interval in seconds and no name when none is given, shows the row at once, then how to ping it', async () => {
    let finish: (heartbeat: Heartbeat) => void = () => undefined;
    const fake = fakeApi({ createHeartbeat: () => new Promise((resolve) => (finish = resolve)) });
    showHeartbeats([]);
    const user = renderForUser(<HeartbeatsView />);
    await user.click(screen.getByRole('button', { name: 'Create your first heartbeat' }));
    const amount = screen.getByRole('textbox', { name: 'Expected every: amount' });
    await user.clear(amount);
    await user.type(amount, '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expected every: unit' }), 'hours');
    await user.click(screen.getByRole('button', { name: 'Create heartbeat' }));
    expect(fake.calls).toEqual([{ method: 'createHeartbeat', args: ['local', { expected_interval: 7200 }] }]);
    expect(useHeartbeats.getState().rows).toMatchObject([{ saving: true, item: { name: 'Heartbeat', expected_interval: 7200 } }]);
    finish({ id: 'hb_9', name: 'Heartbeat', expected_interval: 7200, ping_url: pingUrl });
    const details = await screen.findByRole('dialog', { name: 'Ping URL for Heartbeat' });
    expect(within(details).getByRole('textbox', { name: 'Ping URL' })).toHaveProperty('value', pingUrl);
    expect(within(details).getByRole('textbox', { name: 'Crontab line' })).toHaveProperty('value', `0 */2 * * * /path/to/job && curl -fsS -m 10 --retry 3 ${pingUrl} > /dev/null`);
    expect(useHeartbeats.getState().rows).toMatchObject([{ key: 'local/heartbeat:hb_9', saving: false }]);
  });

  it('rolls the row back and keeps the input, with the server’s error at the field, when creating fails', async () => {
    fakeApi({ createHeartbeat: () => Promise.reject(callError('The server refused the heartbeat.', [{ field: '0.expected_interval', message: 'must be at least 60 on this server' }])) });
    showHeartbeats([]);
    await expectRefusedCreateKeepsDraft(renderForUser(<HeartbeatsView />), {
      open: 'New heartbeat',
      dialog: 'New heartbeat',
      field: 'Name',
      typed: 'Backup',
      submit: 'Create heartbeat',
      refusal: 'The server refused the heartbeat.',
      fieldError: 'Must be at least 60 on this server.',
      rows: () => useHeartbeats.getState().rows,
      reopen: 'New heartbeat',
    });
  });

  it('deletes only after confirmation', async () => {
    const fake = fakeApi();
    showHeartbeats([{ id: 'hb_1', name: 'Backup', expected_interval: 300 }]);
    await expectDeleteOnlyAfterConfirmation(renderForUser(<HeartbeatsView />), fake, {
      name: 'Backup',
      question: 'Delete Backup?',
      confirm: 'Delete heartbeat',
      decline: 'Cancel',
      call: { method: 'deleteHeartbeat', args: ['local', 'hb_1'] },
    });
  });

  it('copies the ping URL and says so', async () => {
    fakeApi();
    showHeartbeats([{ id: 'hb_1', name: 'Backup', expected_interval: 300, ping_url: pingUrl }]);
    const user = userEvent.setup();
    const writeText = stubClipboard(async () => undefined);
    render(<HeartbeatsView />);
    await user.click(screen.getByRole('button', { name: 'Ping URL for Backup' }));
    const details = screen.getByRole('dialog', { name: 'Ping URL for Backup' });
    await user.click(within(details).getByRole('button', { name: 'Copy ping URL' }));
    expect(writeText).toHaveBeenCalledWith(pingUrl);
    expect(await within(details).findByText('Ping URL copied to the clipboard.')).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Copy ping URL' }).textContent).toBe('Copied');
    await user.click(within(details).getByRole('button', { name: 'Copy crontab line' }));
    expect(writeText).toHaveBeenLastCalledWith(`*/5 * * * * /path/to/job && curl -fsS -m 10 --retry 3 ${pingUrl} > /dev/null`);
  });

  it('selects the text and says how to copy it when the clipboard is refused', async () => {
    fakeApi();
    showHeartbeats([{ id: 'hb_1', name: 'Backup', expected_interval: 300, ping_url: pingUrl }]);
    const user = userEvent.setup();
    stubClipboard(() => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')));
    render(<HeartbeatsView />);
    await user.click(screen.getByRole('button', { name: 'Ping URL for Backup' }));
    await user.click(screen.getByRole('button', { name: 'Copy ping URL' }));
    expect(await screen.findByText(/The clipboard could not be used here\. The text is selected: press Ctrl\+C/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Ping URL' }));
  });
});
