// Schema history. Each entry runs once, in order, inside a transaction; `PRAGMA user_version` records how far
// a database has come. Never edit a released migration: append a new one.
export const migrations: readonly string[] = [
  `
  CREATE TABLE monitors (
    seq INTEGER PRIMARY KEY,               -- creation order, for stable pages
    id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    url TEXT NOT NULL,
    frequency INTEGER NOT NULL,
    last_status TEXT NOT NULL DEFAULT 'unknown',
    consecutive_failures INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE check_results (
    monitor_seq INTEGER NOT NULL REFERENCES monitors(seq) ON DELETE CASCADE,
    checked_at INTEGER NOT NULL,           -- epoch ms
    duration_ms INTEGER NOT NULL,
    ok INTEGER NOT NULL,
    error TEXT
  );
  CREATE INDEX check_results_by_monitor ON check_results(monitor_seq, checked_at);
  CREATE INDEX check_results_by_time ON check_results(checked_at);
  CREATE TABLE heartbeats (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    expected_interval INTEGER NOT NULL,
    last_ping TEXT,
    late INTEGER NOT NULL DEFAULT 0,       -- whether a "late" alert is out and awaits recovery
    created_at TEXT NOT NULL
  );
  CREATE TABLE domains (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    domain TEXT NOT NULL UNIQUE,
    expires_on TEXT,
    registrar TEXT,
    looked_up_at INTEGER,                  -- epoch ms of the last lookup attempt
    lookup_error TEXT,
    alerted_threshold INTEGER,             -- smallest threshold (days) already alerted for expires_on
    created_at TEXT NOT NULL
  );
  CREATE TABLE notification_handlers (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    destination TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  // 2: history moves to its own file (history.sqlite, see history-schema.ts). A monitor gains `status_since`
  // (epoch ms of its last status change), taken for an existing monitor from its kept checks: the first of its
  // latest run of like results (an approximation for "down", which was confirmed a few failures later; absent
  // without checks). The old per-check rows wait under a new name until the service has moved them into the
  // history file at its next start (legacy-check-import.ts), which then drops them.
  `
  ALTER TABLE monitors ADD COLUMN status_since INTEGER;
  UPDATE monitors SET status_since = (
    SELECT min(c.checked_at) FROM check_results c
    WHERE c.monitor_seq = monitors.seq
      AND c.ok = (monitors.last_status = 'up')
      AND c.checked_at > coalesce(
        (SELECT max(d.checked_at) FROM check_results d WHERE d.monitor_seq = monitors.seq AND d.ok = (monitors.last_status <> 'up')),
        -1)
  ) WHERE last_status IN ('up', 'down');
  ALTER TABLE check_results RENAME TO legacy_check_results;
  `,
  // 3: the maintenance extension (docs/api-decisions.md §15). Windows are kept here, beside what the user made,
  // so they survive restarts; times are epoch ms. `held_alerts` is what the notification handlers were last told
  // about an item whose alerts a window holds back, and the latest alert held: written before anything else
  // happens, so a restart during maintenance neither loses nor repeats one.
  `
  CREATE TABLE maintenance_windows (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    item TEXT,                             -- monitor:<id>, heartbeat:<id> or domain:<id>; null: every item
    starts_at INTEGER NOT NULL,
    ends_at INTEGER,                       -- null: until ended
    repeat TEXT,                           -- JSON {days, start, end, timezone}; null: one stretch
    reason TEXT,
    ended_at INTEGER,                      -- set when ended by hand
    created_at INTEGER NOT NULL
  );
  CREATE INDEX maintenance_windows_by_item ON maintenance_windows(item);
  CREATE TABLE held_alerts (
    item TEXT PRIMARY KEY,                 -- monitor:<id>, heartbeat:<id> or domain:<id>
    told_state TEXT NOT NULL,              -- the state the handlers last heard of
    last_alert TEXT NOT NULL               -- the latest alert held back, as JSON
  );
  `,
  // 4: heartbeats on a cron schedule, with start, fail and exit-code pings (docs/api-decisions.md §16). Times are
  // epoch ms. `next_expected_at` is when the next success is due, kept so lateness is read, not recomputed from the
  // cron on every scan (for an existing heartbeat: its last ping, or its creation, plus its interval). `problem`
  // replaces `late`: the alert that is out and awaits recovery ('late' or 'failed'). `heartbeat_runs` holds each
  // run (a start and its end, or an end alone) with the first 10 KB of its ping's body as its log.
  `
  ALTER TABLE heartbeats ADD COLUMN schedule TEXT;              -- five-field cron; null: expected_interval
  ALTER TABLE heartbeats ADD COLUMN timezone TEXT;              -- IANA zone of the schedule
  ALTER TABLE heartbeats ADD COLUMN grace_seconds INTEGER;      -- null: the service's default grace
  ALTER TABLE heartbeats ADD COLUMN max_runtime_seconds INTEGER;
  ALTER TABLE heartbeats ADD COLUMN next_expected_at INTEGER;
  ALTER TABLE heartbeats ADD COLUMN last_start INTEGER;
  ALTER TABLE heartbeats ADD COLUMN last_end INTEGER;           -- the latest success or failure
  ALTER TABLE heartbeats ADD COLUMN last_duration_ms INTEGER;
  ALTER TABLE heartbeats ADD COLUMN last_exit_code INTEGER;
  ALTER TABLE heartbeats ADD COLUMN last_outcome TEXT;          -- 'success' or 'failed'
  ALTER TABLE heartbeats ADD COLUMN problem TEXT;
  UPDATE heartbeats SET
    next_expected_at = CAST(round((julianday(coalesce(last_ping, created_at)) - 2440587.5) * 86400000) AS INTEGER) + expected_interval * 1000,
    problem = CASE WHEN late = 1 THEN 'late' END;
  ALTER TABLE heartbeats DROP COLUMN late;
  CREATE TABLE heartbeat_runs (
    id INTEGER PRIMARY KEY,
    heartbeat_seq INTEGER NOT NULL REFERENCES heartbeats(seq) ON DELETE CASCADE,
    started_at INTEGER,                    -- the start ping; null: the run sent only its end
    ended_at INTEGER,                      -- null while running, or when a new start came first
    outcome TEXT NOT NULL,                 -- 'running', 'success', 'failed' or 'unfinished'
    exit_code INTEGER,
    log TEXT,                              -- the first 10 KB of the ping's body; null: none, or dropped for room
    log_truncated INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX heartbeat_runs_by_heartbeat ON heartbeat_runs(heartbeat_seq, id);
  `,
  // 5: an http monitor's request and expectations, how soon a failure is checked again, and the latest check
  // (docs/api-decisions.md §16). Null is the default throughout; the JSON columns hold what the API accepted.
  // Header values are kept in full: the check sends them. The API masks the secret ones.
  `
  ALTER TABLE monitors ADD COLUMN method TEXT;
  ALTER TABLE monitors ADD COLUMN headers TEXT;                -- JSON object of name → value
  ALTER TABLE monitors ADD COLUMN secret_headers TEXT;         -- JSON list of names the user marked secret
  ALTER TABLE monitors ADD COLUMN body TEXT;
  ALTER TABLE monitors ADD COLUMN expect TEXT;                 -- JSON object
  ALTER TABLE monitors ADD COLUMN retry_seconds INTEGER;
  ALTER TABLE monitors ADD COLUMN last_checked_at INTEGER;     -- epoch ms when the latest check started
  ALTER TABLE monitors ADD COLUMN last_response_time_ms INTEGER;
  ALTER TABLE monitors ADD COLUMN last_error TEXT;             -- why the latest check failed; null when it passed
  `,
  // 6: a dns monitor's lookup (docs/api-decisions.md §16, "Monitors of type dns"): the JSON object
  // {record, expect?, resolver?} the API accepted; null for every other type.
  `
  ALTER TABLE monitors ADD COLUMN dns TEXT;
  `,
  // 7: an http monitor's certificate (docs/api-decisions.md §16, "Monitors: certificates"): its settings, when the
  // certificate last seen ends, the smallest alert threshold raised and the end it was raised for (a later end is
  // a renewal, which re-arms them), and what verification would have refused when errors are ignored.
  `
  ALTER TABLE monitors ADD COLUMN tls TEXT;                             -- JSON {expiry_days, ignore_errors}; null: defaults
  ALTER TABLE monitors ADD COLUMN certificate_expires_at INTEGER;       -- epoch ms
  ALTER TABLE monitors ADD COLUMN certificate_alerted_threshold INTEGER; -- days; -1: expired
  ALTER TABLE monitors ADD COLUMN certificate_alerted_expires_at INTEGER;
  ALTER TABLE monitors ADD COLUMN certificate_warning TEXT;
  `,
  // 8: what an item depends on (docs/api-decisions.md §18), and the alerts folded under a parent that is down: the
  // child's latest alert and what its handlers knew before it, owed if the child is still down when the parent
  // recovers. `item` and `depends_on` are `monitor:<id>`, `heartbeat:<id>` or `domain:<id>`.
  `
  CREATE TABLE dependencies (
    item TEXT PRIMARY KEY,
    depends_on TEXT NOT NULL
  );
  CREATE TABLE folded_alerts (
    item TEXT PRIMARY KEY,
    parent TEXT NOT NULL,
    told_state TEXT NOT NULL,
    last_alert TEXT NOT NULL               -- the AlertEvent as JSON
  );
  `,
  // 9: the notes extension (docs/api-decisions.md §19): what a person writes about a monitor, heartbeat or domain;
  // null when there is none (a blank note is none).
  `
  ALTER TABLE monitors ADD COLUMN notes TEXT;
  ALTER TABLE heartbeats ADD COLUMN notes TEXT;
  ALTER TABLE domains ADD COLUMN notes TEXT;
  `,
];
