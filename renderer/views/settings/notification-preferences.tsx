// Which events become a desktop notification, and how they arrive (a sound per level, quiet summary). Each box
// saves at once.
import { useId } from 'react';
import type { NotificationPreference } from '../../../common/ipc/settings.ts';
import { CheckboxField } from '../../components/fields.tsx';
import type { SettingsToggles } from './settings-toggles.ts';

interface Choice {
  name: NotificationPreference;
  label: string;
  hint?: string;
}

const events: readonly Choice[] = [
  { name: 'monitorDown', label: 'A monitor goes down' },
  { name: 'monitorRecovered', label: 'A monitor is back up' },
  { name: 'heartbeatLate', label: 'A heartbeat is late or its run fails' },
  { name: 'heartbeatRecovered', label: 'A late heartbeat pings again' },
  { name: 'domainExpiring', label: 'A domain or a certificate is about to expire', hint: "A domain at each of the expiry alert days above, a monitor's certificate at its own (30, 14, 7 and 1 unless set on the monitor); and when it expires." },
  { name: 'connection', label: 'The server cannot be reached, or can again' },
  { name: 'token', label: 'The token is rejected or about to expire' },
];

const sounds: readonly Choice[] = [
  { name: 'soundCritical', label: 'Problems that need you now', hint: 'A monitor down, a heartbeat down.' },
  { name: 'soundWarning', label: 'Warnings', hint: 'A heartbeat late, a domain about to expire, a server not answering.' },
  { name: 'soundInfo', label: 'Good news, such as recoveries', hint: 'Off unless you want it.' },
];

const delivery: readonly Choice[] = [
  { name: 'quietSummary', label: 'Quiet summary', hint: 'Summaries (of several changes at once, and of what was already wrong when Vigil started) arrive without sound.' },
];

function CheckboxGroup({ title, choices, toggles }: { title: string; choices: readonly Choice[]; toggles: SettingsToggles }) {
  const titleId = useId();
  return (
    <div role="group" aria-labelledby={titleId} className="checkbox-group">
      <p id={titleId} className="checkbox-group-title">
        {title}
      </p>
      {choices.map((choice) => (
        <CheckboxField key={choice.name} label={choice.label} hint={choice.hint} checked={toggles.isOn(choice.name)} onChange={(on) => void toggles.set(choice.name, on, choice.label)} />
      ))}
    </div>
  );
}

export function NotificationPreferences({ toggles }: { toggles: SettingsToggles }) {
  return (
    <fieldset className="field settings-group">
      <legend>Notifications</legend>
      <p className="field-hint">Changes here are saved at once.</p>
      <div className="settings-columns">
        <CheckboxGroup title="Notify me when" choices={events} toggles={toggles} />
        <div className="field-stack">
          <CheckboxGroup title="Play a sound for" choices={sounds} toggles={toggles} />
          <CheckboxGroup title="How they arrive" choices={delivery} toggles={toggles} />
        </div>
      </div>
    </fieldset>
  );
}
