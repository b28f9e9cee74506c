// Polling & alerts: how often to ask the server and when things count as news (a form with a Save button), then
// the notification and startup boxes, which save as soon as they change.
import { useId } from 'react';
import type { SettingsView } from '../../../common/ipc/settings.ts';
import { LaunchAtLogin } from './launch-at-login.tsx';
import { NotificationPreferences } from './notification-preferences.tsx';
import { PollingForm } from './polling-form.tsx';
import { useSettingsToggles } from './settings-toggles.ts';

export interface PollingSectionProps {
  settings: SettingsView;
  onSaved(settings: SettingsView): void;
}

export function PollingSection({ settings, onSaved }: PollingSectionProps) {
  const titleId = useId();
  const toggles = useSettingsToggles(settings, onSaved);
  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <div className="settings-section-head">
        <h2 id={titleId}>Polling &amp; alerts</h2>
        <p className="field-hint">How often Vigil asks the server, and what it tells you about.</p>
      </div>
      <PollingForm settings={settings} onSaved={onSaved} />
      <NotificationPreferences toggles={toggles} />
      <LaunchAtLogin toggles={toggles} shell={settings.about.shell} />
    </section>
  );
}
