// How a notification arrives on this platform and with these settings: whether it plays a sound, and whether the
// platform shows its buttons.
import type { NotificationPreferences } from '../../../common/ipc/settings.ts';
import type { SoundLevel } from './alert-notifier.ts';

/** The settings' sound switch for each level: problems that need you now, warnings, and good news. */
export function soundFor(notifications: NotificationPreferences, level: SoundLevel): boolean {
  switch (level) {
    case 'critical':
      return notifications.soundCritical;
    case 'warning':
      return notifications.soundWarning;
    case 'info':
      return notifications.soundInfo;
  }
}

/**
 * Windows toasts show buttons; so does macOS, where an unsigned build shows no notification at all (`failed`), so
 * offering them costs nothing. Linux notification daemons differ too much: a click there opens the item instead.
 */
export function notificationButtonsShown(platform: string): boolean {
  return platform === 'win32' || platform === 'darwin';
}
