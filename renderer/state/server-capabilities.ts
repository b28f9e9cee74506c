// Which extensions a server offers, as its `GET /capabilities` listed them: the window shows an extension's fields
// only where the server has it, so a spec-only server sees the spec's forms and nothing more.
import { useStatus } from './status-store.ts';

/** docs/api-decisions.md §16: requests, expectations, certificates and dns lookups of monitors. */
export const CHECKS_EXTENSION = 'checks';

/** False until the server has been asked, and for a server that is not watched. */
export function useServerOffers(connectionId: string | undefined, extension: string): boolean {
  return useStatus((state) => state.status?.servers.find((server) => server.connection.id === connectionId)?.connection.capabilities?.includes(extension) === true);
}
