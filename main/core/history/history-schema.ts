// The schema of Vigil's own record (history.sqlite). Each entry runs once, in order, in a transaction; `PRAGMA
// user_version` says how far a file has come. Never edit a released migration: append a new one.
//
// A row per change, never per poll: `states` gets a row when an item's state (or a domain's expiry date) changes,
// `watches` one per stretch of watching (its `ended` moves on with each poll), `events` one per change the alert
// policy tracked.
//
// 2: `states.maintenance`: the item was in maintenance from that row on (a row is written when it goes in or out).
// The state the server gave is kept beside it; rows from before the column read as not in maintenance.
export const historyMigrations: readonly string[] = [
  `
  CREATE TABLE items (
    seq INTEGER PRIMARY KEY,
    connection_id TEXT NOT NULL,
    item_key TEXT NOT NULL,
    kind TEXT NOT NULL,                    -- monitor | heartbeat | domain
    name TEXT NOT NULL,
    UNIQUE (connection_id, item_key)
  );
  CREATE TABLE states (
    item_seq INTEGER NOT NULL REFERENCES items(seq) ON DELETE CASCADE,
    since INTEGER NOT NULL,                -- epoch ms of the poll that first saw it
    health TEXT NOT NULL,                  -- ok | warning | critical | unknown | gone (no longer on the server)
    state TEXT NOT NULL,                   -- up, down, late, expiring, …
    expires_on TEXT                        -- domains: the expiry date then
  );
  CREATE INDEX states_by_item ON states(item_seq, since);
  CREATE TABLE watches (
    seq INTEGER PRIMARY KEY,
    connection_id TEXT NOT NULL,
    started INTEGER NOT NULL,              -- epoch ms of the first poll of the stretch
    ended INTEGER NOT NULL,                -- epoch ms of its latest poll
    end_reason TEXT                        -- why it ended, when Vigil knew (gap-reason.ts); NULL: it did not
  );
  CREATE INDEX watches_by_connection ON watches(connection_id, started);
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY,
    connection_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    item_key TEXT,
    kind TEXT NOT NULL,                    -- the alert kind (monitor-down, connection-lost, …)
    severity TEXT NOT NULL,
    title TEXT NOT NULL
  );
  CREATE INDEX events_by_time ON events(at);
  CREATE INDEX events_by_connection ON events(connection_id, at);
  `,
  `
  ALTER TABLE states ADD COLUMN maintenance INTEGER NOT NULL DEFAULT 0;
  `,
];
