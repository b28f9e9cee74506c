// Statuses for the window's tests, in the shape the core sends: one or more servers, each with its own situation,
// lists and items. `status()` is one server (this computer) unless the test says otherwise; items given without
// a server are that server's, their keys made server item keys (`monitor:m1` → `local/monitor:m1`).
import { serverItemKey } from '../../common/ipc/item-key.ts';
import type { ConnectionView, Domain, Heartbeat, Monitor, ServerStatusView, StatusItemView, StatusView } from '../../common/ipc/views.ts';

export const localConnection: ConnectionView = { id: 'local', name: 'This computer', baseUrl: 'http://127.0.0.1:7070/api', kind: 'local', sourceKind: 'vigil', enabled: true, auth: 'signed-in' };

export function remoteConnection(id: string, name: string, fields: Partial<ConnectionView> = {}): ConnectionView {
  return { id, name, baseUrl: `https://${id}.example/api`, kind: 'remote', sourceKind: 'vigil', enabled: true, auth: 'signed-in', ...fields };
}

/** A status item; `key` may be a plain item key, made the server's. */
export type ItemFixture = Omit<StatusItemView, 'connectionId' | 'serverName'> & Partial<Pick<StatusItemView, 'connectionId' | 'serverName'>>;

export function serverItem(connection: ConnectionView, item: ItemFixture): StatusItemView {
  const key = item.key.includes('/') ? item.key : serverItemKey(connection.id, item.key);
  return { ...item, key, connectionId: connection.id, serverName: connection.name };
}

export interface ServerFixture extends Partial<Omit<ServerStatusView, 'connection'>> {
  connection?: ConnectionView;
  items?: ItemFixture[];
}

/** One server's part: answering with empty lists a few seconds ago unless told otherwise. */
export function serverStatus(fields: ServerFixture = {}): { server: ServerStatusView; items: StatusItemView[] } {
  const { connection = localConnection, items = [], ...rest } = fields;
  const server: ServerStatusView = { connection, level: 'ok', situation: 'ok', lastSuccessfulPollAt: Date.now() - 5000, monitors: [], heartbeats: [], domains: [], ...rest };
  return { server, items: items.map((item) => serverItem(connection, item)) };
}

export interface StatusFixture extends Partial<Omit<StatusView, 'servers' | 'items'>> {
  /** The one server's own fields (this computer by default); ignored when `servers` is given. */
  connection?: ConnectionView;
  situation?: ServerStatusView['situation'];
  lastSuccessfulPollAt?: number | undefined;
  listsFetchedFrom?: number;
  monitors?: Monitor[];
  heartbeats?: Heartbeat[];
  domains?: Domain[];
  items?: ItemFixture[];
  /** Several servers instead of one. */
  servers?: ServerFixture[];
}

export function status(fields: StatusFixture = {}): StatusView {
  const { connection, situation, lastSuccessfulPollAt, listsFetchedFrom, monitors, heartbeats, domains, items, servers, ...view } = fields;
  const one: ServerFixture = { ...(connection && { connection }), ...(situation && { situation }), ...(monitors && { monitors }), ...(heartbeats && { heartbeats }), ...(domains && { domains }), ...(items && { items }) };
  if ('lastSuccessfulPollAt' in fields) one.lastSuccessfulPollAt = lastSuccessfulPollAt;
  if (listsFetchedFrom !== undefined) one.listsFetchedFrom = listsFetchedFrom;
  const parts = (servers ?? [one]).map(serverStatus);
  return {
    level: 'ok',
    tooltip: 'Vigil',
    trayItems: [],
    maintenance: [],
    servers: parts.map((part) => part.server),
    items: parts.flatMap((part) => part.items),
    ...view,
  };
}
