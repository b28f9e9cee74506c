// @vitest-environment happy-dom
// The item page's calm-alert parts: the Rules panel (a summary, then on request the delay of its own or the
// default, the kinds of news that apply to its kind, what it depends on from a searchable list of the same
// server's items, a refused cycle at its field, a failed load with "Try again"), and the history's maintenance:
// its own stretch and legend entry on the timeline, the hours not counted in the uptime, its events.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ItemRulesPatch } from '../../common/ipc/alerting.ts';
import { useNow } from '../../renderer/state/now-store.ts';
import { useStatus } from '../../renderer/state/status-store.ts';
import { ItemPage } from '../../renderer/views/item/item-page.tsx';
import { timelineBars, timelineLegend } from '../../renderer/views/item/item-page-model.ts';
import { rulesDraftOf, rulesPatch, rulesSummary, tellChoicesOf } from '../../renderer/views/item/rules-values.ts';
import { itemRules } from './calm-fixtures.ts';
import { itemHistory } from './history-fixtures.ts';
import { argsOf } from './settings-fixtures.tsx';
import { callError, fakeApi, renderForUser, status } from './renderer-harness.tsx';
import { localConnection, remoteConnection, type ItemFixture } from './status-fixtures.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
const hour = 3_600_000;
const key = 'local/monitor:m2';
const nas: ItemFixture = { key: 'monitor:m2', kind: 'monitor', name: 'NAS', health: 'ok', state: 'up', detail: '' };
const others: ItemFixture[] = [
  { key: 'monitor:m1', kind: 'monitor', name: 'Router', health: 'ok', state: 'up', detail: '' },
  { key: 'monitor:m3', kind: 'monitor', name: 'Printer', health: 'ok', state: 'up', detail: '' },
  { key: 'heartbeat:h1', kind: 'heartbeat', name: 'Backup', health: 'ok', state: 'up', detail: '' },
];

function showStatus() {
  useNow.setState({ now: NOW });
  act(() =>
    useStatus.getState().receive(
      status({
        servers: [
          { connection: localConnection, items: [nas, ...others] },
          { connection: remoteConnection('work', 'Work'), items: [{ key: 'monitor:w1', kind: 'monitor', name: 'Work router', health: 'ok', state: 'up', detail: '' }] },
        ],
      }),
    ),
  );
}

const history = async () => itemHistory(NOW, '24h', { key, name: 'NAS' });

describe('the Rules panel', () => {
  it('says the rules in a line, and on request changes only what was changed', async () => {
    let refuseCycle = true;
    const fake = fakeApi({
      getItemHistory: history,
      getItemRules: async () => itemRules(key, { defaultDelayMinutes: 5, dependents: 3 }),
      setItemRules: async (_key: string, patch: ItemRulesPatch) => {
        if (refuseCycle && patch.dependsOn === 'local/monitor:m1') throw callError('The rules were not saved.', [{ field: '1.dependsOn', message: 'Router already depends on NAS: that would be a cycle' }]);
        return itemRules(key, { defaultDelayMinutes: 5, dependents: 3, delayMinutes: 10, dependsOn: { itemKey: 'local/monitor:m3', name: 'Printer' }, tell: { down: true, recovered: false, late: true, expiry: true } });
      },
    });
    showStatus();
    const user = renderForUser(<ItemPage itemKey={key} />);
    const panel = await screen.findByRole('region', { name: 'Alert rules' });
    expect(await within(panel).findByText('Tells only if down for 5 minutes (the default) · 3 items depend on this')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Change rules' }));
    const form = within(panel).getByRole('form', { name: 'Alert rules of NAS' });
    expect(within(form).getByRole('radio', { name: 'The default (5 min)' })).toHaveProperty('checked', true);
    expect(within(form).queryByLabelText('Minutes')).toBeNull();
    // A monitor goes down and recovers: it is never late, nor does it expire.
    expect(within(within(form).getByRole('group', { name: 'Tell me when' }) as HTMLElement).getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual(['It goes down', 'It recovers']);

    await user.click(within(form).getByRole('radio', { name: 'A time of its own' }));
    const minutes = within(form).getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, 'x');
    await user.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(within(form).getByText('Must be a whole number of minutes from 0 to 1440.')).toBeTruthy();
    await user.clear(minutes);
    await user.type(minutes, '10');
    await user.click(within(form).getByRole('checkbox', { name: 'It recovers' }));

    // Its own server's items first, then the other servers' (each named), never itself; typing narrows them.
    const dependsOn = within(form).getByRole('combobox', { name: 'Depends on' });
    expect([...dependsOn.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Nothing', 'Backup (heartbeat)', 'Printer (monitor)', 'Router (monitor)', 'Work router (monitor) · Work']);
    await user.type(within(form).getByRole('searchbox', { name: 'Find an item' }), 'rout');
    expect([...dependsOn.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Nothing', 'Router (monitor)', 'Work router (monitor) · Work']);
    await user.selectOptions(dependsOn, 'local/monitor:m1');
    await user.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(await within(form).findByText('Router already depends on NAS: that would be a cycle.')).toBeTruthy();
    expect(dependsOn.getAttribute('aria-invalid')).toBe('true');

    refuseCycle = false;
    await user.clear(within(form).getByRole('searchbox', { name: 'Find an item' }));
    await user.selectOptions(dependsOn, 'local/monitor:m3');
    expect(dependsOn.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Save rules' }));
    expect(await within(panel).findByText('Tells only if down for 10 minutes · not when: it recovers · depends on Printer · 3 items depend on this')).toBeTruthy();
    expect(argsOf(fake, 'setItemRules').at(-1)).toEqual([key, { delayMinutes: 10, tell: { down: true, recovered: false, late: true, expiry: true }, dependsOn: 'local/monitor:m3' }]);
  });

  it('sends only the fields changed, and null to go back to the default or to depend on nothing', () => {
    const rules = itemRules('local/heartbeat:h1');
    expect(rulesPatch({ ...rulesDraftOf(rules), ownDelay: false }, rules)).toEqual({});
    expect(rulesPatch({ ...rulesDraftOf({ ...rules, delayMinutes: 3 }), ownDelay: false }, { ...rules, delayMinutes: 3 })).toEqual({ delayMinutes: null });
    expect(rulesPatch({ ...rulesDraftOf({ ...rules, dependsOn: { itemKey: 'local/monitor:m1', name: 'Router' } }), dependsOn: '' }, { ...rules, dependsOn: { itemKey: 'local/monitor:m1', name: 'Router' } })).toEqual({ dependsOn: null });
  });

  it("offers a monitor's certificate expiry only where it has a certificate, and says when it is off", () => {
    const kinds = (monitor?: { url?: string; certificate_expires_on?: string }) => tellChoicesOf('monitor', monitor).map(({ kind }) => kind);
    expect(kinds()).toEqual(['down', 'recovered']);
    expect(kinds({ url: 'http://nas.lan/' })).toEqual(['down', 'recovered']);
    expect(kinds({ url: 'HTTPS://nas.lan/' })).toEqual(['down', 'recovered', 'expiry']);
    expect(kinds({ url: 'nas.lan:443', certificate_expires_on: '2026-12-01T14:00:00Z' })).toEqual(['down', 'recovered', 'expiry']);
    expect(tellChoicesOf('domain').map(({ label }) => label)).toEqual(['Its expiry comes near']);
    const rules = itemRules(key, { tell: { down: true, recovered: true, late: true, expiry: false } });
    expect(rulesSummary(rules, tellChoicesOf('monitor', { url: 'https://nas.lan/' }))).toBe("Tells at once (the default) · not when: its certificate's expiry comes near");
    expect(rulesSummary(rules, tellChoicesOf('monitor', { url: 'http://nas.lan/' }))).toBe('Tells at once (the default)');
  });

  it("says under Depends on whether the server's own email and webhook alerts fold: not on a spec-only server, too where it keeps them", async () => {
    const formText = async (keptBy: 'server' | 'vigil') => {
      fakeApi({ getItemHistory: history, getItemRules: async () => itemRules(key, { dependenciesKeptBy: keptBy }) });
      showStatus();
      const view = render(<ItemPage itemKey={key} />);
      const panel = await screen.findByRole('region', { name: 'Alert rules' });
      await userEvent.setup().click(await within(panel).findByRole('button', { name: 'Change rules' }));
      const text = within(panel).getByRole('form', { name: 'Alert rules of NAS' }).textContent;
      view.unmount();
      return text;
    };
    const vigilKeeps = 'Kept by Vigil: only Vigil’s notifications fold. This server’s own email and webhook alerts are not folded; they still tell each item on its own.';
    const serverKeeps = 'Kept by the server: its own email and webhook alerts fold too.';
    const specOnly = await formText('vigil');
    expect(specOnly).toContain(vigilKeeps);
    expect(specOnly).not.toContain(serverKeeps);
    const extended = await formText('server');
    expect(extended).toContain(serverKeeps);
    expect(extended).not.toContain('not folded');
  });

  it('says when the rules could not be loaded, and tries again', async () => {
    let fail = true;
    fakeApi({
      getItemHistory: history,
      getItemRules: async () => {
        if (fail) throw callError('Vigil is restarting.');
        return itemRules(key);
      },
    });
    showStatus();
    render(<ItemPage itemKey={key} />);
    const panel = await screen.findByRole('region', { name: 'Alert rules' });
    expect((await within(panel).findByRole('alert')).textContent).toContain('The rules could not be loaded: Vigil is restarting.');
    fail = false;
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Tells at once (the default)')).toBeTruthy();
  });
});

describe('maintenance in the history', () => {
  const from = NOW - 24 * hour;
  const segments = [
    { from, to: NOW - 10 * hour, health: 'ok', state: 'up' },
    { from: NOW - 10 * hour, to: NOW - 8 * hour, health: 'maintenance', state: 'maintenance' },
    { from: NOW - 8 * hour, to: NOW, health: 'ok', state: 'up' },
  ] as const;

  it('draws maintenance as its own stretch, in the legend, not counted in the uptime, and lists its events', async () => {
    fakeApi({
      getItemHistory: async () =>
        itemHistory(NOW, '24h', {
          key,
          name: 'NAS',
          timeline: segments.map((segment) => ({ ...segment })),
          uptime: [{ window: '24h', uptime: 1, upSeconds: 79_200, downSeconds: 0, unknownSeconds: 0, maintenanceSeconds: 7_200, sinceCreation: undefined, source: 'server' }],
          events: [
            { id: 'm2', at: NOW - 8 * hour, connectionId: 'local', serverName: 'This computer', itemKey: key, kind: 'maintenance', title: 'Maintenance ended', health: 'unknown', source: 'server' },
            { id: 'm1', at: NOW - 10 * hour, connectionId: 'local', serverName: 'This computer', itemKey: key, kind: 'maintenance', title: 'Maintenance began: firmware', health: 'unknown', source: 'server' },
          ],
        }),
    });
    showStatus();
    const { container } = render(<ItemPage itemKey={key} />);
    const timeline = await screen.findByRole('region', { name: 'Status over the past 24 hours' });
    expect(within(within(timeline).getByRole('list', { name: 'Legend' })).getByText('In maintenance (not counted)')).toBeTruthy();
    expect(container.querySelectorAll('.timeline .state-maintenance')).toHaveLength(1);
    expect(container.querySelectorAll('.timeline .state-gap')).toHaveLength(0);
    expect(within(timeline).getByRole('list', { name: 'Stretches that were not up' }).textContent).toMatch(/^Maintenance from .* 2 h\.$/);
    const uptime = screen.getByRole('region', { name: 'Uptime' });
    expect(uptime.textContent).toContain('2 h in maintenance, not counted.');
    const events = screen.getByRole('list', { name: 'Events of NAS' });
    expect(within(events).getAllByText('Maintenance')).toHaveLength(2);
    expect(events.textContent).toContain('Maintenance began: firmware');
  });

  it('keeps a short window visible beside up, and below trouble, in a year of columns', () => {
    const year = 365 * 24 * hour;
    const bars = timelineBars([{ from: NOW - year, to: NOW, health: 'ok', state: 'up' }, { from: NOW - hour, to: NOW - hour + 60_000, health: 'maintenance', state: 'maintenance' }], NOW - year, NOW, 360);
    expect(bars.map((bar) => bar.health)).toEqual(['ok', 'maintenance']);
    const mixed = timelineBars([{ from: NOW - hour, to: NOW - 30 * 60_000, health: 'maintenance', state: 'maintenance' }, { from: NOW - 30 * 60_000, to: NOW, health: 'critical', state: 'down' }], NOW - hour, NOW, 1);
    expect(mixed.map((bar) => bar.health)).toEqual(['critical']);
    expect(timelineLegend(segments.map((segment) => ({ ...segment }))).map((entry) => entry.label)).toEqual(['Up', 'In maintenance (not counted)', 'Not watching']);
  });
});

describe('the page while rules and history both load', () => {
  it('asks the rules of the page’s own item', async () => {
    const fake = fakeApi({ getItemHistory: history });
    showStatus();
    render(<ItemPage itemKey={key} />);
    await waitFor(() => expect(argsOf(fake, 'getItemRules')).toEqual([[key]]));
  });
});
