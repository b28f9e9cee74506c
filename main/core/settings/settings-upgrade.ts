// Settings files from before "every server at once" (version 1: one active connection, the others idle, snoozes
// by bare item key) read as version 2 without losing anything (pure). Every connection is enabled, so each keeps
// being watched with the token the keychain already holds under its id; each snooze is moved onto the connection
// that was watched when it was set (the active one, else the local one, else the first) by prefixing its key.
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
  if (version !== undefined && version !== 1) return { value: raw, upgraded: false };
  const { activeConnectionId, ...rest } = raw;
  const connections = Array.isArray(raw['connections']) ? raw['connections'] : [];
  const owner = snoozeOwner(connections, activeConnectionId);
  const value: Record<string, unknown> = { ...rest, version: SETTINGS_VERSION };
  // A hand-edited file may already say `enabled`; what it says stands.
  if (Array.isArray(raw['connections'])) value['connections'] = connections.map((c) => (isRecord(c) && !('enabled' in c) ? { ...c, enabled: true } : c));
  if (Array.isArray(raw['snoozes']) && owner !== undefined) value['snoozes'] = raw['snoozes'].map((snooze) => ownedSnooze(snooze, owner));
  return { value, upgraded: true };
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
