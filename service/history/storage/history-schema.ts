// The schema of `history.sqlite`, the service's memory (docs/service.md, "History"). Numbered like the main
// database's migrations: never edit a released entry, append a new one. All times are epoch ms; `hour` and `day`
// are the start of that UTC hour or day, `block` the start of a 16-day block. Monitors are keyed by their `seq` in
// vigil.sqlite; a monitor's history is deleted with it.
//
// Packed rows (raw checks, hourly and daily buckets) are blobs in tables with a rowid, whose pages hold rows of
// up to ~4 KB without overflow pages (a WITHOUT ROWID table would spill anything above ~1 KB).
export const historyMigrations: readonly string[] = [
  `
  CREATE TABLE raw_checks (                -- one monitor-hour of checks, appended to (check-codec.ts)
    id INTEGER PRIMARY KEY,
    monitor_seq INTEGER NOT NULL,
    hour INTEGER NOT NULL,
    data BLOB NOT NULL,
    UNIQUE (monitor_seq, hour)
  );
  CREATE INDEX raw_checks_by_hour ON raw_checks(hour);
  CREATE TABLE check_errors (              -- what went wrong, for failed checks only
    monitor_seq INTEGER NOT NULL,
    checked_at INTEGER NOT NULL,
    error TEXT NOT NULL,
    PRIMARY KEY (monitor_seq, checked_at)
  ) WITHOUT ROWID;
  CREATE TABLE hourly_buckets (            -- the 24 hours of one monitor-day (bucket-codec.ts)
    id INTEGER PRIMARY KEY,
    monitor_seq INTEGER NOT NULL,
    day INTEGER NOT NULL,
    data BLOB NOT NULL,
    UNIQUE (monitor_seq, day)
  );
  CREATE TABLE daily_buckets (             -- the 16 days of one monitor-block
    id INTEGER PRIMARY KEY,
    monitor_seq INTEGER NOT NULL,
    block INTEGER NOT NULL,
    data BLOB NOT NULL,
    UNIQUE (monitor_seq, block)
  );
  CREATE TABLE status_changes (            -- a monitor's confirmed status: 0 unknown, 1 up, 2 down, from "at" on
    monitor_seq INTEGER NOT NULL,
    at INTEGER NOT NULL,
    status INTEGER NOT NULL,
    PRIMARY KEY (monitor_seq, at)
  ) WITHOUT ROWID;
  CREATE INDEX status_changes_by_time ON status_changes(at);
  CREATE TABLE runs (                      -- while the service ran and saved history
    id INTEGER PRIMARY KEY,
    started_at INTEGER NOT NULL,
    alive_at INTEGER NOT NULL,             -- last moment known to be running, renewed with every write
    stopped_at INTEGER,                    -- null while running, or until the next start finds it crashed
    ending TEXT                            -- 'stopped', 'crashed' or 'unsaved' (history could not be written)
  );
  CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,  -- the feed's cursor: never reused
    at INTEGER NOT NULL,
    kind TEXT NOT NULL,
    item_id TEXT,
    item_name TEXT,
    from_state TEXT,
    to_state TEXT NOT NULL,
    detail TEXT
  );
  CREATE INDEX events_by_item ON events(kind, item_id, id);
  CREATE INDEX events_by_time ON events(at);
  CREATE TABLE heartbeat_pings (
    heartbeat_seq INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (heartbeat_seq, at)
  ) WITHOUT ROWID;
  CREATE TABLE rollup_marks (              -- buckets are complete before these times
    tier TEXT PRIMARY KEY,                 -- 'hourly' or 'daily'
    complete_until INTEGER NOT NULL
  );
  `,
];

export const historyFileName = 'history.sqlite';
