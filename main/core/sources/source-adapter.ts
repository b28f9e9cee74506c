// One adapter per source kind, behind one port: what a poll of that kind asks (its paths, its pages, its rate limit)
// through the kind's `SourceRequester`, read into one `SourceReading` by the kind's reader, and how often it may be
// asked. The client core polls every source through this port alone (issue 21, "one adapter per kind").
import type { SourceAddress, SourceRequester } from './source-request.ts';
import type { SourceKind } from '../../../common/ipc/connection-kinds.ts';
import type { SourceReading } from './source-reading.ts';

/** One past result of an item, where the source keeps them (Healthchecks' flips, Gatus' results, Kuma's beats). */
export interface SourceHistoryEntry {
  /** Epoch ms. */
  at: number;
  /** Whether the item was up (a flip to up, a passing result) or not. */
  ok: boolean;
  responseMs?: number;
  /** What the source said of a failure, one line. */
  detail?: string;
  /** A change of state (a Healthchecks flip, a Gatus event, a status page's incident) rather than one check's result. */
  change?: true;
  /** Not up, but degraded rather than down (a status page's minor incident). */
  warning?: true;
}

export interface SourceAdapter {
  readonly kind: SourceKind;
  /** How often a poll goes by default, and the least the kind allows (its manners, its rate limit), in ms. */
  readonly defaultPollMs: number;
  readonly minPollMs: number;
  /**
   * One poll of the source at `address` (its base URL for the items' links, whether a key is set, Kuma's page), asked
   * through `requester`, made for that address: every request the reading needs (each page of a paged list
   * included), read into one reading. Rejects with the requester's `MonitoringClientError` (unreachable,
   * unauthorized, rate-limited with `retryAfterMs`…) or the reader's `SourceShapeError`; never resolves with items it
   * could not read.
   */
  read(requester: SourceRequester, address: SourceAddress, signal?: AbortSignal): Promise<SourceReading>;
  /**
   * Where the source keeps an item's past: newest first. Absent for kinds that keep none Vigil can read; undefined
   * for a source read a way that carries none (Uptime Kuma through its metrics).
   */
  history?(requester: SourceRequester, address: SourceAddress, itemId: string, signal?: AbortSignal): Promise<SourceHistoryEntry[] | undefined>;
}
