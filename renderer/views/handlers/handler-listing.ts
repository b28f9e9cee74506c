// Handlers are not part of the status: their view lists them, server by server, when it opens and again when the
// servers watched change, and keeps which servers' listings failed (and why) for a retry to clear.
import { useCallback, useEffect, useState } from 'react';
import { loadHandlers, type HandlerListingFailure } from '../../state/resources.ts';

interface ListingState {
  /** The servers whose latest listing failed; empty while one runs or after every one succeeded. */
  failures: readonly HandlerListingFailure[];
  load(): Promise<void>;
}

/** Lists the handlers now, and again whenever `servers` (the enabled connections' ids, joined) changes. */
export function useHandlerListing(servers: string): ListingState {
  const [failures, setFailures] = useState<readonly HandlerListingFailure[]>([]);
  const load = useCallback(async () => {
    setFailures([]);
    setFailures(await loadHandlers());
  }, []);
  useEffect(() => {
    void load();
  }, [load, servers]);
  return { failures, load };
}
