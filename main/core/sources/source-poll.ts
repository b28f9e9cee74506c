// One poll of a read-only source as a `Snapshot`, so everything after a poll (the alert policy, the record, the tray,
// the status, `vigil status|watch`) handles a source's items as it handles a Vigil server's, written once. The app's
// sessions and the command line both poll a source through this.
import { CONNECTION_KEY, SOURCE_KIND_NAMES, type SourceKind } from '../../../common/ipc/connection-kinds.ts';
import { sourceItemKey } from '../../../common/ipc/item-key.ts';
import type { MaintenanceWindow } from '../../../common/maintenance/maintenance.ts';
import { MonitoringClientError } from '../api/client-error.ts';
import { atSentenceStart } from '../api/naming.ts';
import type { Snapshot } from '../model/snapshot.ts';
import type { SourceAdapter, SourceHistoryEntry } from './source-adapter.ts';
import { sourceAdapters } from './source-adapters.ts';
import { SourceShapeError, type SourceReading } from './source-reading.ts';
import { SourceRequester, type SourceAddress, type SourcePorts } from './source-request.ts';

/** A saved connection's, or the command line's `--kind --base-url`: what a source is. */
export interface SourceConnection {
  sourceKind: SourceKind;
  baseUrl: string;
  /** Uptime Kuma read without a key: its status page's slug. */
  page?: string | undefined;
}

/**
 * How often a source is asked: Vigil's own interval, but never faster than its kind allows (its manners, its rate
 * limit) and never slower than its kind's default (Alertmanager's 15 s: an alert is news while it fires).
 */
export function sourcePollMs(adapter: Pick<SourceAdapter, 'defaultPollMs' | 'minPollMs'>, intervalMs: number): number {
  return Math.max(adapter.minPollMs, Math.min(intervalMs, adapter.defaultPollMs));
}

export class SourcePoll {
  readonly adapter: SourceAdapter;
  readonly #connection: SourceConnection;
  readonly #ports: SourcePorts;
  /** Kept while the key is the same, so its remembered answers (ETag, Last-Modified) and the page path go on. */
  #requester: { key: string | undefined; requester: SourceRequester } | undefined;

  constructor(connection: SourceConnection, ports: SourcePorts) {
    this.#connection = connection;
    this.#ports = ports;
    this.adapter = sourceAdapters(ports.clock)[connection.sourceKind];
  }

  /** The source read now with `key` (the keychain's, read afresh for each poll), as a snapshot. */
  async snapshot(key: string | undefined, signal?: AbortSignal): Promise<Snapshot> {
    const startedAt = this.#ports.clock.now();
    const reading = await this.#ask(key, (requester, address) => this.adapter.read(requester, address, signal));
    return sourceSnapshot(reading, startedAt, this.#ports.clock.now());
  }

  /**
   * What the source keeps of one item's past, newest first, read with `key`; undefined where it keeps none Vigil can
   * read (its kind, or the way it is read).
   */
  async history(key: string | undefined, itemId: string, signal?: AbortSignal): Promise<SourceHistoryEntry[] | undefined> {
    const { adapter } = this;
    if (adapter.history === undefined) return undefined;
    return this.#ask(key, async (requester, address) => adapter.history?.(requester, address, itemId, signal));
  }

  /** One question to the source through its requester, an answer in the wrong shape said as the source's. */
  async #ask<T>(key: string | undefined, question: (requester: SourceRequester, address: SourceAddress) => Promise<T>): Promise<T> {
    const { sourceKind, baseUrl, page } = this.#connection;
    // A key kept for a kind read without one (saved before, or by hand) is not sent: such a kind has nowhere to send it.
    const sentKey = CONNECTION_KEY[sourceKind] === 'none' || key === '' ? undefined : key;
    try {
      return await question(this.#requesterFor(sentKey), { kind: sourceKind, baseUrl, key: sentKey, page });
    } catch (error) {
      if (!(error instanceof SourceShapeError)) throw error;
      // Nothing of an answer in the wrong shape is trusted: the source "cannot tell", in the reader's words.
      throw new MonitoringClientError({ kind: 'protocol-error', message: `${atSentenceStart(SOURCE_KIND_NAMES[sourceKind])} at ${new URL(baseUrl).host} answered something Vigil cannot read: ${error.message}` });
    }
  }

  #requesterFor(key: string | undefined): SourceRequester {
    if (this.#requester !== undefined && this.#requester.key === key) return this.#requester.requester;
    const { sourceKind, baseUrl, page } = this.#connection;
    const requester = new SourceRequester({ kind: sourceKind, baseUrl, key, page }, this.#ports);
    this.#requester = { key, requester };
    return requester;
  }
}

/** A source's reading as a poll's snapshot: its items, its incidents, and what it says is in maintenance as windows. */
export function sourceSnapshot(reading: SourceReading, startedAt: number, takenAt: number): Snapshot {
  const snapshot: Snapshot = { takenAt, startedAt, monitors: [], heartbeats: [], domains: [], issues: reading.issues, sourceItems: reading.items, maintenance: saidMaintenance(reading, takenAt) };
  if (reading.incidents !== undefined) snapshot.incidents = reading.incidents;
  return snapshot;
}

/**
 * What the source says is in maintenance (a Kuma monitor in maintenance, a status page's component under
 * maintenance), as the connection's own maintenance windows: so it alerts nothing, is counted and listed as in
 * maintenance, and is recorded so, by the same rules as a window a person or a Vigil server keeps. Each lasts while
 * the source says so; its start is when the source says the item's state began, else this poll.
 */
function saidMaintenance(reading: SourceReading, takenAt: number): MaintenanceWindow[] {
  const windows: MaintenanceWindow[] = [];
  for (const item of reading.items) {
    if (item.state !== 'maintenance') continue;
    const key = sourceItemKey(item);
    windows.push({ id: `said-${key}`, item: key, item_name: item.name, starts_at: new Date(item.since ?? takenAt).toISOString(), reason: item.summary });
  }
  return windows;
}
