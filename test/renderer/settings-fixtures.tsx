// The settings view's test data: saved settings, the built-in and a remote connection, and the view rendered
// over the fake API once its first load has arrived.
import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { DEFAULT_ALERTING, DEFAULT_QUIET_HOURS } from '../../common/ipc/alerting.ts';
import type { VigilCalls, VigilMethod } from '../../common/ipc/contract.ts';
import { NOTIFICATION_DEFAULTS, type SettingsView } from '../../common/ipc/settings.ts';
import type { ConnectionView } from '../../common/ipc/views.ts';
import { SettingsView as SettingsPage } from '../../renderer/views/settings/settings-view.tsx';
import { fakeApi, type FakeApi } from './renderer-harness.tsx';

export const savedSettings: SettingsView = {
  pollIntervalSeconds: 60,
  domainThresholds: [30, 14, 7, 1],
  heartbeatGraceSeconds: 300,
  notifications: { ...NOTIFICATION_DEFAULTS },
  quietHours: { ...DEFAULT_QUIET_HOURS, ranges: DEFAULT_QUIET_HOURS.ranges.map((range) => ({ ...range, days: [...range.days] })) },
  alerting: { delayMinutes: DEFAULT_ALERTING.delayMinutes, flapping: { ...DEFAULT_ALERTING.flapping } },
  timeZone: 'Europe/Berlin',
  launchAtLogin: false,
  secrets: { where: 'keychain', keychainName: 'Secret Service' },
  about: { version: '1.4.2', logFile: '/home/ada/.config/Vigil/logs/main.log', shell: 'desktop' },
};

export const localConnection: ConnectionView = { id: 'local', name: 'This computer', baseUrl: 'http://127.0.0.1:7070/api', kind: 'local', sourceKind: 'vigil', enabled: true, auth: 'signed-in' };
export const remoteConnection: ConnectionView = { id: 'prod', name: 'Production', baseUrl: 'https://monitor.example.com/api', kind: 'remote', sourceKind: 'vigil', enabled: false, auth: 'signed-in' };

/** The fake API answering the view's three loads (overridable), and the view on screen once they arrived. */
export async function renderSettings(answers: Partial<VigilCalls> = {}): Promise<FakeApi> {
  const fake = fakeApi({
    getSettings: async () => savedSettings,
    listConnections: async () => [localConnection, remoteConnection],
    getLocalService: async () => ({ available: false }),
    ...answers,
  });
  render(<SettingsPage />);
  await screen.findByRole('heading', { name: 'Connections' });
  // The headings show at once; the sections fill in once their loads have answered (or failed), which a busy
  // machine may not have done yet.
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  return fake;
}

/** The arguments of every call of `method`, in order. */
export function argsOf(fake: FakeApi, method: VigilMethod): unknown[][] {
  return fake.calls.filter((call) => call.method === method).map((call) => call.args);
}
