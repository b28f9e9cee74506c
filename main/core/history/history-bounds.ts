// How long and how much Vigil's own record keeps (docs/client.md): about 60 MB at the very most.
export const HISTORY_BOUNDS = {
  /** Long enough for the 365-day window, with room. */
  retentionDays: 400,
  /** Changes of state, oldest first beyond this (each item's latest is always kept). */
  maxStateRows: 500_000,
  maxEvents: 50_000,
  maxWatchPeriods: 50_000,
  /** How often the record is pruned (on the next poll after this has passed). */
  pruneEveryMs: 3_600_000,
} as const;
