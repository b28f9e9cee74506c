// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SettingsView } from '../../renderer/views/settings/settings-view.tsx';
import { callError, fakeApi, renderForUser } from './renderer-harness.tsx';
import { localConnection, renderSettings, savedSettings } from './settings-fixtures.tsx';

describe('Settings view', () => {
  it('shows each section once its own data arrives; a failed load says why in its section, with "Try again"', async () => {
    let fail = true;
    fakeApi({
      getSettings: async () => {
        if (fail) throw callError('Vigil did not answer in time.');
        return savedSettings;
      },
      listConnections: async () => [localConnection],
      getLocalService: async () => ({ available: false }),
    });
    const user = renderForUser(<SettingsView />);
    expect(screen.getByRole('region', { name: 'Connections' }).textContent).toContain('Loading…');
    const polling = await screen.findByRole('alert');
    expect(polling.textContent).toContain('This section could not be loaded: Vigil did not answer in time.');
    expect(screen.getByRole('region', { name: 'Polling & alerts' }).contains(polling)).toBe(true);
    // The other sections are there and work.
    expect(await screen.findByRole('article', { name: 'This computer' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'About' })).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again to load Polling & alerts' }));
    expect(await screen.findByRole('form', { name: 'Polling' })).toBeTruthy();
    expect(polling.isConnected).toBe(false);
    expect(screen.getByRole('region', { name: 'About' })).toBeTruthy();
  });

  it('shows the other sections when the local service cannot be read, and its error in its own section', async () => {
    let fail = true;
    await renderSettings({
      getLocalService: async () => {
        if (fail) throw callError('The local monitoring service could not be asked.');
        return { available: true };
      },
    });
    const email = await screen.findByRole('region', { name: 'Email (local service)' });
    expect(email.textContent).toContain('The local monitoring service could not be asked.');
    expect(screen.getByRole('form', { name: 'Polling' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'About' })).toBeTruthy();
    fail = false;
    await userEvent.click(within(email).getByRole('button', { name: 'Try again to load Email (local service)' }));
    expect(await screen.findByRole('form', { name: 'Email server' })).toBeTruthy();
  });

  it('has one labelled region per section', async () => {
    await renderSettings({ getLocalService: async () => ({ available: true }) });
    for (const name of ['Connections', 'Polling & alerts', 'Email (local service)', 'About']) expect(screen.getByRole('region', { name })).toBeTruthy();
  });

  it('about: shows the version, how it runs, and the log file with a Copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderSettings();
    const about = screen.getByRole('region', { name: 'About' });
    expect(about.textContent).toContain('1.4.2');
    expect(about.textContent).toContain('Desktop app');
    expect(within(about).getByRole('textbox', { name: 'Log file' })).toHaveProperty('value', '/home/ada/.config/Vigil/logs/main.log');
    await userEvent.click(within(about).getByRole('button', { name: 'Copy log file' }));
    expect(writeText).toHaveBeenCalledWith('/home/ada/.config/Vigil/logs/main.log');
    await waitFor(() => expect(within(about).getByRole('status').textContent).toBe('Log file copied to the clipboard.'));
  });

  it('about: names browser mode and says when there is no log file', async () => {
    await renderSettings({ getSettings: async () => ({ ...savedSettings, about: { version: '1.4.2', shell: 'browser' } }) });
    const about = screen.getByRole('region', { name: 'About' });
    expect(about.textContent).toContain('Browser mode (vigil web)');
    expect(about.textContent).toContain('This app writes no log file.');
  });
});
