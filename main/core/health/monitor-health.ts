// An uptime monitor's health comes straight from the server's last_status (docs/api-decisions.md §5).
import type { MonitorStatus } from '../../../common/api/index.ts';
import type { Health } from './health.ts';

/** down → critical, up → ok; unknown, absent or unrecognised values (shown as "unknown") → warning. */
export function monitorHealth(status: MonitorStatus): Health {
  if (status === 'down') return 'critical';
  return status === 'up' ? 'ok' : 'warning';
}
