// A heartbeat's timing and latest run at the top of its page: how it is expected (schedule in words, or every so
// often), when next, and how its latest run went (durations to the second, as a job's run time is read). The run fields come only from servers with the `cron` extension;
// what a server does not send is not shown.
import type { ReactNode } from 'react';
import { formatDuration } from '../../../common/format/duration.ts';
import type { Heartbeat } from '../../../common/ipc/views.ts';
import { RelativeTime } from '../../components/relative-time.tsx';
import { scheduleText } from '../../format/schedule-text.ts';
import { epochOf, formatDateTime } from '../../format/time.ts';
import { outcomeLabel } from './run-outcome.ts';

function lastRunText(heartbeat: Heartbeat): string | undefined {
  const parts = [
    heartbeat.last_outcome === undefined ? undefined : outcomeLabel(heartbeat.last_outcome),
    heartbeat.last_duration_ms === undefined ? undefined : `took ${formatDuration(heartbeat.last_duration_ms, 'wait')}`,
    heartbeat.last_exit_code === undefined ? undefined : `exit code ${heartbeat.last_exit_code}`,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : parts.join(', ');
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function HeartbeatFacts({ heartbeat }: { heartbeat: Heartbeat }) {
  const timing = scheduleText(heartbeat);
  const next = epochOf(heartbeat.next_expected_at);
  const lastStart = epochOf(heartbeat.last_start);
  const lastRun = lastRunText(heartbeat);
  return (
    <dl className="heartbeat-facts">
      {timing !== undefined && <Fact term={heartbeat.schedule === undefined ? 'Expected' : 'Runs'}>{timing}</Fact>}
      {next !== undefined && (
        <Fact term="Next expected">
          {formatDateTime(next)} (<RelativeTime at={next} />)
        </Fact>
      )}
      {lastStart !== undefined && <Fact term="Last start">{formatDateTime(lastStart)}</Fact>}
      {lastRun !== undefined && <Fact term="Last run">{lastRun}</Fact>}
      {heartbeat.grace_seconds !== undefined && <Fact term="Grace">{formatDuration(heartbeat.grace_seconds * 1000, 'exact')}</Fact>}
      {heartbeat.max_runtime_seconds !== undefined && <Fact term="Longest run">{formatDuration(heartbeat.max_runtime_seconds * 1000, 'exact')}</Fact>}
    </dl>
  );
}
