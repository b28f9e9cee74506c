// What a server offers beyond the spec, as its connection lists it (`GET /capabilities`): the window shows an
// extension's fields and sections only for a server that lists it, so a spec-only server sees the spec's forms and
// nothing more.
import { CRON_EXTENSION } from '../../common/api/index.ts';
import type { ConnectionView } from '../../common/ipc/views.ts';
import { useStatus } from './status-store.ts';

/** Whether the connection's server lists the extension: false until it has been asked. */
export function offers(connection: Pick<ConnectionView, 'capabilities'> | undefined, extension: string): boolean {
  return connection?.capabilities?.includes(extension) === true;
}

/** Whether the server takes heartbeat schedules and keeps runs (the `cron` extension). */
export function takesCron(connection: Pick<ConnectionView, 'capabilities'> | undefined): boolean {
  return offers(connection, CRON_EXTENSION);
}

/** Whether a watched server lists the extension: false until it has been asked, and for a server not watched. */
export function useServerOffers(connectionId: string | undefined, extension: string): boolean {
  return useStatus((state) => offers(state.status?.servers.find((server) => server.connection.id === connectionId)?.connection, extension));
}

export function useTakesCron(connectionId: string | undefined): boolean {
  return useServerOffers(connectionId, CRON_EXTENSION);
}
