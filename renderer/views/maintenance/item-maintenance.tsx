// The maintenance windows that cover this item (its own and its server's), active and upcoming, each with "End
// now" or "Cancel"; nothing when there are none.
import { useMemo } from 'react';
import type { MaintenanceView } from '../../../common/ipc/alerting.ts';
import { parseServerItemKey } from '../../../common/ipc/item-key.ts';
import { MaintenanceWindowList } from './maintenance-window-list.tsx';
import { useStatus } from '../../state/status-store.ts';

const none: readonly MaintenanceView[] = [];

function coveringWindows(windows: readonly MaintenanceView[], itemKey: string): MaintenanceView[] {
  const connectionId = parseServerItemKey(itemKey)?.connectionId;
  return windows.filter((window) => window.itemKey === itemKey || (window.itemKey === undefined && window.connectionId === connectionId));
}

export function ItemMaintenance({ itemKey }: { itemKey: string }) {
  const windows = useStatus((state) => state.status?.maintenance ?? none);
  const covering = useMemo(() => coveringWindows(windows, itemKey), [windows, itemKey]);
  if (covering.length === 0) return null;
  return (
    <section className="item-section item-maintenance" aria-labelledby="item-maintenance-title">
      <h2 id="item-maintenance-title">Maintenance</h2>
      <MaintenanceWindowList label="Maintenance windows of this item" windows={covering} />
    </section>
  );
}
