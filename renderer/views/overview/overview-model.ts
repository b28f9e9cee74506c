// What the overview shows of a status (pure): the headline, the counts per kind, the items split into those that
// need attention and the rest, both in the core's order (worst first), and with more than one server, one group
// per server (in the settings' order) holding its own split.
import { connectionsCount } from '../../../common/ipc/connection-kinds.ts';
import type { Level, ServerStatusView, StatusItemView, StatusView } from '../../../common/ipc/views.ts';

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

const kindLabels = { monitor: 'Monitors', heartbeat: 'Heartbeats', domain: 'Domains', source: 'From sources' } as const;
const stateOrder: Record<StatusItemView['kind'], readonly string[]> = {
  monitor: ['down', 'up', 'unknown'],
  heartbeat: ['failed', 'down', 'late', 'up', 'waiting', 'unknown'],
  domain: ['expired', 'expiring', 'ok', 'unknown'],
  source: ['down', 'firing', 'degraded', 'pending', 'late', 'up', 'maintenance', 'paused', 'new', 'unknown'],
};

export function kindCounts(items: readonly StatusItemView[]): KindCounts[] {
  const counts = new Map<string, Map<string, number>>();
  for (const item of items) {
    let states = counts.get(item.kind);
    if (states === undefined) counts.set(item.kind, (states = new Map()));
    states.set(item.state, (states.get(item.state) ?? 0) + 1);
  }
  // Sources' items have their own count only where a source is watched.
  const kinds = counts.has('source') ? (['monitor', 'heartbeat', 'domain', 'source'] as const) : (['monitor', 'heartbeat', 'domain'] as const);
  return kinds.map((kind) => {
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

/** The headline over several servers: the level is the worst of them, and one offline server is not all of them. */
export const manyServersHeadlines: Record<Level, string> = { ...levelHeadlines, offline: 'A server cannot be reached' };

/** A server's level in a few words, beside its name in its group. */
export const serverLevelLabels: Record<Level, string> = {
  ok: 'All up',
  warning: 'Needs a look',
  critical: 'Something is down',
  unknown: 'Not known yet',
  offline: 'Cannot be reached',
  paused: 'Paused',
};

export interface AttentionSplit {
  attention: StatusItemView[];
  rest: StatusItemView[];
}

/** In maintenance, an item is not a problem: it waits with the rest until the window ends. */
const needsLook = (item: StatusItemView) => (item.health === 'critical' || item.health === 'warning') && item.snoozedUntil === undefined && item.maintenance === undefined;

/** Problems not snoozed and not in maintenance first; everything else after. */
export function splitByAttention(status: StatusView | undefined): AttentionSplit {
  return splitItems(status?.items ?? []);
}

function splitItems(items: readonly StatusItemView[]): AttentionSplit {
  const attention: StatusItemView[] = [];
  const rest: StatusItemView[] = [];
  for (const item of items) (needsLook(item) ? attention : rest).push(item);
  return { attention, rest };
}

export interface ServerGroup extends AttentionSplit {
  server: ServerStatusView;
  /** Every item of the server, for its counts. */
  items: StatusItemView[];
}

/**
 * One group per server, in the settings' order, each with its items split in the core's order; only the chosen
 * server's when `serverFilter` names one still watched ('all' or a server gone shows every one).
 */
export function serverGroups(status: StatusView | undefined, serverFilter = 'all'): ServerGroup[] {
  if (status === undefined) return [];
  const chosen = status.servers.some((server) => server.connection.id === serverFilter) ? serverFilter : 'all';
  const itemsOf = new Map<string, StatusItemView[]>(status.servers.map((server) => [server.connection.id, []]));
  for (const item of status.items) itemsOf.get(item.connectionId)?.push(item);
  return status.servers
    .filter((server) => chosen === 'all' || server.connection.id === chosen)
    .map((server) => {
      const items = itemsOf.get(server.connection.id) ?? [];
      return { server, items, ...splitItems(items) };
    });
}

const situationPhrases: Partial<Record<ServerStatusView['situation'], (count: number) => string>> = {
  unreachable: (count) => `${count} cannot be reached`,
  'signed-out': (count) => `${count} ${count === 1 ? 'needs' : 'need'} a new token`,
  setup: (count) => `${count} ${count === 1 ? 'needs' : 'need'} a look in Settings`,
  // A server whose first answer is still on its way (a slow one, or just added) is not "answering" yet.
  waiting: (count) => `${count} ${count === 1 ? 'has' : 'have'} not answered yet`,
};

/**
 * "3 servers, all answering", "3 servers: 1 cannot be reached, 1 needs a new token", "1 server and 2 sources: 1 has not
 * answered yet".
 */
export function serversSummary(servers: readonly ServerStatusView[]): string {
  const counts = new Map<ServerStatusView['situation'], number>();
  for (const { situation } of servers) counts.set(situation, (counts.get(situation) ?? 0) + 1);
  const troubles = (['unreachable', 'signed-out', 'setup', 'waiting'] as const).flatMap((situation) => {
    const count = counts.get(situation);
    return count === undefined ? [] : [situationPhrases[situation]?.(count) ?? ''];
  });
  const counted = connectionsCount(servers.map((server) => server.connection.sourceKind));
  return troubles.length === 0 ? `${counted}, all answering` : `${counted}: ${troubles.join(', ')}`;
}
