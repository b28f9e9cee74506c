// A connection's maintenance windows in the two places they can be kept, as one list (pure): on its server (the
// `maintenance` extension: the server's own email and webhooks respect them too) or in Vigil's settings (a server
// without the extension: only Vigil's notifications do). Both become the same rules for the alert policy and the
// same views for the window.
import { maintenanceRule, maintenanceRuleOf, maintenanceSpans, type MaintenanceRule, type MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';
import type { MaintenanceView } from '../../../common/ipc/alerting.ts';
import { serverItemKey } from '../../../common/ipc/item-key.ts';
import type { KeptMaintenance } from '../settings/settings-schema.ts';

/** One window with what the views need, wherever it is kept. */
export interface ConnectionWindow {
  /** The window's own id on its side (the server's id, or the settings' id). */
  id: string;
  rule: MaintenanceRule;
  itemName?: string;
  reason?: string;
  keptBy: MaintenanceView['keptBy'];
}

/** The windows a server answered (`GET /maintenance`); one without an id or a start cannot be shown or ended. */
export function serverWindows(windows: readonly MaintenanceWindow[], keptBy: 'server' | 'source' = 'server'): ConnectionWindow[] {
  const result: ConnectionWindow[] = [];
  for (const window of windows) {
    const rule = maintenanceRuleOf(window);
    if (rule === undefined || window.id === undefined) continue;
    const entry: ConnectionWindow = { id: window.id, rule, keptBy };
    if (window.item_name !== undefined) entry.itemName = window.item_name;
    if (window.reason !== undefined && window.reason !== '') entry.reason = window.reason;
    result.push(entry);
  }
  return result;
}

function keptRule(kept: KeptMaintenance): MaintenanceRule {
  return maintenanceRule({ item: kept.item, from: kept.startsAt, ends: [kept.endsAt, kept.endedAt], repeat: kept.repeat });
}

/** The settings' windows of one connection. */
export function keptWindows(kept: readonly KeptMaintenance[], connectionId: string): ConnectionWindow[] {
  const result: ConnectionWindow[] = [];
  for (const window of kept) {
    if (window.connectionId !== connectionId) continue;
    const entry: ConnectionWindow = { id: window.id, rule: keptRule(window), keptBy: 'vigil' };
    if (window.reason !== undefined && window.reason !== '') entry.reason = window.reason;
    result.push(entry);
  }
  return result;
}

const weekMs = 7 * 86_400_000;

/** A window as the window shows it, or undefined once it covers nothing from `now` on (ended, or over). */
export function maintenanceView(window: ConnectionWindow, server: { id: string; name: string }, now: number, nameOf: (itemKey: string) => string | undefined): MaintenanceView | undefined {
  const { rule } = window;
  if (rule.until !== undefined && rule.until <= now) return undefined;
  // From its start when that is still to come, so a weekly series that begins next month shows its first week.
  const from = Math.max(now, rule.from);
  const [next] = maintenanceSpans(rule, from, from + weekMs + 86_400_000);
  // A weekly window whose days never come within the series' bounds covers nothing more.
  if (next === undefined && rule.repeat !== undefined) return undefined;
  const active = next !== undefined && next.start <= now;
  const view: MaintenanceView = { id: `${server.id}/${window.id}`, connectionId: server.id, serverName: server.name, startsAt: rule.from, active, keptBy: window.keptBy };
  if (rule.until !== undefined) view.endsAt = rule.until;
  if (rule.repeat !== undefined) view.repeat = rule.repeat;
  if (rule.repeat !== undefined && !active && next !== undefined) view.nextStart = next.start;
  if (rule.item !== undefined) {
    view.itemKey = serverItemKey(server.id, rule.item);
    const name = window.itemName ?? nameOf(rule.item);
    if (name !== undefined) view.itemName = name;
  }
  if (window.reason !== undefined) view.reason = window.reason;
  return view;
}

/** Whether the window covers `now` (whatever item it is on). */
export function coversNow(window: ConnectionWindow, now: number): boolean {
  return maintenanceSpans(window.rule, now, now + 1).length > 0;
}

/** Active windows first, then upcoming ones, each soonest first. */
export function byWhenItMatters(a: MaintenanceView, b: MaintenanceView): number {
  if (a.active !== b.active) return a.active ? -1 : 1;
  return (a.nextStart ?? a.startsAt) - (b.nextStart ?? b.startsAt);
}
