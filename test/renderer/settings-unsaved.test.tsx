// @vitest-environment happy-dom
// Settings edits are never lost without a word: leaving Settings with a section's edits unsaved asks "Save /
// Discard / Keep editing", for quiet hours and every other section with a Save button, and a reload asks too.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SettingsPatch, SettingsView } from '../../common/ipc/settings.ts';
import { UnsavedChangesPrompt } from '../../renderer/components/unsaved-changes-prompt.tsx';
import { useNavigation } from '../../renderer/state/navigation-store.ts';
import { guardUnsavedChanges, hasUnsavedChanges } from '../../renderer/state/unsaved-changes.ts';
import { SettingsView as SettingsPage } from '../../renderer/views/settings/settings-view.tsx';
import { localConnection, savedSettings, argsOf } from './settings-fixtures.tsx';
import { fakeApi, renderForUser, type FakeApi } from './renderer-harness.tsx';

const echo = async (patch: SettingsPatch): Promise<SettingsView> => ({ ...savedSettings, ...(patch as Partial<SettingsView>) });

/** Settings while the navigation shows it, another view otherwise, and the prompt: as the window has them. */
function Window() {
  const view = useNavigation((state) => state.view);
  return (
    <>
      {view === 'settings' ? <SettingsPage /> : <p>The {view} view</p>}
      <UnsavedChangesPrompt />
    </>
  );
}

/** Settings open in the window (its first section loaded), for a person to use. */
async function openSettings(): Promise<{ fake: FakeApi; user: UserEvent }> {
  const fake = fakeApi({
    getSettings: async () => savedSettings,
    listConnections: async () => [localConnection],
    getLocalService: async () => ({ available: true, smtp: undefined }),
    updateSettings: echo,
    setLocalSmtp: async () => ({ available: true, smtp: undefined }),
  });
  useNavigation.setState({ view: 'settings', itemKey: undefined });
  const user = renderForUser(<Window />);
  await screen.findByRole('region', { name: 'Quiet hours' });
  return { fake, user };
}

async function turnOnQuietHours(user: UserEvent) {
  const section = screen.getByRole('region', { name: 'Quiet hours' });
  await user.click(within(section).getByRole('checkbox', { name: 'Turn on quiet hours' }));
  expect(within(section).getByText('Not saved yet')).toBeTruthy();
}

const prompt = () => screen.queryByRole('alertdialog');

describe('leaving Settings with unsaved quiet hours', () => {
  it('asks first; Keep editing stays with the edits', async () => {
    const { user } = await openSettings();
    await turnOnQuietHours(user);
    useNavigation.getState().go('monitors');
    const dialog = await screen.findByRole('alertdialog', { name: 'Save your changes to Quiet hours?' });
    expect(useNavigation.getState().view).toBe('settings');
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Keep editing', 'Discard', 'Save']);
    expect(document.activeElement?.textContent).toBe('Keep editing');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(prompt()).toBeNull();
    expect(useNavigation.getState().view).toBe('settings');
    expect(within(screen.getByRole('region', { name: 'Quiet hours' })).getByRole('checkbox', { name: 'Turn on quiet hours' })).toHaveProperty('checked', true);
  });

  it('Discard throws the edits away and moves on', async () => {
    const { fake, user } = await openSettings();
    await turnOnQuietHours(user);
    useNavigation.getState().openItemPage('local/monitor:m1');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    expect(useNavigation.getState()).toMatchObject({ view: 'monitors', itemKey: 'local/monitor:m1' });
    expect(screen.getByText('The monitors view')).toBeTruthy();
    expect(argsOf(fake, 'updateSettings')).toEqual([]);
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('Save saves them, then moves on', async () => {
    const { fake, user } = await openSettings();
    await turnOnQuietHours(user);
    useNavigation.getState().go('overview');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useNavigation.getState().view).toBe('overview'));
    expect(argsOf(fake, 'updateSettings')).toEqual([[{ quietHours: { ...savedSettings.quietHours, enabled: true } }]]);
    expect(prompt()).toBeNull();
  });

  it('a Save that fails its check stays, with the error at its field', async () => {
    const { fake, user } = await openSettings();
    const section = screen.getByRole('region', { name: 'Alerting defaults' });
    const delay = within(section).getByRole('spinbutton', { name: /Tell me only if down for/ });
    await user.clear(delay);
    await user.type(delay, '-3');
    useNavigation.getState().go('overview');
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Save your changes to Alerting defaults?' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(prompt()).toBeNull());
    expect(useNavigation.getState().view).toBe('settings');
    expect(within(section).getByText(/whole number of minutes from 0/i)).toBeTruthy();
    expect(argsOf(fake, 'updateSettings')).toEqual([]);
  });

  it('names every section with unsaved edits: polling, quiet hours, alerting defaults, the email server', async () => {
    const { user } = await openSettings();
    await turnOnQuietHours(user);
    await user.type(screen.getByRole('textbox', { name: /Domain expiry alerts/ }), ', 3');
    await user.type(within(screen.getByRole('region', { name: 'Alerting defaults' })).getByRole('spinbutton', { name: 'More than (changes)' }), '0');
    await user.type(await screen.findByRole('textbox', { name: 'SMTP host' }), 'smtp.example.com');
    useNavigation.getState().go('overview');
    expect(await screen.findByRole('alertdialog', { name: 'Save your changes to Quiet hours, Polling, Alerting defaults and Email server?' })).toBeTruthy();
  });

  it('does not ask when nothing was changed, or when the edits were put back as saved', async () => {
    const { user } = await openSettings();
    await turnOnQuietHours(user);
    await user.click(screen.getByRole('checkbox', { name: 'Turn on quiet hours' }));
    expect(screen.queryByText('Not saved yet')).toBeNull();
    useNavigation.getState().go('domains');
    expect(useNavigation.getState().view).toBe('domains');
    expect(prompt()).toBeNull();
  });

  it('a reload or closing the tab asks the browser’s own question while edits are unsaved', async () => {
    const { user } = await openSettings();
    const stop = guardUnsavedChanges(window);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await turnOnQuietHours(user);
    expect(unload()).toBe(true);
    stop();
  });
});
