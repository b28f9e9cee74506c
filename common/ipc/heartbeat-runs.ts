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
  /** A full page came: the server may keep older runs. */
  mayHaveOlder: boolean;
}

/** Where the page before a run starts: its start, or its end when it sent no start. */
export function runCursor(run: Pick<HeartbeatRunView, 'startedAt' | 'endedAt'>): number | undefined {
  return run.startedAt ?? run.endedAt;
}

/**
 * The runs of a fresh first page and those paged in before, as one list newest first: a run on both is the fresh
 * one (a run that was running has ended since), and none falls between them when new runs pushed some off the
 * first page.
 */
export function mergeRuns(fresh: readonly HeartbeatRunView[], older: readonly HeartbeatRunView[]): HeartbeatRunView[] {
  const byCursor = new Map<number, HeartbeatRunView>();
  for (const run of [...older, ...fresh]) byCursor.set(runCursor(run) ?? 0, run);
  return [...byCursor.entries()].sort(([a], [b]) => b - a).map(([, run]) => run);
}
