// The contract's methods as the core implements them, one group per topic. The call server (serve-call.ts) has
// checked every call's arguments before it gets here, and turns every failure into one sentence.
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { configurationCalls } from './configuration-calls.ts';
import { connectionCalls } from './connection-calls.ts';
import { eventsCalls } from './events-calls.ts';
import { heartbeatRunCalls } from './heartbeat-run-calls.ts';
import { historyCalls } from './history-calls.ts';
import { itemRulesCalls } from './item-rules-calls.ts';
import { localServiceCalls } from './local-service-calls.ts';
import { maintenanceCalls } from '../maintenance/maintenance-calls.ts';
import { resourceCalls } from './resource-calls.ts';
import { settingsCalls } from './settings-calls.ts';
import { withinDeadline } from './server-deadline.ts';
import { snoozeAndPauseCalls } from './snooze-and-pause-calls.ts';

export function coreCalls(runtime: CoreRuntime): CoreCalls {
  return {
    getStatus: async () => runtime.status(),
    // The window's "Refresh now" waits for every server only so long: a server answering after 30 s must not keep
    // the button busy; its status arrives on its own when it answers. With a connection id (a server's banner "Try
    // again") only that connection is polled, within the same deadline.
    refreshNow: async (connectionId) => {
      const refreshed = connectionId === undefined ? runtime.refreshNow() : runtime.refreshOne(connectionId);
      await withinDeadline(runtime.clock, refreshed, async () => undefined);
      return undefined;
    },
    ...connectionCalls(runtime),
    ...resourceCalls(runtime),
    ...snoozeAndPauseCalls(runtime),
    ...maintenanceCalls(runtime),
    ...itemRulesCalls(runtime),
    ...settingsCalls(runtime),
    ...localServiceCalls(runtime),
    ...historyCalls(runtime),
    ...heartbeatRunCalls(runtime),
    ...eventsCalls(runtime),
    ...configurationCalls(runtime),
  };
}
