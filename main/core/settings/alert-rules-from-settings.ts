// The person's rules for one connection as the alert policy takes them (alerts/alert-rules.ts), from the settings and
// the connection's maintenance windows, with its dependencies from the server where it keeps them (else the
// settings'). Kept while their sources are the same objects (the settings store hands out
// one frozen value while the file is unchanged), so the policy's own caches, kept by the rules' identity, hold too.
import type { MaintenanceRule } from '../../../common/maintenance/maintenance.ts';
import { parseServerItemKey } from '../../../common/ipc/item-key.ts';
import type { AlertRules, ItemRule } from '../alerts/index.ts';
import type { Settings } from './settings-schema.ts';

/** A connection's own keys from the settings' server item keys (`work/monitor:42` → `monitor:42`). */
function ownEntries<T>(record: Readonly<Record<string, T>>, connectionId: string): [string, T][] {
  const prefix = `${connectionId}/`;
  const entries: [string, T][] = [];
  for (const [key, value] of Object.entries(record)) if (key.startsWith(prefix)) entries.push([key.slice(prefix.length), value]);
  return entries;
}

/** The settings' dependencies of one connection, by its own keys. */
function settingsDependencies(settings: Settings, connectionId: string): Map<string, string> {
  const dependencies = new Map<string, string>();
  for (const [child, parent] of ownEntries(settings.dependencies, connectionId)) {
    // Only a parent on the same server counts (the settings refuse others; a hand edit may not).
    const ref = parseServerItemKey(parent);
    if (ref?.connectionId === connectionId) dependencies.set(child, ref.itemKey);
  }
  return dependencies;
}

/** `onServer`: the server's dependencies by own keys, where it keeps them (they replace the settings'). */
export function alertRulesFrom(
  settings: Settings,
  connectionId: string,
  maintenance: readonly MaintenanceRule[],
  timeZone: string,
  onServer?: ReadonlyMap<string, string>,
): AlertRules {
  const dependencies = onServer ?? settingsDependencies(settings, connectionId);
  const rules: AlertRules = {
    maintenance,
    dependencies,
    flapping: settings.alerting.flapping,
    delayMinutes: settings.alerting.delayMinutes,
    itemRules: new Map<string, ItemRule>(ownEntries(settings.itemRules, connectionId)),
  };
  const { quietHours } = settings;
  if (quietHours.enabled && quietHours.ranges.length > 0) {
    rules.quietHours = { ranges: quietHours.ranges, timeZone, criticalBreaksThrough: quietHours.criticalBreaksThrough };
  }
  return rules;
}

/** One connection's rules, built again only when the settings, the windows, the time zone or the server's dependencies are other objects. */
export class AlertRulesMemo {
  #sources: [Settings, readonly MaintenanceRule[], string, ReadonlyMap<string, string> | undefined] | undefined;
  #rules: AlertRules | undefined;

  rules(settings: Settings, connectionId: string, maintenance: readonly MaintenanceRule[], timeZone: string, onServer?: ReadonlyMap<string, string>): AlertRules {
    const sources = this.#sources;
    if (this.#rules !== undefined && sources?.[0] === settings && sources[1] === maintenance && sources[2] === timeZone && sources[3] === onServer) return this.#rules;
    this.#sources = [settings, maintenance, timeZone, onServer];
    this.#rules = alertRulesFrom(settings, connectionId, maintenance, timeZone, onServer);
    return this.#rules;
  }
}
