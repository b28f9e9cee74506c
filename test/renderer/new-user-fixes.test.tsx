// @vitest-environment happy-dom
// What a new user met and should not: a just-saved row "updated in a few seconds", "1 minutes", notices piling up
// over the list, and the server's own trouble left unsaid.
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { bannersOf } from '../../renderer/components/banners.tsx';
import { DurationField, type DurationDraft } from '../../renderer/components/duration-field.tsx';
import { relativeTime } from '../../renderer/format/time.ts';
import { showError, showInfo, useNotices } from '../../renderer/state/notices-store.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import { useMonitors } from '../../renderer/state/resources.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { MonitorsView } from '../../renderer/views/monitors/monitors-view.tsx';
import { fakeApi, status } from './renderer-harness.tsx';

const NOW = Date.UTC(2026, 10, 21, 12);

describe('times a little ahead of the page’s clock', () => {
  it('read "just now" up to a minute ahead, and as future after', () => {
    expect(relativeTime(NOW + 5_000, NOW)).toBe('just now');
    expect(relativeTime(NOW + 60_000, NOW)).toBe('just now');
    expect(relativeTime(NOW + 61_000, NOW)).toBe('in 1 min');
    expect(relativeTime(NOW - 44_000, NOW)).toBe('just now');
    expect(relativeTime(NOW - 46_000, NOW)).toBe('1 min ago');
  });

  it('show a row saved a moment ago as updated just now', () => {
    fakeApi();
    const now = Date.now();
    useNow.setState({ now: now - 8_000 });
    const monitors = [{ id: 'm1', name: 'Shop', type: 'http', url: 'https://shop.example', frequency: 60, last_status: 'up', updated_at: new Date(now).toISOString() }];
    useStatus.getState().receive(status({ monitors }));
    useMonitors.getState().setBase('local', monitors, now);
    render(<MonitorsView />);
    const row = screen.getByText('Shop').closest('[role="row"]');
    expect(row?.textContent).toContain('just now');
    expect(row?.textContent).not.toContain('in a few seconds');
  });
});

describe('the duration picker', () => {
  function Picker({ amount }: { amount: string }) {
    const [value, setValue] = useState<DurationDraft>({ amount, unit: 'minutes' });
    return <DurationField label="Check every" value={value} onChange={setValue} />;
  }

  it('names the unit in the singular after one, and in the plural otherwise', () => {
    const { unmount } = render(<Picker amount="1" />);
    const options = () => [...screen.getByRole('combobox', { name: 'Check every: unit' }).querySelectorAll('option')].map((option) => option.textContent);
    expect(options()).toEqual(['second', 'minute', 'hour', 'day']);
    unmount();
    render(<Picker amount="5" />);
    expect(options()).toEqual(['seconds', 'minutes', 'hours', 'days']);
  });
});

describe('notices', () => {
  it('replace one routine confirmation with the next, while errors stack', () => {
    showInfo('Monitor A created.');
    showInfo('Monitor B created.');
    showInfo('Monitor C created.');
    expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual(['Monitor C created.']);
    showError('The monitor was not deleted: refused.');
    showError('The heartbeat was not deleted: refused.');
    showInfo('Monitor D created.');
    expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual(['The monitor was not deleted: refused.', 'The heartbeat was not deleted: refused.', 'Monitor D created.']);
    // Alerts shown in the page are not routine: they stack too.
    useNotices.getState().show('info', 'Backup: late');
    showInfo('Monitor E created.');
    expect(useNotices.getState().notices.map((notice) => notice.text)).toContain('Backup: late');
  });
});

describe('the server’s own trouble', () => {
  it('is a banner per problem, in the server’s words', () => {
    const connection = { id: 'local', name: 'This computer', baseUrl: 'http://127.0.0.1:7070/api', kind: 'local', sourceKind: 'vigil', enabled: true, auth: 'signed-in', serverProblems: ['History is not being saved: the disk is full.'] } as const;
    const banners = bannersOf(status({ connection: { ...connection, serverProblems: [...connection.serverProblems] } }), NOW);
    expect(banners).toEqual([{ id: 'server-problem', tone: 'warning', connectionId: 'local', text: 'This computer reports a problem: History is not being saved: the disk is full.' }]);
    expect(bannersOf(status({ connection: { ...connection, serverProblems: [] } }), NOW)).toEqual([]);
  });
});
