// The shapes of Vigil's own record as the pure history policy reads them (the store turns rows into these).
import type { TimelineSegment } from '../../../common/ipc/history.ts';
import type { Health } from '../../../common/ipc/views.ts';
import type { GapReason } from './gap-reason.ts';

/** `gone`: the item was no longer on the server from then on. */
export type RecordedHealth = Health | 'gone';

/** One change of an item's state, as the poll that first saw it recorded it. */
export interface StateRow {
  since: number;
  health: RecordedHealth;
  state: string;
  /** Domains: the expiry date then (`YYYY-MM-DD`). */
  expiresOn: string | undefined;
  /** In maintenance from then on: drawn as such, and counted neither up nor down, whatever `state` says. */
  maintenance: boolean;
}

/** A stretch of time Vigil was watching a connection: from the first poll of the stretch to its latest. */
export interface WatchPeriod {
  start: number;
  end: number;
  /** Why the stretch ended, when Vigil knew (undefined: it did not, e.g. the app was killed). */
  endReason: GapReason | undefined;
}

/** A piece of a timeline with what it said, for incidents ("connection refused", "expired on 2026-12-01"). */
export interface Segment extends TimelineSegment {
  detail?: string | undefined;
}
