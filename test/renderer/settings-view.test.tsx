// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SettingsView } from '../../renderer/views/settings/settings-view.tsx';
import { callError, fakeApi } from './renderer-harness.tsx';
import { localConnection, renderSettings, savedSettings } from './settings-fixtures.tsx';

describe('Settings view', () => {
  it('says it is loading, then that loading failed, and loads again on "Try again"', async () => {
    let fail = true;
    fakeApi({
      getSettings: async () => {
        if (fail) throw callError('Vigil did not answer in time.');
        return savedSettings;
      },
      listConnections: async () => [localConnection],
      getLocalService: async () => ({ available: false }),
    });
    const user = userEvent.setup();
    render(<SettingsView />);
    expect(screen.getByText('Loading settings…')).toBeTruthy();
    expect(await screen.findByText('The settings could not be loaded')).toBeTruthy();
    expect(screen.getByText('Vigil did not answer in time.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Connections' })).toBeTruthy();
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
