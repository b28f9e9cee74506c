// What a heartbeat's page shows beyond the history: its timing and latest run, and, on a server with the `cron`
// extension, its runs and the ready-made lines that connect a job to it. The heartbeat is the one of the latest
// poll (with the user's changes), so a new ping brings its runs in again.
import { parseServerItemKey } from '../../../common/ipc/item-key.ts';
import { useHeartbeats } from '../../state/resources.ts';
import { useTakesCron } from '../../state/server-capabilities.ts';
import { JobLines } from '../heartbeats/job-lines.tsx';
import { PingAddressNotice } from '../heartbeats/ping-address-notice.tsx';
import { HeartbeatFacts } from './heartbeat-facts.tsx';
import { RunsSection } from './runs-section.tsx';

function useHeartbeat(itemKey: string) {
  return useHeartbeats((state) => state.rows.find((row) => row.key === itemKey)?.item);
}

export function HeartbeatSummary({ itemKey }: { itemKey: string }) {
  const heartbeat = useHeartbeat(itemKey);
  return heartbeat === undefined ? null : <HeartbeatFacts heartbeat={heartbeat} />;
}

export function HeartbeatRuns({ itemKey }: { itemKey: string }) {
  const heartbeat = useHeartbeat(itemKey);
  const connectionId = parseServerItemKey(itemKey)?.connectionId;
  const cron = useTakesCron(connectionId);
  if (heartbeat === undefined || !cron) return null;
  const pingUrl = heartbeat.ping_url;
  return (
    <>
      <RunsSection itemKey={itemKey} latest={[heartbeat.last_ping, heartbeat.last_start, heartbeat.last_outcome, heartbeat.last_exit_code, heartbeat.last_duration_ms].join('|')} />
      {pingUrl !== undefined && (
        <section className="item-section job-lines" aria-labelledby="job-lines-title">
          <h2 id="job-lines-title">Connect the job</h2>
          <p className="field-hint">Each of these runs your job and tells Vigil when it starts, how it ended and what it printed.</p>
          <PingAddressNotice connectionId={connectionId} pingUrl={pingUrl} />
          <JobLines heartbeat={heartbeat} pingUrl={pingUrl} />
        </section>
      )}
    </>
  );
}
