// What a server offers beyond the spec, as its connection lists it (`GET /capabilities`): the window shows an
// extension's fields and sections only for a server that lists it.
import { CRON_EXTENSION } from '../../common/api/index.ts';
import type { ConnectionView } from '../../common/ipc/views.ts';
import { useStatus } from './status-store.ts';

/** Whether the server takes heartbeat schedules and keeps runs (the `cron` extension). */
export function takesCron(connection: Pick<ConnectionView, 'capabilities'> | undefined): boolean {
  return connection?.capabilities?.includes(CRON_EXTENSION) === true;
}

export function useTakesCron(connectionId: string | undefined): boolean {
  return useStatus((state) => takesCron(state.status?.servers.find((server) => server.connection.id === connectionId)?.connection));
}
