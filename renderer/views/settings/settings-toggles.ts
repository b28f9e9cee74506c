// On/off settings save the moment they change: the box shows the new state at once, and goes back (with a
// notice saying why) when the core refuses it or answers with the old value (the OS would not change launch at
// login). Several changes may be on their way together.
import { useState } from 'react';
import type { NotificationPreference, SettingsPatch, SettingsView } from '../../../common/ipc/settings.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { showError } from '../../state/notices-store.ts';
import { tracked } from '../../state/pending-writes.ts';

export type ToggleName = NotificationPreference | 'launchAtLogin';

function patchOf(name: ToggleName, on: boolean): SettingsPatch {
  return name === 'launchAtLogin' ? { launchAtLogin: on } : { notifications: { [name]: on } };
}

function savedValue(settings: SettingsView, name: ToggleName): boolean {
  return name === 'launchAtLogin' ? settings.launchAtLogin : settings.notifications[name];
}

export interface SettingsToggles {
  isOn(name: ToggleName): boolean;
  /** `label` names the setting in the notice when it is not saved. */
  set(name: ToggleName, on: boolean, label: string): Promise<void>;
}

export function useSettingsToggles(settings: SettingsView, onSaved: (settings: SettingsView) => void): SettingsToggles {
  const [pending, setPending] = useState<Partial<Record<ToggleName, boolean>>>({});

  return {
    isOn: (name) => pending[name] ?? savedValue(settings, name),
    async set(name, on, label) {
      setPending((current) => ({ ...current, [name]: on }));
      try {
        const saved = await tracked(() => vigil().updateSettings(patchOf(name, on)));
        onSaved(saved);
        // The call went through, but the value was put back (the OS refused to change launch at login).
        if (savedValue(saved, name) !== on) showError(`“${label}” was not changed: the system refused it, and the app’s log says why.`);
      } catch (error) {
        showError(`“${label}” was not changed: ${callFailureOf(error).message}`);
      } finally {
        // A later change of the same box is still on its way: it decides what the box shows.
        setPending(({ [name]: shown, ...rest }) => (shown === on ? rest : { ...rest, [name]: shown }));
      }
    },
  };
}
