// The contract's call for a heartbeat's runs (the item page's "Runs"), from servers that list the `cron`
// extension; any other server keeps none, which the answer says instead of failing.
import { CRON_EXTENSION, type HeartbeatRun } from '../../../common/api/index.ts';
import type { CoreCalls } from '../../../common/ipc/contract.ts';
import type { HeartbeatRunView } from '../../../common/ipc/heartbeat-runs.ts';
import type { CoreRuntime } from '../app/core-runtime.ts';
import { VigilCoreError } from './call-error.ts';
import { serverItemRef } from './server-item-ref.ts';

/** Runs per page: the page's first and each "older". */
export const runsPerPage = 20;

const epochOf = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso));

export function heartbeatRunView(run: HeartbeatRun): HeartbeatRunView {
  return {
    startedAt: epochOf(run.started_at),
    endedAt: epochOf(run.ended_at),
    durationMs: run.duration_ms,
    outcome: run.outcome ?? 'unknown',
    exitCode: run.exit_code,
    log: run.log,
    logTruncated: run.log_truncated === true,
  };
}

export function heartbeatRunCalls(runtime: CoreRuntime) {
  return {
    async listHeartbeatRuns(key, before) {
      const { connectionId, item: ref } = serverItemRef(key, runtime.settings.read());
      if (ref.kind !== 'heartbeat' || !('id' in ref)) throw new VigilCoreError('Only a heartbeat with an id has runs.');
      const session = runtime.session(connectionId);
      await session.capabilities.known();
      if (session.capabilities.current?.extensions.includes(CRON_EXTENSION) !== true) return { supported: false, runs: [], mayHaveOlder: false };
      const reply = await session.client.listHeartbeatRuns(ref.id, { before, limit: runsPerPage });
      return { supported: true, runs: reply.items.map(heartbeatRunView), mayHaveOlder: reply.items.length >= runsPerPage };
    },
  } satisfies Partial<CoreCalls>;
}
