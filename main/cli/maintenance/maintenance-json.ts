// A window as `vigil maintenance … --json` prints it: every field always present (null when the server left it
// out), so a script reads the same keys whatever the window; `server_id` is the connection's id as in
// `vigil status --json` (null for a server named by --base-url alone).
import type { MaintenanceRepeat, MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';
import { isActiveAt } from './maintenance-state.ts';
import type { Target } from '../server-choice.ts';

export interface MaintenanceJson {
  server: string;
  server_id: string | null;
  id: string | null;
  /** `monitor:<id>` and the like; null: every item of the server. */
  item: string | null;
  item_name: string | null;
  starts_at: string | null;
  /** Null: until someone ends it. */
  ends_at: string | null;
  repeat: MaintenanceRepeat | null;
  reason: string | null;
  ended_at: string | null;
  created_at: string | null;
  active: boolean;
}

export function maintenanceJson(target: Target, window: MaintenanceWindow, now: number): MaintenanceJson {
  return {
    server: target.name,
    server_id: target.connection?.id ?? null,
    id: window.id ?? null,
    item: window.item ?? null,
    item_name: window.item_name ?? null,
    starts_at: window.starts_at ?? null,
    ends_at: window.ends_at ?? null,
    repeat: window.repeat ?? null,
    reason: window.reason ?? null,
    ended_at: window.ended_at ?? null,
    created_at: window.created_at ?? null,
    active: isActiveAt(window, now),
  };
}
