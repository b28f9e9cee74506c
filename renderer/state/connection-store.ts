// Browser mode's connection to Vigil as the page shows it: connected, or lost (Vigil stopped, or the socket
// dropped; the page retries with backoff) or refused (Vigil was started again with a new key). In the app window
// the bridge cannot be lost, and the state stays connected. Back after a loss, the page catches up at once.
import { create } from 'zustand';
import type { ContractLink, LinkState } from '../transport/websocket-vigil-api.ts';
import { useStatus } from './status-store.ts';

interface ConnectionState {
  link: LinkState;
  /** "Try now": connects at once instead of waiting out the backoff. */
  reconnectNow(): void;
}

export const useConnection = create<ConnectionState>(() => ({ link: { state: 'connected' }, reconnectNow: () => {} }));

/** The data on screen is no longer live: the page says so and dims it. */
export const isDisconnected = (link: LinkState): link is Extract<LinkState, { since: number }> => link.state === 'lost' || link.state === 'refused';

/** Follows the socket's state; returns the unsubscribe function. */
export function followConnection(link: ContractLink): () => void {
  useConnection.setState({ link: link.current(), reconnectNow: () => link.reconnectNow() });
  return link.subscribe((next) => {
    const wasDisconnected = isDisconnected(useConnection.getState().link);
    useConnection.setState({ link: next });
    // Every change meanwhile was missed: the status (and the lists with it) is asked for now, not at the next change.
    if (next.state === 'connected' && wasDisconnected) void useStatus.getState().load();
  });
}
