// A StatusView with nothing in it, for fixtures to build on: each adds what its tests are about.
import type { ServerStatusView, StatusView } from '../../common/ipc/views.ts';

export const emptyStatus: Readonly<StatusView> = Object.freeze({
  level: 'ok',
  tooltip: 'Vigil',
  servers: [],
  items: [],
  trayItems: [],
  maintenance: [],
});

/** One server's part of a status, signed in with nothing in it, for fixtures to build on. */
export function serverStatus(fields: Partial<ServerStatusView> & { connection: ServerStatusView['connection'] }): ServerStatusView {
  return { level: 'ok', situation: 'ok', monitors: [], heartbeats: [], domains: [], ...fields };
}
