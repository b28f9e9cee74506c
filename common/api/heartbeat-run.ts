// One run of a heartbeat as `GET /heartbeats/{id}/runs` answers it (docs/api-decisions.md §16, newest first): a
// start ping and the success or failure that ended it, with the log the pings carried. Read tolerantly, like every
// answer: a field of the wrong type is dropped and reported, the run kept.
import { readDateTime, readInteger, readText, type ItemReader } from './fields.ts';

/** The name `GET /capabilities` lists for schedules, runs and logs (§16): only such a server answers the runs. */
export const CRON_EXTENSION = 'cron';

export type HeartbeatRun = {
  /** Absent for a run that sent only its end. */
  started_at?: string | undefined;
  /** Absent while it runs, or when a new start came before its end. */
  ended_at?: string | undefined;
  duration_ms?: number | undefined;
  /** `running`, `success`, `failed` or `unfinished`; another value is kept as sent. */
  outcome?: string | undefined;
  exit_code?: number | undefined;
  /** The first 10 KB of the body the run's pings carried. */
  log?: string | undefined;
  /** True when the body was longer than what was kept. */
  log_truncated?: boolean | undefined;
};

export const readHeartbeatRun: ItemReader<HeartbeatRun> = (object, context) => {
  const duration = readInteger(object, 'duration_ms', context);
  if (duration !== undefined && duration < 0) context.issues.push({ path: [...context.at, 'duration_ms'], message: `expected an integer of 0 or more, got ${duration}` });
  const truncated = object.log_truncated;
  if (truncated !== undefined && truncated !== null && typeof truncated !== 'boolean') {
    context.issues.push({ path: [...context.at, 'log_truncated'], message: 'expected a boolean' });
  }
  return {
    started_at: readDateTime(object, 'started_at', context),
    ended_at: readDateTime(object, 'ended_at', context),
    duration_ms: duration !== undefined && duration >= 0 ? duration : undefined,
    outcome: readText(object, 'outcome', context),
    exit_code: readInteger(object, 'exit_code', context),
    log: readText(object, 'log', context),
    log_truncated: typeof truncated === 'boolean' ? truncated : undefined,
  };
};
