// Flapping told: one alert when a monitor starts flapping (standing for the change that tipped it and any news
// still owed for it), then nothing until it settles, then one alert saying how it settled. Inside a maintenance
// window both are owed instead, and told (at most one of them) when the window ends.
import type { Alert } from './alert.ts';
import type { FlapTracking } from './flapping.ts';
import { flappingText, settledText } from './rule-alert-text.ts';
import { inMaintenance, isBadNow, makeAlert, tellDerived, type RulePass } from './rule-pass.ts';

/** `tipping`: the change that started each monitor's flapping, when it was not dropped by the person's choice. */
export function flappingAlerts(pass: RulePass, tracking: FlapTracking, tipping: ReadonlyMap<string, string>): void {
  const { context } = pass;
  const rule = context.rules.flapping;
  for (const key of tracking.started) {
    const memory = tracking.memory[key];
    if (memory === undefined) continue;
    const tipped = tipping.get(key);
    const before = pass.owed.get(key);
    const ids = [...(before?.ids ?? []), ...(tipped === undefined ? [] : [tipped])];
    const alert = makeAlert(flappingText(memory.name, rule, context.connection.name), 'monitor-flapping', context, key);
    if (ids.length > 0) alert.includes = ids;
    // Inside a window the flapping is news owed, told when the window ends (still flapping) or as it settled.
    if (inMaintenance(pass, key)) oweFlapping(pass, key, memory.name, alert, before?.toldBad ?? !isBadNow(pass.memory, key));
    else {
      pass.owed.delete(key);
      tellDerived(pass, { alert, name: memory.name, bad: true, story: alert.title, ids });
    }
  }
  for (const { key, memory } of tracking.settled) {
    const down = isBadNow(pass.memory, key);
    // The flapping owed since a window (oweFlapping) is told by how it settled.
    const ids = [...(pass.owed.get(key)?.ids ?? []), ...memory.ids];
    pass.owed.delete(key);
    const alert = makeAlert(settledText(memory.name, down, rule, context.connection.name), 'monitor-settled', context, key);
    if (ids.length > 0) alert.includes = ids;
    if (inMaintenance(pass, key)) oweSettled(pass, key, memory.name, down, alert);
    else tellDerived(pass, { alert, name: memory.name, bad: down, story: alert.title, ids });
  }
}

/** Began flapping inside a maintenance window: owed with the news it stands for, so nothing of it is lost. */
function oweFlapping(pass: RulePass, key: string, name: string, alert: Alert, toldBad: boolean): void {
  pass.owed.set(key, {
    reason: 'maintenance',
    kind: 'monitor-flapping',
    title: alert.title,
    severity: alert.severity,
    name,
    toldBad,
    since: pass.context.now,
    ids: alert.includes ?? [],
  });
}

/** Settled inside a maintenance window: how it stands is told when the window ends, as any news owed to it. */
function oweSettled(pass: RulePass, key: string, name: string, down: boolean, alert: Alert): void {
  pass.owed.set(key, {
    reason: 'maintenance',
    kind: down ? 'monitor-down' : 'monitor-recovered',
    title: down ? `${name} is down` : `${name} is back up`,
    severity: alert.severity,
    name,
    // Whatever was told before it flapped is stale: the state it settled in is told.
    toldBad: !down,
    since: pass.context.now,
    ids: alert.includes ?? [],
  });
}
