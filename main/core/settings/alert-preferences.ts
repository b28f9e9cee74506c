// The stored settings as the alert policy reads them: one place that maps the file's form to the policy's input.
import { resolveAlertPreferences, type AlertPreferences } from '../alerts/index.ts';
import type { Settings } from './settings-schema.ts';

export function alertPreferencesFrom(settings: Settings): AlertPreferences {
  const { sound: _sound, quietSummary: _quiet, ...notify } = settings.notifications;
  return resolveAlertPreferences({
    notify,
    thresholds: settings.domainThresholds,
    heartbeatGraceSeconds: settings.heartbeatGraceSeconds,
  });
}
