// The stored settings as the alert policy reads them: one place that maps the file's form to the policy's input.
import { resolveAlertPreferences, type AlertPreferences } from '../alerts/index.ts';
import { NOTIFICATION_TOPIC_DEFAULTS, type NotificationTopic } from '../../../common/ipc/settings.ts';
import type { Settings } from './settings-schema.ts';

export function alertPreferencesFrom(settings: Settings): AlertPreferences {
  const { notifications } = settings;
  const notify = Object.fromEntries(Object.keys(NOTIFICATION_TOPIC_DEFAULTS).map((topic) => [topic, notifications[topic as NotificationTopic]]));
  return resolveAlertPreferences({
    notify,
    thresholds: settings.domainThresholds,
    heartbeatGraceSeconds: settings.heartbeatGraceSeconds,
  });
}
