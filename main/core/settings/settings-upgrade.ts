// Settings files from older versions read as the current one without losing anything (pure). Version 1 (before
// "every server at once": one active connection, the others idle, snoozes by bare item key): every connection is
// enabled, so each keeps being watched with the token the keychain already holds under its id; each snooze is moved
// onto the connection that was watched when it was set (the active one, else the local one, else the first) by
// prefixing its key. Version 2 (before calm alerts): the one sound switch becomes one per level.
import { parseServerItemKey, serverItemKey } from '../../../common/ipc/item-key.ts';
import { localConnectionId } from '../app/local-mode.ts';
import { SETTINGS_VERSION } from './settings-schema.ts';

export interface Upgraded {
  value: unknown;
  /** The file held an older version: the upgraded value is to be written back. */
  upgraded: boolean;
  /** The file was written by a newer Vigil: read as far as this version understands it, and never written. */
  newer?: boolean;
}

/** A parsed settings file in its current form; anything it cannot read is left for the schema to repair. */
export function upgradeSettings(raw: unknown): Upgraded {
  if (!isRecord(raw) || raw['version'] === SETTINGS_VERSION) return { value: raw, upgraded: false };
  const version = raw['version'];
  if (typeof version === 'number' && Number.isInteger(version) && version > SETTINGS_VERSION) return { value: { ...raw, version: SETTINGS_VERSION }, upgraded: false, newer: true };
  if (version !== undefined && version !== 1 && version !== 2) return { value: raw, upgraded: false };
  const second = version === 2 ? raw : fromVersion1(raw);
  return { value: fromVersion2(second), upgraded: true };
}

/** Version 1 → 2: every connection enabled; snoozes moved onto the connection that was watched. */
function fromVersion1(raw: Record<string, unknown>): Record<string, unknown> {
  const { activeConnectionId, ...rest } = raw;
  const connections = Array.isArray(raw['connections']) ? raw['connections'] : [];
  const owner = snoozeOwner(connections, activeConnectionId);
  const value: Record<string, unknown> = { ...rest, version: 2 };
  // A hand-edited file may already say `enabled`; what it says stands.
  if (Array.isArray(raw['connections'])) value['connections'] = connections.map((c) => (isRecord(c) && !('enabled' in c) ? { ...c, enabled: true } : c));
  if (Array.isArray(raw['snoozes']) && owner !== undefined) value['snoozes'] = raw['snoozes'].map((snooze) => ownedSnooze(snooze, owner));
  return value;
}

/**
 * Version 2 → 3: one sound switch became one per level. Whoever had sound off keeps silence; whoever had it on keeps
 * it for problems, and recoveries become quiet (the new default). The calm-alert settings start at their defaults.
 */
function fromVersion2(raw: Record<string, unknown>): Record<string, unknown> {
  const value: Record<string, unknown> = { ...raw, version: SETTINGS_VERSION };
  const notifications = raw['notifications'];
  if (!isRecord(notifications)) return { ...value, notifications: { soundCritical: false, soundWarning: false, soundInfo: false } };
  const { sound, ...rest } = notifications;
  const on = sound === true;
  // A hand-edited file may already name a level's sound; what it says stands.
  value['notifications'] = { soundCritical: on, soundWarning: on, soundInfo: false, ...rest };
  return value;
}

/** The connection a version-1 snooze was about: the one that was watched. */
function snoozeOwner(connections: readonly unknown[], activeConnectionId: unknown): string | undefined {
  const ids = connections.flatMap((c) => (isRecord(c) && typeof c['id'] === 'string' ? [c['id']] : []));
  if (typeof activeConnectionId === 'string' && ids.includes(activeConnectionId)) return activeConnectionId;
  return ids.includes(localConnectionId) ? localConnectionId : ids[0];
}

function ownedSnooze(snooze: unknown, owner: string): unknown {
  if (!isRecord(snooze) || typeof snooze['key'] !== 'string') return snooze;
  // A key already on a server (a hand edit) stays as it is.
  if (parseServerItemKey(snooze['key']) !== undefined) return snooze;
  return { ...snooze, key: serverItemKey(owner, snooze['key']) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
