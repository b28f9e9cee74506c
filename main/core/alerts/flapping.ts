// Flapping: a monitor (or a source's item) changing state more than `changes` times within `minutes`. Tracked from
// every change, whatever is told, so pausing or snoozing never changes what Vigil knows; only items that changed
// lately are remembered.
import type { AlertState, FlapMemory } from './alert-state.ts';
import type { AlertRules } from './alert-rules.ts';

/** The changes that count toward flapping: a monitor going down or up, a source's item turning a problem or well again. */
const FLAPPING_CHANGE_KINDS: ReadonlySet<string> = new Set(['monitor-down', 'monitor-recovered', 'source-problem', 'source-recovered']);

export function isFlappingChange(kind: string): boolean {
  return FLAPPING_CHANGE_KINDS.has(kind);
}

export interface StateChange {
  key: string;
  /** The change's alert id. */
  id: string;
  name: string;
}

export interface FlapTracking {
  memory: AlertState['flapping'];
  /** Items that began flapping with this poll's change (not in `memory.ids`: the flapping alert tells it). */
  started: Set<string>;
  /** Items that have been still for `minutes`: the changes they made while flapping. */
  settled: { key: string; memory: FlapMemory }[];
}

export function trackFlapping(
  previous: AlertState['flapping'],
  changes: readonly StateChange[],
  rule: AlertRules['flapping'],
  now: number,
): FlapTracking {
  const started = new Set<string>();
  const settled: FlapTracking['settled'] = [];
  const windowMs = rule.minutes * 60_000;
  if (!(windowMs > 0 && rule.changes >= 1)) return { memory: {}, started, settled };
  // Most polls change nothing and let nothing expire: the memory is kept as it is, without a copy.
  if (changes.length === 0 && !Object.values(previous).some((entry) => (entry.changes.at(-1) ?? 0) + windowMs <= now)) {
    return { memory: previous, started, settled };
  }
  const memory = new Map(Object.entries(previous));
  for (const change of changes) {
    const before = memory.get(change.key);
    const recent = [...(before?.changes.filter((at) => at > now - windowMs) ?? []), now];
    if (before?.flappingSince !== undefined) {
      memory.set(change.key, { ...before, changes: recent, ids: [...before.ids, change.id] });
    } else if (recent.length > rule.changes) {
      memory.set(change.key, { name: change.name, changes: recent, flappingSince: now, ids: [] });
      started.add(change.key);
    } else {
      memory.set(change.key, { name: change.name, changes: recent, ids: [] });
    }
  }
  for (const [key, entry] of memory) {
    const last = entry.changes.at(-1) ?? 0;
    if (last + windowMs > now) continue;
    if (entry.flappingSince !== undefined) settled.push({ key, memory: entry });
    memory.delete(key);
  }
  return { memory: Object.fromEntries(memory), started, settled };
}
