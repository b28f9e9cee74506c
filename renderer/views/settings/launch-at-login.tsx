// Whether the desktop app starts with the user's session. Saved at once, like the notification boxes; browser mode
// only saves it, and the desktop app carries it to the OS when it next starts.
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
        hint={shell === 'browser' ? 'Saved now; the desktop app applies it when it next starts.' : 'Vigil starts in the tray and keeps watch from there.'}
        checked={toggles.isOn('launchAtLogin')}
        onChange={(on) => void toggles.set('launchAtLogin', on, label)}
      />
    </fieldset>
  );
}
