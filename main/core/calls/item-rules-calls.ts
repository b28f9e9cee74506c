// The contract's item-rule calls: an item's own delay, the kinds of news it tells, and what it depends on. The delay
// and the kinds are kept in the settings by server item key. What an item depends on is kept by its server where it
// has the dependencies extension (so its own email and webhooks fold too; session.dependencies), else in the
// settings. Either way a dependency must stay on the item's server and must not close a cycle.
import { cycleThrough } from '../../../common/api/dependencies.ts';
import { TELL_KINDS, type ItemRulesPatch, type ItemRulesView, type TellKind } from '../../../common/ipc/alerting.ts';
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import { parseServerItemKey, serverItemKey, type ServerItemRef } from '../../../common/ipc/item-key.ts';
import { MonitoringClientError } from '../api/index.ts';
import type { ConnectionSession } from '../app/connection-session.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import type { Settings } from '../settings/settings-schema.ts';
import { VigilCoreError } from './call-error.ts';
import { serverItemRef } from './server-item-ref.ts';

/** Where a connection's dependencies are kept, by the connection's own keys (`monitor:42` → `monitor:7`). */
interface DependencySource {
  keptBy: ItemRulesView['dependenciesKeptBy'];
  parentOf(itemKey: string): string | undefined;
  dependentsOf(itemKey: string): number;
}

const dependsOnField = '1.dependsOn';

export function itemRulesCalls(runtime: CoreRuntime) {
  const sessionOf = (connectionId: string): ConnectionSession | undefined => runtime.sessions().find((candidate) => candidate.connection.id === connectionId);

  /** An item's name as its server last answered, else its key. */
  const nameOf = (key: string): string => {
    const ref = parseServerItemKey(key);
    return (ref === undefined ? undefined : sessionOf(ref.connectionId)?.itemName(ref.itemKey)) ?? ref?.itemKey ?? key;
  };

  const sourceOf = (settings: Settings, connectionId: string): DependencySource => {
    const session = sessionOf(connectionId);
    const onServer = session?.dependencies.onServer();
    if (onServer !== undefined) {
      return {
        keptBy: 'server',
        parentOf: (itemKey) => onServer.get(itemKey),
        dependentsOf: (itemKey) => [...onServer.values()].filter((parent) => parent === itemKey).length,
      };
    }
    const own = (itemKey: string) => serverItemKey(connectionId, itemKey);
    return {
      // Not yet answered, the server's stand as the settings' until then; the form still says where they go.
      keptBy: session?.dependencies.keptByServer() === true ? 'server' : 'vigil',
      parentOf: (itemKey) => {
        const parent = settings.dependencies[own(itemKey)];
        const ref = parent === undefined ? undefined : parseServerItemKey(parent);
        return ref?.connectionId === connectionId ? ref.itemKey : undefined;
      },
      dependentsOf: (itemKey) => Object.values(settings.dependencies).filter((parent) => parent === own(itemKey)).length,
    };
  };

  const view = (settings: Settings, key: string, ref: ServerItemRef): ItemRulesView => {
    const rule = settings.itemRules[key];
    const tell = Object.fromEntries(TELL_KINDS.map((kind) => [kind, rule?.tell?.[kind] !== false])) as Record<TellKind, boolean>;
    const source = sourceOf(settings, ref.connectionId);
    // Items of other connections depending on this one are kept in the settings, whoever keeps the server's own.
    const fromElsewhere = source.keptBy === 'server' ? Object.entries(settings.dependencies).filter(([child, parent]) => parent === key && parseServerItemKey(child)?.connectionId !== ref.connectionId).length : 0;
    const result: ItemRulesView = {
      itemKey: key,
      defaultDelayMinutes: settings.alerting.delayMinutes,
      tell,
      dependents: source.dependentsOf(ref.itemKey) + fromElsewhere,
      dependenciesKeptBy: source.keptBy,
    };
    if (rule?.delayMinutes !== undefined) result.delayMinutes = rule.delayMinutes;
    const parent = source.parentOf(ref.itemKey);
    const parentKey = parent === undefined ? elsewhereParent(settings, key, ref.connectionId) : serverItemKey(ref.connectionId, parent);
    if (parentKey !== undefined) result.dependsOn = { itemKey: parentKey, name: nameOf(parentKey) };
    return result;
  };

  /** Any item's parent, by server item keys, wherever it is kept: the chain a cycle is looked for along. */
  const parentAnywhere = (settings: Settings) => (key: string): string | undefined => {
    const ref = parseServerItemKey(key);
    if (ref === undefined) return undefined;
    const own = sourceOf(settings, ref.connectionId).parentOf(ref.itemKey);
    return own === undefined ? elsewhereParent(settings, key, ref.connectionId) : serverItemKey(ref.connectionId, own);
  };

  /** Refuses a parent that is no item, and one that would close a cycle, naming the chain. */
  const checkParent = (settings: Settings, ref: ServerItemRef, child: string, parent: string, source: DependencySource): ServerItemRef => {
    const parentRef = parseServerItemKey(parent);
    if (parentRef === undefined) throw refuse(`"${parent.slice(0, 100)}" does not name an item of a server or source.`);
    if (parentRef.connectionId !== ref.connectionId) {
      // A parent elsewhere ("my API depends on GitHub"): the chain may cross servers, so it is followed by server item keys.
      const crossing = cycleThrough(parentAnywhere(settings), child, parent);
      if (crossing === undefined) return parentRef;
      throw refuse(`${nameOf(child)} cannot depend on ${nameOf(parent)}: ${nameOf(parent)} already depends on ${nameOf(child)} (${[child, ...crossing].map(nameOf).join(' → ')}).`);
    }
    const cycle = cycleThrough(source.parentOf, ref.itemKey, parentRef.itemKey);
    if (cycle === undefined) return parentRef;
    if (cycle.length === 1) throw refuse(`${nameOf(child)} cannot depend on itself.`);
    const names = [child, ...cycle.map((itemKey) => serverItemKey(ref.connectionId, itemKey))].map(nameOf);
    throw refuse(`${nameOf(child)} cannot depend on ${nameOf(parent)}: ${nameOf(parent)} already depends on ${nameOf(child)} (${names.join(' → ')}).`);
  };

  /** Sets the dependency on the server; its refusal (an item deleted meanwhile) shown at the field. */
  const setOnServer = async (session: ConnectionSession, itemKey: string, parentKey: string | undefined): Promise<void> => {
    try {
      await session.dependencies.set(itemKey, parentKey);
    } catch (error) {
      const detail = error instanceof MonitoringClientError ? error.info.details?.find((candidate) => candidate.field === 'depends_on') : undefined;
      if (detail !== undefined) throw refuse(`${session.connection.name} refused it: the item it depends on ${detail.message}.`);
      throw error;
    }
  };

  return {
    async getItemRules(key) {
      const settings = runtime.settings.read();
      return view(settings, key, serverItemRef(key, settings));
    },
    async setItemRules(key, patch) {
      const settings = runtime.settings.read();
      const ref = serverItemRef(key, settings);
      const source = sourceOf(settings, ref.connectionId);
      const parentRef = patch.dependsOn === undefined || patch.dependsOn === null ? undefined : checkParent(settings, ref, key, patch.dependsOn, source);
      const session = sessionOf(ref.connectionId);
      // A parent on another connection is kept in the settings, and one the server kept for the item is taken back.
      const elsewhere = parentRef !== undefined && parentRef.connectionId !== ref.connectionId;
      const keptByServer = patch.dependsOn !== undefined && source.keptBy === 'server' && session !== undefined;
      if (keptByServer && (!elsewhere || source.parentOf(ref.itemKey) !== undefined)) await setOnServer(session, ref.itemKey, elsewhere ? undefined : parentRef?.itemKey);
      const onServer = keptByServer && !elsewhere;
      const saved = runtime.settings.update((current) => patched(current, key, patch, onServer));
      return view(saved, key, ref);
    },
  } satisfies Partial<CoreCalls>;
}

/** The item's parent on another connection, which the settings keep (by server item keys). */
function elsewhereParent(settings: Settings, key: string, connectionId: string): string | undefined {
  const parent = settings.dependencies[key];
  return parent !== undefined && parseServerItemKey(parent)?.connectionId !== connectionId ? parent : undefined;
}

function refuse(message: string): VigilCoreError {
  return new VigilCoreError(message, { details: [{ field: dependsOnField, message }] });
}

/** The settings after the patch; with `parentOnServer`, the item's dependency went to its server and leaves the settings. */
function patched(current: Settings, key: string, patch: ItemRulesPatch, parentOnServer: boolean): Settings {
  const { [key]: before = {}, ...otherRules } = current.itemRules;
  const { delayMinutes: _delay, tell: _tell, ...rest } = before;
  const delayMinutes = patch.delayMinutes === undefined ? before.delayMinutes : (patch.delayMinutes ?? undefined);
  const merged = patch.tell === undefined ? before.tell : patch.tell === null ? undefined : { ...before.tell, ...patch.tell };
  // A rule that says only what the defaults say is no rule: the item follows the defaults.
  const tell = merged !== undefined && Object.values(merged).some((on) => on === false) ? merged : undefined;
  const rule = { ...rest, ...(delayMinutes === undefined ? {} : { delayMinutes }), ...(tell === undefined ? {} : { tell }) };
  const itemRules = Object.keys(rule).length === 0 ? otherRules : { ...otherRules, [key]: rule };
  const { [key]: _parent, ...otherDependencies } = current.dependencies;
  const parent = parentOnServer ? undefined : patch.dependsOn === undefined ? current.dependencies[key] : (patch.dependsOn ?? undefined);
  const dependencies = parent === undefined ? otherDependencies : { ...otherDependencies, [key]: parent };
  return { ...current, itemRules, dependencies };
}
