// Handlers are not part of the status: their view lists them when it opens, and again when another server is
// chosen (its handlers replace these), and keeps why the latest listing failed for a retry to clear.
import { useCallback, useEffect, useState } from 'react';
import { loadHandlers } from '../../state/resources.ts';

interface ListingState {
  /** Why the latest listing failed; undefined while one runs or after one succeeded. */
  failure: string | undefined;
  load(): Promise<void>;
}

/** Lists the handlers now, and again whenever `connectionId` (the active server) changes. */
export function useHandlerListing(connectionId: string | undefined): ListingState {
  const [failure, setFailure] = useState<string | undefined>();
  const load = useCallback(async () => {
    setFailure(undefined);
    const listing = await loadHandlers();
    if (listing.outcome === 'failed') setFailure(listing.message);
  }, []);
  useEffect(() => {
    void load();
  }, [load, connectionId]);
  return { failure, load };
}
