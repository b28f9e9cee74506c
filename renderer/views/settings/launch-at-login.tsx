// Whether the desktop app starts with the user's session. Saved at once, like the notification boxes.
import type { AboutView } from '../../../common/ipc/settings.ts';
import { CheckboxField } from '../../components/fields.tsx';
import type { SettingsToggles } from './settings-toggles.ts';

const label = 'Start Vigil when I log in';

export function LaunchAtLogin({ toggles, shell }: { toggles: SettingsToggles; shell: AboutView['shell'] }) {
  return (
    <fieldset className="field settings-group">
      <legend>Startup</legend>
      <CheckboxField
        label={label}
        hint={shell === 'browser' ? 'Applies to the Vigil desktop app on this computer, not to this browser tab.' : 'Vigil starts in the tray and keeps watch from there.'}
        checked={toggles.isOn('launchAtLogin')}
        onChange={(on) => void toggles.set('launchAtLogin', on, label)}
      />
    </fieldset>
  );
}
