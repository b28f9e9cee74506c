// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SettingsPatch } from '../../common/ipc/settings.ts';
import { useNotices } from '../../renderer/state/notices-store.ts';
import { callError } from './renderer-harness.tsx';
import { argsOf, renderSettings, savedSettings } from './settings-fixtures.tsx';

const form = () => screen.getByRole('form', { name: 'Polling' });
const thresholds = () => within(form()).getByRole('textbox', { name: 'Domain expiry alerts (days before)' });
const pollAmount = () => within(form()).getByRole('textbox', { name: 'Poll interval: amount' });

describe('Settings: polling & alerts', () => {
  it('shows the saved values', async () => {
    await renderSettings();
    expect(pollAmount()).toHaveProperty('value', '1');
    expect(within(form()).getByRole('combobox', { name: 'Poll interval: unit' })).toHaveProperty('value', 'minutes');
    expect(thresholds()).toHaveProperty('value', '30, 14, 7, 1');
    expect(within(form()).getByRole('textbox', { name: 'Heartbeat grace: amount' })).toHaveProperty('value', '5');
  });

  it('saves only the settings that changed, as numbers, and shows what the core answered', async () => {
    const fake = await renderSettings({ updateSettings: async (patch: SettingsPatch) => ({ ...savedSettings, ...patch }) as typeof savedSettings });
    const user = userEvent.setup();
    await user.clear(pollAmount());
    await user.type(pollAmount(), '30');
    await user.selectOptions(within(form()).getByRole('combobox', { name: 'Poll interval: unit' }), 'seconds');
    await user.clear(thresholds());
    await user.type(thresholds(), '60, 30 7');
    await user.click(screen.getByRole('button', { name: 'Save polling settings' }));
    await waitFor(() => expect(argsOf(fake, 'updateSettings')).toEqual([[{ pollIntervalSeconds: 30, domainThresholds: [60, 30, 7] }]]));
    await waitFor(() => expect(thresholds()).toHaveProperty('value', '60, 30, 7'));
    expect(useNotices.getState().notices.map((notice) => notice.text)).toContain('Polling and alert settings saved.');
  });

  it('refuses unsorted thresholds and a poll interval out of bounds at their fields, sending nothing', async () => {
    const fake = await renderSettings();
    const user = userEvent.setup();
    await user.clear(thresholds());
    await user.type(thresholds(), '30, 7, 14');
    await user.clear(pollAmount());
    await user.type(pollAmount(), '2');
    await user.selectOptions(within(form()).getByRole('combobox', { name: 'Poll interval: unit' }), 'hours');
    await user.click(screen.getByRole('button', { name: 'Save polling settings' }));
    expect(within(form()).getByText('Must be unique and sorted from largest to smallest, e.g. 30, 14, 7, 1.')).toBeTruthy();
    expect(thresholds().getAttribute('aria-invalid')).toBe('true');
    expect(within(form()).getByText('Must be between 10 seconds and 1 hour.')).toBeTruthy();
    expect(pollAmount().getAttribute('aria-invalid')).toBe('true');
    expect(argsOf(fake, 'updateSettings')).toEqual([]);
    // Fixed as typed: the errors go as soon as the values are right.
    await user.clear(thresholds());
    await user.type(thresholds(), '30, 14, seven');
    expect(within(form()).getByText('Must be a whole number of days from 1 to 365.')).toBeTruthy();
    await user.clear(thresholds());
    await user.type(thresholds(), '30, 14, 7');
    expect(thresholds().getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps the typed values and shows the core’s field error when the save fails', async () => {
    await renderSettings({
      updateSettings: () => Promise.reject(callError('updateSettings was called with invalid arguments.', [{ field: '0.domainThresholds.1', message: 'must be a whole number of days from 1 to 365' }])),
    });
    const user = userEvent.setup();
    await user.clear(thresholds());
    await user.type(thresholds(), '30, 10');
    await user.click(screen.getByRole('button', { name: 'Save polling settings' }));
    expect(await within(form()).findByRole('alert')).toHaveProperty('textContent', 'updateSettings was called with invalid arguments.');
    expect(within(form()).getByText('Must be a whole number of days from 1 to 365.')).toBeTruthy();
    expect(thresholds()).toHaveProperty('value', '30, 10');
    expect(screen.getByRole('button', { name: 'Save polling settings' })).toHaveProperty('disabled', false);
  });

  it('saves a notification box at once and puts it back, with a notice, when the core refuses', async () => {
    let refuseNext = false;
    let refuse: () => void = () => undefined;
    const fake = await renderSettings({
      updateSettings: async (patch: SettingsPatch) => {
        if (refuseNext) await new Promise((_resolve, reject) => (refuse = () => reject(callError('The settings file could not be written.'))));
        return { ...savedSettings, notifications: { ...savedSettings.notifications, ...patch.notifications } };
      },
    });
    const user = userEvent.setup();
    const notifications = screen.getByRole('group', { name: 'Notifications' });
    const sound = within(notifications).getByRole('checkbox', { name: 'Good news, such as recoveries' });
    await user.click(sound);
    expect(sound).toHaveProperty('checked', true);
    await waitFor(() => expect(argsOf(fake, 'updateSettings')).toEqual([[{ notifications: { soundInfo: true } }]]));
    expect(within(notifications).getByRole('checkbox', { name: 'Quiet summary' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(notifications.textContent).toContain('arrive without sound');

    refuseNext = true;
    const down = within(notifications).getByRole('checkbox', { name: 'A monitor goes down' });
    await user.click(down);
    expect(down).toHaveProperty('checked', false);
    refuse();
    await waitFor(() => expect(down).toHaveProperty('checked', true));
    expect(useNotices.getState().notices.map((notice) => notice.text)).toContain('“A monitor goes down” was not changed: The settings file could not be written.');
    expect(sound).toHaveProperty('checked', true);
  });

  it('sends only what the user changed, so a change made elsewhere meanwhile is not undone', async () => {
    const fake = await renderSettings({
      // Someone changed the poll interval in another tab; the answer to the sound box brings it along.
      updateSettings: async ({ notifications, ...patch }: SettingsPatch) =>
        ({ ...savedSettings, pollIntervalSeconds: 120, ...patch, notifications: { ...savedSettings.notifications, ...notifications } }) as typeof savedSettings,
    });
    const user = userEvent.setup();
    await user.clear(thresholds());
    await user.type(thresholds(), '30, 7');
    await user.click(screen.getByRole('checkbox', { name: 'Good news, such as recoveries' }));
    await waitFor(() => expect(argsOf(fake, 'updateSettings')).toHaveLength(1));
    // The form still shows the interval it started from; the user left it alone, so it is not sent.
    expect(pollAmount()).toHaveProperty('value', '1');
    await user.click(screen.getByRole('button', { name: 'Save polling settings' }));
    await waitFor(() => expect(argsOf(fake, 'updateSettings')).toHaveLength(2));
    expect(argsOf(fake, 'updateSettings')[1]).toEqual([{ domainThresholds: [30, 7] }]);
  });

  it('launch at login goes back, with a notice, when the system refuses it', async () => {
    const fake = await renderSettings({ updateSettings: async () => ({ ...savedSettings, launchAtLogin: false }) });
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: 'Start Vigil when I log in' });
    await user.click(box);
    await waitFor(() => expect(argsOf(fake, 'updateSettings')).toEqual([[{ launchAtLogin: true }]]));
    await waitFor(() => expect(box).toHaveProperty('checked', false));
    expect(useNotices.getState().notices.map((notice) => notice.text)).toContain(
      '“Start Vigil when I log in” was not changed: the system refused it, and the app’s log says why.',
    );
  });

  it('launch at login says browser mode only saves it, for the desktop app to apply when it next starts', async () => {
    const fake = await renderSettings({
      getSettings: async () => ({ ...savedSettings, about: { ...savedSettings.about, shell: 'browser' } }),
      updateSettings: async () => ({ ...savedSettings, launchAtLogin: true }),
    });
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: 'Start Vigil when I log in' });
    expect(screen.getByText('Saved now; the desktop app applies it when it next starts.')).toBeTruthy();
    await user.click(box);
    await waitFor(() => expect(argsOf(fake, 'updateSettings')).toEqual([[{ launchAtLogin: true }]]));
    expect(box).toHaveProperty('checked', true);
    expect(useNotices.getState().notices).toEqual([]);
  });
});
