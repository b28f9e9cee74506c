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

/** The settings' dependencies of one connection, by its own keys: on its own items, and on other connections' (by their
 * server item keys). */
function settingsDependencies(settings: Settings, connectionId: string): { own: Map<string, string>; elsewhere: Map<string, string> } {
  const own = new Map<string, string>();
  const elsewhere = new Map<string, string>();
  for (const [child, parent] of ownEntries(settings.dependencies, connectionId)) {
    const ref = parseServerItemKey(parent);
    if (ref === undefined) continue;
    if (ref.connectionId === connectionId) own.set(child, ref.itemKey);
    else elsewhere.set(child, parent);
  }
  return { own, elsewhere };
}

/** `onServer`: the server's dependencies by own keys, where it keeps them (they replace the settings'). */
export function alertRulesFrom(
  settings: Settings,
  connectionId: string,
  maintenance: readonly MaintenanceRule[],
  timeZone: string,
  onServer?: ReadonlyMap<string, string>,
): AlertRules {
  // A parent on another connection is Vigil's to keep, whoever keeps the rest.
  const { own, elsewhere } = settingsDependencies(settings, connectionId);
  const rules: AlertRules = {
    maintenance,
    dependencies: onServer ?? own,
    flapping: settings.alerting.flapping,
    delayMinutes: settings.alerting.delayMinutes,
    itemRules: new Map<string, ItemRule>(ownEntries(settings.itemRules, connectionId)),
  };
  if (elsewhere.size > 0) rules.dependsElsewhere = elsewhere;
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
