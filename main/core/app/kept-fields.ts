// The fields Vigil keeps itself for a server without their extension (`keptByVigil` in the field tables; the
// settings' `keptFields`, by server item key): merged into what the server answers, so the status, the window, the
// CLI and notifications see one item, and saved beside the server's own change.
import { KEPT_FIELDS, withKeptValues, type KeptValues } from '../../../common/api/item-fields.ts';
import { definedMembers } from '../../../common/api/resource-fields.ts';
import { itemIdKey, serverItemKey, type ItemKind } from '../../../common/ipc/item-key.ts';
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

/** Items of one kind with what Vigil keeps for them (by their ids); the items themselves when it keeps nothing. */
export function withKeptItems<Item extends { id?: string | undefined }>(kind: ItemKind, items: Item[], kept: ReadonlyMap<string, KeptValues> | undefined): Item[] {
  if (kept === undefined) return items;
  return items.map((item) => (item.id === undefined ? item : withKeptValues(kind, item, kept.get(itemIdKey(kind, item.id)))));
}

/** A server's items with what Vigil keeps for them; the items themselves when it keeps nothing on that server. */
export function withKeptFields<Items extends Pick<Snapshot, 'monitors' | 'heartbeats' | 'domains'>>(snapshot: Items, kept: ReadonlyMap<string, KeptValues> | undefined): Items {
  if (kept === undefined) return snapshot;
  return {
    ...snapshot,
    monitors: withKeptItems('monitor', snapshot.monitors, kept),
    heartbeats: withKeptItems('heartbeat', snapshot.heartbeats, kept),
    domains: withKeptItems('domain', snapshot.domains, kept),
  };
}

/**
 * The settings with an item's kept values changed: a value replaces the kept one, `null` (or blank text) clears it,
 * and an item left with none leaves the record.
 */
function keptFieldsSaved(settings: Settings, serverItemKey: string, kind: ItemKind, changes: Readonly<Record<string, unknown>>): Settings {
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
function keptFieldsForgotten(settings: Settings, serverItemKey: string): Settings {
  if (!Object.hasOwn(settings.keptFields, serverItemKey)) return settings;
  const { [serverItemKey]: _forgotten, ...others } = settings.keptFields;
  return { ...settings, keptFields: others };
}

/** What Vigil keeps of one saved server's items: what the calls, the configuration file and its import use. */
export interface KeptFieldsOfServer {
  /** By the server's own item key (`monitor:42`); undefined when nothing. */
  values(): ReadonlyMap<string, KeptValues> | undefined;
  /** Changes an item's kept values (`keptFieldsSaved`); answers what is kept for it after. */
  save(kind: ItemKind, id: string, changes: Readonly<Record<string, unknown>>): KeptValues | undefined;
  /** Forgets everything kept for an item (it was deleted). */
  forget(kind: ItemKind, id: string): void;
}

export function keptFieldsOfServer(settings: SettingsStore, connectionId: string): KeptFieldsOfServer {
  const keyOf = (kind: ItemKind, id: string) => serverItemKey(connectionId, itemIdKey(kind, id));
  return {
    values: () => keptFieldsOn(settings.read(), connectionId),
    save: (kind, id, changes) => settings.update((current) => keptFieldsSaved(current, keyOf(kind, id), kind, changes)).keptFields[keyOf(kind, id)],
    forget: (kind, id) => void settings.update((current) => keptFieldsForgotten(current, keyOf(kind, id))),
  };
}
