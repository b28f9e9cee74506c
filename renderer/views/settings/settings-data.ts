// What the settings page shows, loaded together when it opens (with a retry when that fails), and kept current
// by the sections: each write answers with the new state, and connection changes refetch the list.
import { useEffect, useState } from 'react';
import type { LocalServiceView, SettingsView } from '../../../common/ipc/settings.ts';
import type { ConnectionView } from '../../../common/ipc/views.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { showError } from '../../state/notices-store.ts';

export interface SettingsData {
  settings: SettingsView;
  connections: ConnectionView[];
  localService: LocalServiceView;
}

export type SettingsLoad = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; data: SettingsData };

export interface SettingsDataHandle {
  load: SettingsLoad;
  retry(): void;
  /** Replaces parts of the loaded data with what a write answered. */
  update(patch: Partial<SettingsData>): void;
  /** Refetches the connections; a failure is a notice, the list stays as it was. */
  refreshConnections(): Promise<void>;
}

export function useSettingsData(): SettingsDataHandle {
  const [load, setLoad] = useState<SettingsLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const api = vigil();
    Promise.all([api.getSettings(), api.listConnections(), api.getLocalService()])
      .then(([settings, connections, localService]) => {
        if (current) setLoad({ state: 'ready', data: { settings, connections, localService } });
      })
      .catch((error: unknown) => {
        if (current) setLoad({ state: 'failed', message: callFailureOf(error).message });
      });
    return () => {
      current = false;
    };
  }, [attempt]);

  function update(patch: Partial<SettingsData>) {
    setLoad((loaded) => (loaded.state === 'ready' ? { state: 'ready', data: { ...loaded.data, ...patch } } : loaded));
  }

  return {
    load,
    retry() {
      setLoad({ state: 'loading' });
      setAttempt((count) => count + 1);
    },
    update,
    async refreshConnections() {
      try {
        update({ connections: await vigil().listConnections() });
      } catch (error) {
        showError(`The list of servers was not refreshed: ${callFailureOf(error).message}`);
      }
    },
  };
}
