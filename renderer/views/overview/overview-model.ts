// What the overview shows of a status (pure): the headline, the counts per kind, and the items split into those
// that need attention and the rest, both in the core's order (worst first).
import type { Level, StatusItemView, StatusView } from '../../../common/ipc/views.ts';

export const levelHeadlines: Record<Level, string> = {
  ok: 'Everything is up',
  warning: 'Something needs a look',
  critical: 'Something is down',
  unknown: 'Status not known yet',
  offline: 'Cannot reach the server',
  paused: 'Notifications are paused',
};

export interface KindCounts {
  kind: StatusItemView['kind'];
  label: string;
  total: number;
  /** State → how many, in the order the states are listed. */
  states: { state: string; count: number }[];
}

const kindLabels = { monitor: 'Monitors', heartbeat: 'Heartbeats', domain: 'Domains' } as const;
const stateOrder: Record<StatusItemView['kind'], readonly string[]> = {
  monitor: ['down', 'up', 'unknown'],
  heartbeat: ['down', 'late', 'up', 'waiting', 'unknown'],
  domain: ['expired', 'expiring', 'ok', 'unknown'],
};

export function kindCounts(items: readonly StatusItemView[]): KindCounts[] {
  const counts = new Map<string, Map<string, number>>();
  for (const item of items) {
    let states = counts.get(item.kind);
    if (states === undefined) counts.set(item.kind, (states = new Map()));
    states.set(item.state, (states.get(item.state) ?? 0) + 1);
  }
  return (['monitor', 'heartbeat', 'domain'] as const).map((kind) => {
    const states = counts.get(kind) ?? new Map<string, number>();
    const known = stateOrder[kind];
    const ordered = [...known.filter((state) => states.has(state)), ...[...states.keys()].filter((state) => !known.includes(state))];
    return {
      kind,
      label: kindLabels[kind],
      total: [...states.values()].reduce((sum, count) => sum + count, 0),
      states: ordered.map((state) => ({ state, count: states.get(state) ?? 0 })),
    };
  });
}

/** Problems not snoozed first; everything else after. */
export function splitByAttention(status: StatusView | undefined): { attention: StatusItemView[]; rest: StatusItemView[] } {
  const attention: StatusItemView[] = [];
  const rest: StatusItemView[] = [];
  for (const item of status?.items ?? []) {
    const needsLook = (item.health === 'critical' || item.health === 'warning') && item.snoozedUntil === undefined;
    (needsLook ? attention : rest).push(item);
  }
  return { attention, rest };
}
