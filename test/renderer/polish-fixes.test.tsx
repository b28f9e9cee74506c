// @vitest-environment happy-dom
// What a working hour with Vigil found unpolished (issue 20, points 13, 16 and 17): badges cut without their whole
// text, counts whose verb did not agree, notices promising a control that is not there or calling a running window
// "scheduled", rules that said a delay when nothing is told, an empty overview claiming "Everything is up" whose
// "Add a monitor" led elsewhere, and a domain shown in its ASCII form.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Domain, Monitor } from '../../common/ipc/views.ts';
import { countThat } from '../../renderer/format/count.ts';
import { scheduledNotice } from '../../renderer/views/maintenance/maintenance-text.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import { useDomains, useMonitors } from '../../renderer/state/resources.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { DomainsView } from '../../renderer/views/domains/domains-view.tsx';
import { rulesSummary, tellChoicesOf } from '../../renderer/views/item/rules-values.ts';
import { MonitorsView } from '../../renderer/views/monitors/monitors-view.tsx';
import { OverviewView } from '../../renderer/views/overview/overview-view.tsx';
import { itemRules } from './calm-fixtures.ts';
import { fakeApi, status } from './renderer-harness.tsx';

const NOW = Date.UTC(2026, 10, 21, 12);
const rowOf = (name: string) => screen.getByText(name).closest('[role="row"]') as HTMLElement;

describe('counts as the subject of a verb', () => {
  it('agree with it: "1 needs attention", "3 need attention"', () => {
    expect(countThat(1, 'need', 'attention')).toBe('1 needs attention');
    expect(countThat(3, 'need', 'attention')).toBe('3 need attention');
    expect(countThat(1_200, 'need')).toBe('1,200 need');
  });
});

describe('the notice after scheduling maintenance', () => {
  it('says a window that covers now is in progress, until when, and one that does not is scheduled', () => {
    const until = NOW + 90 * 60_000;
    expect(scheduledNotice('API', false, [{ active: true, endsAt: until }], NOW)).toMatch(/^Maintenance on API is in progress until .+\.$/);
    expect(scheduledNotice('API', false, [{ active: false, endsAt: until }], NOW)).toBe('Maintenance on API is scheduled.');
    expect(scheduledNotice('everything', true, [{ active: false }, { active: true }], NOW)).toBe('Weekly maintenance on everything is scheduled, and the first is in progress now.');
    expect(scheduledNotice('API', true, [{ active: false }], NOW)).toBe('Weekly maintenance on API is scheduled.');
  });
});

describe('an item’s rules with every "Tell me when" box unticked', () => {
  it('read "Tells nothing", not a delay and a list of what is not told', () => {
    const rules = { ...itemRules('local/monitor:m1', { defaultDelayMinutes: 5 }), tell: { down: false, recovered: false, late: false, expiry: false } };
    expect(rulesSummary(rules, tellChoicesOf('monitor'))).toBe('Tells nothing: its state still shows in the window and the tray');
    const someOn = { ...rules, tell: { ...rules.tell, recovered: true } };
    expect(rulesSummary(someOn, tellChoicesOf('monitor'))).toBe('Tells only if down for 5 minutes (the default) · not when: it goes down');
  });
});

describe('the overview with nothing watched', () => {
  it('says so instead of "Everything is up", and its "Add a monitor" opens the new monitor’s form', async () => {
    fakeApi({ listEvents: async () => [] });
    act(() => useStatus.getState().receive(status({ level: 'ok' })));
    render(<OverviewView />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nothing to watch yet');
    expect(screen.queryByText('Everything is up')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add a monitor' }));
    expect(await screen.findByRole('dialog', { name: 'New monitor' })).toBeTruthy();
  });

  it('keeps the level’s headline once something is watched', () => {
    fakeApi({ listEvents: async () => [] });
    act(() => useStatus.getState().receive(status({ level: 'ok', items: [{ key: 'monitor:m1', kind: 'monitor', name: 'API', health: 'ok', state: 'up', detail: '' }] })));
    render(<OverviewView />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Everything is up');
  });
});

describe('the monitors list’s longest cells', () => {
  const monitors: Monitor[] = [
    { id: 'm1', name: 'Healthy API', type: 'http', url: 'https://xn--bcher-kva.de/health', frequency: 10, last_status: 'down' },
    { id: 'm2', name: 'Router', type: 'ping', url: '192.168.1.1', frequency: 60, last_status: 'down' },
  ];

  it('give a badge cut after two lines its whole text as its title, and show a host in its own script', () => {
    fakeApi({ getListHistory: async () => ({ from: NOW - 86_400_000, to: NOW, slotCount: 0, items: {} }) });
    useNow.setState({ now: NOW });
    useStatus.getState().receive(
      status({
        monitors,
        items: [
          { key: 'monitor:m1', kind: 'monitor', name: 'Healthy API', health: 'critical', state: 'down', detail: '', cause: { key: 'local/monitor:m9', name: 'Healthy API port' } },
          { key: 'monitor:m2', kind: 'monitor', name: 'Router', health: 'critical', state: 'down', detail: '', maintenance: { until: NOW + 3_600_000 }, flapping: false },
        ],
      }),
    );
    useMonitors.getState().setBase('local', monitors, NOW);
    render(<MonitorsView />);
    const cause = rowOf('Healthy API').querySelector('.badge') as HTMLElement;
    expect(cause.textContent).toBe('Down (Healthy API port down)');
    expect(cause.getAttribute('title')).toBe('Down (Healthy API port down)');
    const maintenance = rowOf('Router').querySelector('.badge') as HTMLElement;
    expect(maintenance.getAttribute('title')).toBe(maintenance.textContent);
    expect(maintenance.textContent).toMatch(/^Maintenance until /);
    // The host as people write it; the ASCII form is what the monitor checks.
    const target = within(rowOf('Healthy API')).getByText('bücher.de/health');
    expect(target.getAttribute('title')).toBe('https://bücher.de/health');
  });
});

describe('a domain whose name is not in Latin letters', () => {
  const domains: Domain[] = [{ id: 'd1', domain: 'xn--bcher-kva.de', expires_on: '2027-06-16', days_until_expiry: 200, registrar: 'DENIC eG' }];

  it('is listed as people write it and found by either form', async () => {
    fakeApi();
    useStatus.getState().receive(status({ domains, items: [{ key: 'domain:d1', kind: 'domain', name: 'bücher.de', health: 'ok', state: 'ok', detail: '' }] }));
    useDomains.getState().setBase('local', domains, NOW);
    render(<DomainsView />);
    expect(screen.getByRole('link', { name: 'bücher.de' })).toBeTruthy();
    expect(screen.queryByText('xn--bcher-kva.de')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete bücher.de' })).toBeTruthy();
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'xn--bcher');
    await waitFor(() => expect(screen.getByRole('link', { name: 'bücher.de' })).toBeTruthy());
    await user.clear(search);
    await user.type(search, 'bücher');
    await waitFor(() => expect(screen.getByRole('link', { name: 'bücher.de' })).toBeTruthy());
  });
});
