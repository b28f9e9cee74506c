// The contract's item-rule calls: an item's own delay, the kinds of news it tells, and what it depends on — kept in
// the settings by server item key. A dependency must stay on the item's server and must not close a cycle.
import { TELL_KINDS, type ItemRulesPatch, type ItemRulesView, type TellKind } from '../../../common/ipc/alerting.ts';
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import { parseServerItemKey } from '../../../common/ipc/item-key.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { cycleThrough, dependentsOf } from '../settings/dependency-chain.ts';
import type { Settings } from '../settings/settings-schema.ts';
import { VigilCoreError } from './call-error.ts';
import { serverItemRef } from './server-item-ref.ts';

export function itemRulesCalls(runtime: CoreRuntime) {
  /** An item's name as its server last answered, else its key. */
  const nameOf = (key: string): string => {
    const ref = parseServerItemKey(key);
    const session = ref === undefined ? undefined : runtime.sessions().find((candidate) => candidate.connection.id === ref.connectionId);
    return (ref === undefined ? undefined : session?.itemName(ref.itemKey)) ?? ref?.itemKey ?? key;
  };

  const view = (settings: Settings, key: string): ItemRulesView => {
    const rule = settings.itemRules[key];
    const tell = Object.fromEntries(TELL_KINDS.map((kind) => [kind, rule?.tell?.[kind] !== false])) as Record<TellKind, boolean>;
    const result: ItemRulesView = { itemKey: key, defaultDelayMinutes: settings.alerting.delayMinutes, tell, dependents: dependentsOf(settings.dependencies, key) };
    if (rule?.delayMinutes !== undefined) result.delayMinutes = rule.delayMinutes;
    const parent = settings.dependencies[key];
    if (parent !== undefined) result.dependsOn = { itemKey: parent, name: nameOf(parent) };
    return result;
  };

  return {
    async getItemRules(key) {
      const settings = runtime.settings.read();
      serverItemRef(key, settings);
      return view(settings, key);
    },
    async setItemRules(key, patch) {
      const ref = serverItemRef(key, runtime.settings.read());
      if (patch.dependsOn !== undefined && patch.dependsOn !== null) checkParent(ref.connectionId, key, patch.dependsOn, runtime.settings.read(), nameOf);
      const saved = runtime.settings.update((current) => patched(current, key, patch));
      return view(saved, key);
    },
  } satisfies Partial<CoreCalls>;
}

/** Refuses a parent on another server, and one that would close a cycle, naming the chain. */
function checkParent(connectionId: string, child: string, parent: string, settings: Settings, nameOf: (key: string) => string): void {
  const parentRef = parseServerItemKey(parent);
  const refuse = (message: string) => new VigilCoreError(message, { details: [{ field: '1.dependsOn', message }] });
  if (parentRef === undefined) throw refuse(`"${parent.slice(0, 100)}" does not name a monitor, heartbeat or domain on a server.`);
  if (parentRef.connectionId !== connectionId) throw refuse('An item can depend only on an item of the same server.');
  const cycle = cycleThrough(settings.dependencies, child, parent);
  if (cycle === undefined) return;
  if (cycle.length === 1) throw refuse(`${nameOf(child)} cannot depend on itself.`);
  const names = [nameOf(child), ...cycle.map(nameOf)];
  throw refuse(`${nameOf(child)} cannot depend on ${nameOf(parent)}: ${nameOf(parent)} already depends on ${nameOf(child)} (${names.join(' → ')}).`);
}

function patched(current: Settings, key: string, patch: ItemRulesPatch): Settings {
  const { [key]: before = {}, ...otherRules } = current.itemRules;
  const { delayMinutes: _delay, tell: _tell, ...rest } = before;
  const delayMinutes = patch.delayMinutes === undefined ? before.delayMinutes : (patch.delayMinutes ?? undefined);
  const merged = patch.tell === undefined ? before.tell : patch.tell === null ? undefined : { ...before.tell, ...patch.tell };
  // A rule that says only what the defaults say is no rule: the item follows the defaults.
  const tell = merged !== undefined && Object.values(merged).some((on) => on === false) ? merged : undefined;
  const rule = { ...rest, ...(delayMinutes === undefined ? {} : { delayMinutes }), ...(tell === undefined ? {} : { tell }) };
  const itemRules = Object.keys(rule).length === 0 ? otherRules : { ...otherRules, [key]: rule };
  const { [key]: _parent, ...otherDependencies } = current.dependencies;
  const parent = patch.dependsOn === undefined ? current.dependencies[key] : (patch.dependsOn ?? undefined);
  const dependencies = parent === undefined ? otherDependencies : { ...otherDependencies, [key]: parent };
  return { ...current, itemRules, dependencies };
}
