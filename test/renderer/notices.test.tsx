// @vitest-environment happy-dom
// Notices leave by themselves and stay current, on the window's clock (a manual one here): a confirmation after
// 5 s, other news after 10 s; errors and warnings stay until dismissed, their age ticking; an alert about an item
// gives way to the next one about it, and goes when the item is no longer down.
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AlertView } from '../../common/ipc/views.ts';
import { Notices } from '../../renderer/components/notices.tsx';
import { followPageAlerts } from '../../renderer/state/follow-core.ts';
import { showError, showInfo, useNotices } from '../../renderer/state/notices-store.ts';
import { startClock } from '../../renderer/state/now-store.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { manualClock, type ManualClock } from '../helpers/manual-clock.ts';
import { fakeApi, status } from './renderer-harness.tsx';

let clock: ManualClock;
let stopClock: () => void;

beforeEach(() => {
  clock = manualClock();
  stopClock = startClock(clock);
});
afterEach(() => stopClock());

const texts = () => useNotices.getState().notices.map((notice) => notice.text);
const advance = (ms: number) => act(() => clock.advance(ms));

describe('notices leave by themselves', () => {
  it('a confirmation after 5 s, other news after 10 s', () => {
    render(<Notices />);
    act(() => {
      showInfo('Monitor API created.');
      useNotices.getState().show('info', 'API is back up: after 3 min down.');
    });
    advance(4_999);
    expect(texts()).toEqual(['Monitor API created.', 'API is back up: after 3 min down.']);
    advance(1);
    expect(texts()).toEqual(['API is back up: after 3 min down.']);
    advance(5_000);
    expect(texts()).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('errors and warnings stay until dismissed, and say how long ago they appeared, kept current', async () => {
    render(<Notices />);
    act(() => {
      showError('The monitor was not deleted: the server refused it.');
      useNotices.getState().show('warning', 'Backup is late: last ping 12 min ago.');
    });
    const notice = screen.getByRole('alert').closest('.notice') as HTMLElement;
    expect(notice.textContent).toContain('just now');
    advance(10 * 60_000);
    expect(texts()).toHaveLength(2);
    expect(notice.textContent).toContain('10 min ago');
    await userEvent.setup().click(within(notice).getByRole('button', { name: /^Dismiss: The monitor was not deleted/ }));
    expect(texts()).toEqual(['Backup is late: last ping 12 min ago.']);
  });

  it('a dismissed notice’s timer does not take a later one with it', () => {
    showInfo('First.');
    useNotices.getState().dismiss(useNotices.getState().notices[0]?.id ?? 0);
    advance(3_000);
    showInfo('Second.');
    advance(2_500);
    expect(texts()).toEqual(['Second.']);
  });
});

describe('alerts shown in the page', () => {
  const down: AlertView = { id: 'a1', kind: 'monitor-down', severity: 'critical', title: 'Flaky site is down', body: 'The server reports https://flaky.example as down.', itemKey: 'local/monitor:m1', connectionId: 'local' };
  const up: AlertView = { id: 'a2', kind: 'monitor-up', severity: 'info', title: 'Flaky site is back up', body: 'After 2 min down.', itemKey: 'local/monitor:m1', connectionId: 'local' };
  const item = (health: 'ok' | 'critical') => ({ key: 'monitor:m1', kind: 'monitor' as const, name: 'Flaky site', health, state: health === 'ok' ? 'up' : 'down', detail: '' });

  it('an item’s recovery takes the place of its outage, then leaves', () => {
    const fake = fakeApi();
    followPageAlerts();
    act(() => fake.emit('onAlert', down));
    expect(useNotices.getState().notices).toMatchObject([{ tone: 'error', text: 'Flaky site is down: The server reports https://flaky.example as down.', subject: 'local/monitor:m1' }]);
    act(() => fake.emit('onAlert', up));
    expect(texts()).toEqual(['Flaky site is back up: After 2 min down.']);
    advance(10_000);
    expect(texts()).toEqual([]);
  });

  it('an outage goes once the status says the item is no longer down, though its recovery was not told', () => {
    const fake = fakeApi();
    followPageAlerts();
    act(() => fake.emit('onAlert', down));
    act(() => fake.emit('onAlert', { ...down, id: 'a3', itemKey: 'local/monitor:m2', title: 'Shop is down' }));
    act(() => useStatus.getState().receive(status({ items: [item('critical'), { ...item('critical'), key: 'monitor:m2', name: 'Shop' }] })));
    expect(texts()).toHaveLength(2);
    act(() => useStatus.getState().receive(status({ items: [item('ok'), { ...item('critical'), key: 'monitor:m2', name: 'Shop' }] })));
    expect(texts()).toEqual(['Shop is down: The server reports https://flaky.example as down.']);
  });
});
