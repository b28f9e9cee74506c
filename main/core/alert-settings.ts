// The settings as the alert policy reads them: one place that maps the stored form to the policy's inputs.
import { resolveAlertPreferences, type AlertPreferences, type PausedUntil } from './alerts/index.ts';
import type { Settings } from './settings/settings-schema.ts';

export function alertPreferencesFrom(settings: Settings): AlertPreferences {
  const { sound: _sound, quietSummary: _quiet, ...notify } = settings.notifications;
  return resolveAlertPreferences({
    notify,
    thresholds: settings.domainThresholds,
    heartbeatGraceSeconds: settings.heartbeatGraceSeconds,
  });
}

/** Settings store "paused until resumed" as 'resumed'; the policy calls it 'resumed-manually'. */
export function pausedUntilFrom(settings: Settings): PausedUntil {
  return settings.pausedUntil === 'resumed' ? 'resumed-manually' : settings.pausedUntil;
}

/** The `exp` of a JWT (epoch ms), when the token is one and has it; the signature is the server's business. */
export function tokenExpiresAt(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
