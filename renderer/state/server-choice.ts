// Which server a new item goes to. With one server watched there is nothing to ask; with more, the create forms
// ask, offering the server chosen last time (kept in the page's own storage: nothing secret). The built-in
// service is the default only while it is the only server: with more, guessing would put work items on this
// computer without anyone noticing.
import { useMemo } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ConnectionView } from '../../common/ipc/views.ts';
import { useStatus } from './status-store.ts';

interface ServerChoiceState {
  /** The connection id chosen last in a create form. */
  last: string | undefined;
  remember(connectionId: string): void;
}

export const useLastServerChoice = create<ServerChoiceState>()(
  persist((set) => ({ last: undefined, remember: (connectionId) => set({ last: connectionId }) }), {
    name: 'vigil.server-choice',
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: ({ last }) => ({ last }),
  }),
);

/** The server a create form starts with: the last one chosen while it is still watched, else the only one, else none. */
export function defaultServer(servers: readonly Pick<ConnectionView, 'id'>[], last: string | undefined): string | undefined {
  if (last !== undefined && servers.some((server) => server.id === last)) return last;
  return servers.length === 1 ? servers[0]?.id : undefined;
}

export interface ServerChoice {
  /** Every enabled server, in the settings' order. */
  servers: readonly ConnectionView[];
  /** The server chosen (or defaulted to); undefined until one is chosen. */
  chosen: ConnectionView | undefined;
  /** Chooses a server and remembers it for the next form. */
  choose(connectionId: string): void;
}

export function useServerChoice(): ServerChoice {
  const status = useStatus((state) => state.status);
  const last = useLastServerChoice((state) => state.last);
  const remember = useLastServerChoice((state) => state.remember);
  const servers = useMemo(() => status?.servers.map((server) => server.connection) ?? [], [status]);
  const chosenId = defaultServer(servers, last);
  return { servers, chosen: servers.find((server) => server.id === chosenId), choose: remember };
}

/** The form's error when it cannot know where to save. */
export function serverChoiceErrors(choice: ServerChoice): { server?: string } {
  if (choice.chosen !== undefined) return {};
  return { server: choice.servers.length === 0 ? 'No server is watched: add or enable one in Settings' : 'Choose the server that keeps it' };
}
