// A heartbeat's runs as the window sees them (the `cron` extension, docs/api-decisions.md §16): times as epoch ms,
// newest first. A server without the extension keeps no runs, and says so rather than an empty list.

export interface HeartbeatRunView {
  /** The start ping; absent for a run that sent only its end. */
  startedAt?: number | undefined;
  /** The end ping; absent while it runs, or when a new start came first. */
  endedAt?: number | undefined;
  durationMs?: number | undefined;
  /** `running`, `success`, `failed`, `unfinished`, or what else the server said. */
  outcome: string;
  exitCode?: number | undefined;
  /** What the job printed, as the server kept it (the first 10 KB). */
  log?: string | undefined;
  /** The job printed more than the log holds. */
  logTruncated: boolean;
}

export interface HeartbeatRunsView {
  /** Whether the server keeps runs at all (lists `cron` under `GET /capabilities`). */
  supported: boolean;
  runs: HeartbeatRunView[];
}

/** Where the page before a run starts: its start, or its end when it sent no start. */
export function runCursor(run: HeartbeatRunView): number | undefined {
  return run.startedAt ?? run.endedAt;
}
