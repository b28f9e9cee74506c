// What the settings page shows, in three loads that succeed or fail on their own (the settings, the servers, the
// local service), so one that fails leaves the other sections usable; each has its own retry. The sections keep
// them current: each write answers with the new state, and connection changes refetch the list.
import type { LocalServiceView, SettingsView } from '../../../common/ipc/settings.ts';
import type { ConnectionView } from '../../../common/ipc/views.ts';
import { callFailureOf } from '../../api/call-error.ts';
import { vigil } from '../../api/vigil-api.ts';
import { showError } from '../../state/notices-store.ts';
import { useLoad, type LoadHandle } from '../../state/use-load.ts';

export interface SettingsDataHandle {
  settings: LoadHandle<SettingsView>;
  connections: LoadHandle<ConnectionView[]>;
  localService: LoadHandle<LocalServiceView>;
  /** Refetches the connections; a failure is a notice, the list stays as it was. */
  refreshConnections(): Promise<void>;
}

// Module-level, so each load's effect depends on nothing that changes per render.
const fetchSettings = () => vigil().getSettings();
const fetchConnections = () => vigil().listConnections();
const fetchLocalService = () => vigil().getLocalService();

export function useSettingsData(): SettingsDataHandle {
  const settings = useLoad(fetchSettings);
  const connections = useLoad(fetchConnections);
  const localService = useLoad(fetchLocalService);
  return {
    settings,
    connections,
    localService,
    async refreshConnections() {
      try {
        connections.set(await fetchConnections());
      } catch (error) {
        showError(`The list of servers was not refreshed: ${callFailureOf(error).message}`);
      }
    },
  };
}
