// The fields Vigil keeps itself for a server without their extension (`keptByVigil` in the field tables; the
// settings' `keptFields`, by server item key): merged into what the server answers, so the status, the window, the
// CLI and notifications see one item, and saved beside the server's own change.
import { KEPT_FIELDS, withKeptValues, type KeptValues } from '../../../common/api/item-fields.ts';
import { definedMembers } from '../../../common/api/resource-fields.ts';
import { domainKey, heartbeatKey, monitorKey, serverItemKey, type ItemKind } from '../../../common/ipc/item-key.ts';
import type { Snapshot } from '../model/snapshot.ts';
import type { Settings } from '../settings/settings-schema.ts';
import type { SettingsStore } from '../settings/settings-store.ts';

/** What Vigil keeps for one connection's items, by the connection's own item key; undefined when nothing. */
export function keptFieldsOn(settings: Settings, connectionId: string): ReadonlyMap<string, KeptValues> | undefined {
  const prefix = `${connectionId}/`;
  let found: Map<string, KeptValues> | undefined;
  for (const [key, values] of Object.entries(settings.keptFields)) {
    if (key.startsWith(prefix)) (found ??= new Map()).set(key.slice(prefix.length), values);
  }
  return found;
}

/** A server's items with what Vigil keeps for them; the items themselves when it keeps nothing on that server. */
export function withKeptFields<Items extends Pick<Snapshot, 'monitors' | 'heartbeats' | 'domains'>>(snapshot: Items, kept: ReadonlyMap<string, KeptValues> | undefined): Items {
  if (kept === undefined) return snapshot;
  return {
    ...snapshot,
    monitors: snapshot.monitors.map((monitor) => withKeptValues('monitor', monitor, kept.get(monitorKey(monitor)))),
    heartbeats: snapshot.heartbeats.map((heartbeat) => withKeptValues('heartbeat', heartbeat, kept.get(heartbeatKey(heartbeat)))),
    domains: snapshot.domains.map((domain) => withKeptValues('domain', domain, kept.get(domainKey(domain)))),
  };
}

/**
 * The settings with an item's kept values changed: a value replaces the kept one, `null` (or blank text) clears it,
 * and an item left with none leaves the record.
 */
export function keptFieldsSaved(settings: Settings, serverItemKey: string, kind: ItemKind, changes: Readonly<Record<string, unknown>>): Settings {
  const { [serverItemKey]: before = {}, ...others } = settings.keptFields;
  const after: Record<string, unknown> = { ...before };
  for (const field of KEPT_FIELDS[kind]) {
    if (!Object.hasOwn(changes, field.key)) continue;
    const value = changes[field.key];
    after[field.key] = value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
  }
  const kept = definedMembers(after);
  return { ...settings, keptFields: Object.keys(kept).length === 0 ? others : { ...others, [serverItemKey]: kept } };
}

/** The settings without anything kept for the item (it was deleted). */
export function keptFieldsForgotten(settings: Settings, serverItemKey: string): Settings {
  if (!Object.hasOwn(settings.keptFields, serverItemKey)) return settings;
  const { [serverItemKey]: _forgotten, ...others } = settings.keptFields;
  return { ...settings, keptFields: others };
}

/** What Vigil keeps of one saved server's items, as a configuration's export and import use it. */
export interface KeptFieldsOfServer {
  /** By the server's own item key (`monitor:42`); undefined when nothing. */
  values(): ReadonlyMap<string, KeptValues> | undefined;
  /** Keeps values of an item the server just made. */
  save(kind: ItemKind, id: string, values: Readonly<Record<string, unknown>>): void;
}

export function keptFieldsOfServer(settings: SettingsStore, connectionId: string): KeptFieldsOfServer {
  return {
    values: () => keptFieldsOn(settings.read(), connectionId),
    save: (kind, id, values) => settings.update((current) => keptFieldsSaved(current, serverItemKey(connectionId, `${kind}:${id}`), kind, values)),
  };
}
