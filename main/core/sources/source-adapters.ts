// Every kind's adapter, made once, with the clock the readers judge ages by (a heartbeat's last ping, how long a
// monitor has been down): the one place the client core finds the adapter of a source's kind.
import type { Clock } from '../../../common/clock.ts';
import { alertmanagerAdapter } from './alertmanager-adapter.ts';
import { gatusAdapter } from './gatus-adapter.ts';
import { healthchecksAdapterOn } from './healthchecks-adapter.ts';
import type { SourceAdapter } from './source-adapter.ts';
import type { SourceKind } from '../../../common/ipc/connection-kinds.ts';
import { statuspageAdapter } from './statuspage-adapter.ts';
import { uptimeKumaAdapter } from './uptime-kuma-adapter.ts';
import { uptimerobotAdapterOn } from './uptimerobot-adapter.ts';

export function sourceAdapters(clock: Pick<Clock, 'now'>): Record<SourceKind, SourceAdapter> {
  return {
    statuspage: statuspageAdapter,
    'uptime-kuma': uptimeKumaAdapter,
    healthchecks: healthchecksAdapterOn(clock),
    gatus: gatusAdapter,
    uptimerobot: uptimerobotAdapterOn(clock),
    alertmanager: alertmanagerAdapter,
  };
}
