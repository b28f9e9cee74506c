// Three servers as the core would report them, for the window's views over several servers: this computer
// (healthy), Work (a monitor down, its token expiring) and Client (cannot be reached), each with monitors,
// heartbeats, domains and notification handlers of its own; Work and this computer hold a monitor of the same id.
import { serverItemKey } from '../../../common/ipc/item-key.ts';
import type { ConnectionView, Domain, Heartbeat, Monitor, NotificationHandler, ServerStatusView, StatusItemView, StatusView } from '../../../common/ipc/views.ts';

const minute = 60_000;

interface ServerData {
  connection: ConnectionView;
  level: ServerStatusView['level'];
  situation: ServerStatusView['situation'];
  problem?: string;
  monitors: Monitor[];
  heartbeats: Heartbeat[];
  domains: Domain[];
  handlers: NotificationHandler[];
  /** The items' states as the core judged them, by item key within the server. */
  states: Record<string, { health: StatusItemView['health']; state: string; detail: string; sinceMinutes: number }>;
}

function servers(now: number): ServerData[] {
  const soon = new Date(now + 9 * 86_400_000).toISOString().slice(0, 10);
  const later = new Date(now + 200 * 86_400_000).toISOString().slice(0, 10);
  return [
    {
      connection: { id: 'local', name: 'This computer', baseUrl: 'http://127.0.0.1:7070/api', kind: 'local', sourceKind: 'vigil', enabled: true, auth: 'signed-in' },
      level: 'ok',
      situation: 'ok',
      monitors: [
        { id: 'mon_1', name: 'Home router', type: 'ping', url: '192.168.1.1', frequency: 300, last_status: 'up' },
        { id: 'mon_2', name: 'NAS', type: 'tcp', url: 'nas.local:445', frequency: 60, last_status: 'up' },
      ],
      heartbeats: [{ id: 'hb_1', name: 'Photo backup', expected_interval: 86_400, last_ping: new Date(now - 3 * 3_600_000).toISOString(), ping_url: 'http://127.0.0.1:7070/ping/aB3dE5' }],
      domains: [],
      handlers: [{ id: 'h1', name: 'My email', type: 'email', destination: 'me@example.com' }],
      states: {
        'monitor:mon_1': { health: 'ok', state: 'up', detail: 'Answered in 3 ms', sinceMinutes: 3 * 24 * 60 },
        'monitor:mon_2': { health: 'ok', state: 'up', detail: 'Port open', sinceMinutes: 26 * 60 },
        'heartbeat:hb_1': { health: 'ok', state: 'up', detail: 'Last ping 3 h ago', sinceMinutes: 3 * 60 },
      },
    },
    {
      connection: { id: 'work', name: 'Work', baseUrl: 'https://monitor.work.example/api', kind: 'remote', sourceKind: 'vigil', enabled: true, auth: 'expiring', tokenExpiresAt: now + 2 * 86_400_000 },
      level: 'critical',
      situation: 'ok',
      monitors: [
        { id: 'mon_1', name: 'Checkout API', type: 'http', url: 'https://api.work.example/health', frequency: 60, last_status: 'down' },
        { id: 'mon_7', name: 'Database', type: 'tcp', url: 'db.work.example:5432', frequency: 30, last_status: 'up' },
        { id: 'mon_8', name: 'Website', type: 'http', url: 'https://www.work.example/', frequency: 60, last_status: 'up' },
      ],
      heartbeats: [{ id: 'hb_3', name: 'Invoice run', expected_interval: 3600, last_ping: new Date(now - 95 * minute).toISOString(), ping_url: 'https://monitor.work.example/ping/Zx81' }],
      domains: [{ id: 'd1', domain: 'work.example', expires_on: soon, days_until_expiry: 9, registrar: 'Example Registrar, Inc.' }],
      handlers: [{ id: 'h1', name: 'On-call', type: 'slack', destination: '#ops-alerts' }],
      states: {
        'monitor:mon_1': { health: 'critical', state: 'down', detail: 'HTTP 503 Service Unavailable', sinceMinutes: 12 },
        'monitor:mon_7': { health: 'ok', state: 'up', detail: 'Port open', sinceMinutes: 5 * 24 * 60 },
        'monitor:mon_8': { health: 'ok', state: 'up', detail: 'HTTP 200 in 140 ms', sinceMinutes: 7 * 24 * 60 },
        'heartbeat:hb_3': { health: 'warning', state: 'late', detail: 'Expected 35 min ago', sinceMinutes: 35 },
        'domain:d1': { health: 'warning', state: 'expiring', detail: 'Expires in 9 days', sinceMinutes: 2 * 24 * 60 },
      },
    },
    {
      connection: { id: 'client', name: 'Client', baseUrl: 'https://status.client.example/api', kind: 'remote', sourceKind: 'vigil', enabled: true, auth: 'signed-in' },
      level: 'offline',
      situation: 'unreachable',
      problem: 'Could not connect to status.client.example: connection refused.',
      monitors: [{ id: 'mon_3', name: 'Shop', type: 'http', url: 'https://shop.client.example/', frequency: 120, last_status: 'up' }],
      heartbeats: [],
      domains: [{ id: 'd9', domain: 'client.example', expires_on: later, days_until_expiry: 200, registrar: 'Other Registrar' }],
      handlers: [{ id: 'h4', name: 'Client webhook', type: 'webhook', destination: 'https://hooks.client.example/vigil' }],
      states: {
        'monitor:mon_3': { health: 'unknown', state: 'unknown', detail: 'Not checked since the server stopped answering', sinceMinutes: 20 },
        'domain:d9': { health: 'unknown', state: 'unknown', detail: 'Not known while the server cannot be reached', sinceMinutes: 20 },
      },
    },
  ];
}

const itemKeysOf = (server: ServerData) => [
  ...server.monitors.map((monitor) => ['monitor', `monitor:${monitor.id ?? ''}`, monitor.name ?? ''] as const),
  ...server.heartbeats.map((heartbeat) => ['heartbeat', `heartbeat:${heartbeat.id ?? ''}`, heartbeat.name ?? ''] as const),
  ...server.domains.map((domain) => ['domain', `domain:${domain.id ?? ''}`, domain.domain ?? ''] as const),
];

const rank: Record<StatusItemView['health'], number> = { critical: 0, warning: 1, unknown: 2, ok: 3 };

export function manyServersStatus(now: number): StatusView {
  const all = servers(now);
  const items = all.flatMap((server) =>
    itemKeysOf(server).map(([kind, key, name]): StatusItemView => {
      const judged = server.states[key] ?? { health: 'unknown', state: 'unknown', detail: '', sinceMinutes: 0 };
      return { key: serverItemKey(server.connection.id, key), connectionId: server.connection.id, serverName: server.connection.name, kind, name, health: judged.health, state: judged.state, detail: judged.detail, since: now - judged.sinceMinutes * minute };
    }),
  );
  items.sort((a, b) => rank[a.health] - rank[b.health]);
  return {
    level: 'critical',
    tooltip: 'Vigil — Work: 1 down · Client: cannot be reached',
    maintenance: [],
    servers: all.map((server) => ({
      connection: server.connection,
      level: server.level,
      situation: server.situation,
      ...(server.problem === undefined ? {} : { problem: server.problem }),
      lastSuccessfulPollAt: server.situation === 'unreachable' ? now - 20 * minute : now - 8000,
      listsFetchedFrom: server.situation === 'unreachable' ? now - 20 * minute : now - 8000,
      monitors: server.monitors,
      heartbeats: server.heartbeats,
      domains: server.domains,
    })),
    items,
    trayItems: [],
  };
}

/** Each server's notification handlers, as `listNotificationHandlers(connectionId)` answers. */
export function handlersOf(connectionId: string, now: number): NotificationHandler[] {
  return servers(now).find((server) => server.connection.id === connectionId)?.handlers ?? [];
}

/** Every connection, with one more that is kept but not watched. */
export function connectionsOf(now: number): ConnectionView[] {
  return [...servers(now).map((server) => server.connection), { id: 'old', name: 'Old side project', baseUrl: 'https://old.example/api', kind: 'remote', sourceKind: 'vigil', enabled: false, auth: 'signed-in' }];
}
