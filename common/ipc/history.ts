// History as the window sees it: one item's page, the events feed, the list's 24-hour bars, and the files of
// "your data out and in". Plain data; the core builds it from the server's history where the server keeps one
// (the history extension) and from its own record of what it saw otherwise (main/core/history/).
import type { HistoryWindow } from '../api/history.ts';
import type { ItemAnnotation } from '../api/item-fields.ts';
import type { Health, ItemKind, StatusItemView } from './views.ts';

export type { HistoryWindow };

/** The windows the item page offers (its uptime figures are for the first four). */
export const ITEM_PAGE_WINDOWS = ['24h', '7d', '30d', '90d', '365d'] as const satisfies readonly HistoryWindow[];
export type ItemPageWindow = (typeof ITEM_PAGE_WINDOWS)[number];

/** Whose record a figure comes from: the server's (it watched all along), or Vigil's own (only while it watched). */
export type HistorySource = 'server' | 'client';

export interface UptimeView {
  window: HistoryWindow;
  /** up ÷ (up + down), 0..1; undefined when nothing in the window was observed. */
  uptime: number | undefined;
  upSeconds: number;
  downSeconds: number;
  /**
   * Time nobody watched while the item existed (Vigil closed or asleep, the server unreachable or stopped); the
   * time before it was created is no part of any figure.
   */
  unknownSeconds: number;
  /** Time in maintenance: counted neither up nor down, so it leaves `uptime` alone. */
  maintenanceSeconds: number;
  /** Epoch ms: the item was created within the window, and the figure counts from then ("since 13:38 (3 min)"). */
  sinceCreation: number | undefined;
  source: HistorySource;
}

/**
 * A stretch of the status timeline. `gap`: nobody was watching, drawn as such and never counted as up. `state` is
 * the word the window shows ("up", "down", "late", "expiring", "not watching").
 */
export interface TimelineSegment {
  from: number;
  to: number;
  health: Health | 'gap' | 'maintenance';
  state: string;
}

export interface ResponseTimePoint {
  /** Epoch ms, the start of the point's step. */
  at: number;
  checks: number;
  failed: number;
  avgMs: number | undefined;
  p95Ms: number | undefined;
  maxMs: number | undefined;
}

export interface Incident {
  /** Epoch ms. */
  start: number;
  /** Undefined while it lasts. */
  end: number | undefined;
  /** What it said: the first failure's error, "late", "expired on 2026-12-01". */
  detail: string;
}

export interface CheckView {
  at: number;
  status: 'up' | 'down';
  responseTimeMs: number | undefined;
  /** On a failed check only. */
  error: string | undefined;
}

/** Something that happened, for the feed and an item's page. */
export interface HistoryEventView {
  /** Unique within the answer; stable across calls. */
  id: string;
  at: number;
  connectionId: string;
  /** The name of its server, for a feed that spans several. */
  serverName: string;
  /**
   * The server item key of the item it is about; absent for the server's or Vigil's own starts and stops, and on a
   * turned-off server's events (its item pages open only once it is turned back on): such an event has no link.
   */
  itemKey: string | undefined;
  kind: ItemKind | 'service' | 'vigil' | 'maintenance';
  /** One sentence: "API went down: connection refused", "The server stopped", "Vigil was not watching". */
  title: string;
  health: Health;
  source: HistorySource;
}

/** The item as the status shows it now (its key, server, kind, name, health and state), with its history. */
export interface ItemHistoryView extends Pick<StatusItemView, 'key' | 'connectionId' | 'serverName' | 'kind' | 'name' | 'health' | 'state'> {
  /** Epoch ms the current state began, when known. */
  since: number | undefined;
  /** The state began before Vigil first saw it: `since` is when it was first seen ("for at least 2 h"). */
  sinceIsLowerBound: boolean;
  window: ItemPageWindow;
  /** The window's bounds, epoch ms. */
  from: number;
  to: number;
  /**
   * Epoch ms, when its server says when it was created. The timeline starts at the later of this and `from`
   * (`livedPart`, common/api/item-lifetime.ts): a younger item's page shows its life, not a window mostly before it.
   */
  createdAt: number | undefined;
  /** Where the timeline and incidents of this window come from. */
  source: HistorySource;
  /** Whose history `server` is for a read-only source, as a sentence names it ("Healthchecks", "the status page"); absent for a Vigil server. */
  historyOwner?: string;
  /** 24 h, 7 d, 30 d and 90 d. */
  uptime: UptimeView[];
  timeline: TimelineSegment[];
  /** Monitors on a server with history: average and 95th percentile per step; undefined otherwise. */
  responseTimes: { stepSeconds: number; points: ResponseTimePoint[] } | undefined;
  incidents: Incident[];
  /** Monitors on a server with history: the latest checks, newest first (more with `listChecks`). */
  checks: CheckView[] | undefined;
  /** Heartbeats: the latest pings, newest first (epoch ms). */
  pings: number[] | undefined;
  /** Domains: the expiry date as the server last gave it (`YYYY-MM-DD`). */
  expiresOn: string | undefined;
  events: HistoryEventView[];
  /** Sentences about what this page cannot show, e.g. that the server keeps no history. */
  notes: string[];
  /** What a person wrote about the item (its annotations, common/api/item-fields.ts), in its table's order. */
  annotations: ItemAnnotation[];
}

/** The monitors list's history columns: 24-hour uptime and a status bar per monitor, by item key. */
export interface ListHistoryView {
  /** The bars' slots cover [from, to] in equal steps. */
  from: number;
  to: number;
  slotCount: number;
  /**
   * By server item key, every enabled server's monitors. `firstSlot`: the slot the monitor was created in (absent
   * or 0 when it is older than the window); the slots before it are no part of its history, drawn as nothing.
   */
  items: Record<string, { uptime: number | undefined; slots: string; firstSlot?: number; source: HistorySource }>;
}

/** A file the window offers to save. */
export interface ExportFile {
  fileName: string;
  mimeType: string;
  text: string;
}

export type ConfigurationKind = 'monitor' | 'heartbeat' | 'domain' | 'handler';

/** What an import did, or would do (`dryRun`). It stops at the first server error, with nothing half-made. */
export interface ImportReport {
  dryRun: boolean;
  /**
   * `target`: where it points (a monitor's address, a handler's destination), so an import is seen before it is made;
   * `notKept`: one sentence on the settings of the file the server does not keep (an extension it does not offer, a
   * secret header's value the file holds only masked); `pingUrl`: a heartbeat's address for its job to ping, once made.
   */
  created: { kind: ConfigurationKind; name: string; target?: string | undefined; notKept?: string | undefined; pingUrl?: string | undefined }[];
  skipped: { kind: ConfigurationKind; name: string; reason: string }[];
  /** The server's refusal that stopped the import, if one did. */
  failed: { kind: ConfigurationKind; name: string; message: string } | undefined;
}
