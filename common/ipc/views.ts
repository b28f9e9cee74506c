// What the window sees of the app's state: plain data crossing the IPC boundary. The token never does; a
// connection only says whether it is signed in.
import type { Domain, Heartbeat, Monitor, NotificationHandler } from '../api/index.ts';
import type { MaintenanceView } from './alerting.ts';
import type { ConnectionKind, SourceItemKind } from './connection-kinds.ts';
import type { ItemKind } from './item-key.ts';

/**
 * What answers at a URL a person typed ("Add a server or source"): the kind, the base URL to save, Kuma's status page,
 * whether a key (or, for `vigil`, a token) is needed and the name the page gives itself; or, when nothing answered as
 * any kind does, every URL asked and one sentence saying what came back, so the person can pick the kind.
 */
export type SourceRecognition =
  | { kind: ConnectionKind; baseUrl: string; page?: string; needsKey: boolean; name?: string }
  | { kind: undefined; tried: string[]; message: string };

/** The tray icon's levels: one icon each (build/generate-icons.ts draws them). */
export const levels = ['ok', 'warning', 'critical', 'unknown', 'offline', 'paused'] as const;
export type Level = (typeof levels)[number];
export type Health = 'ok' | 'warning' | 'critical' | 'unknown';

export interface ConnectionView {
  id: string;
  name: string;
  baseUrl: string;
  kind: 'local' | 'remote';
  /** What answers there: a Vigil server, or a source Vigil only reads. */
  sourceKind: ConnectionKind;
  /** Uptime Kuma read without a key: its status page's slug. */
  page?: string;
  /** Watched (polled) now; a disabled connection is kept with its token but not polled. */
  enabled: boolean;
  /** Never the token itself. `not-kept`: there is none because, with no keychain to use, it lasted only until
   * Vigil last quit (never that the server refused it). */
  auth: 'signed-in' | 'signed-out' | 'not-kept' | 'rejected' | 'expiring';
  tokenExpiresAt?: number;
  /** The extensions the server lists under `GET /capabilities` (`history`, …); empty for a spec-only server,
   * absent until it has been asked. */
  capabilities?: string[];
  /** The server's own trouble, in its words (`GET /capabilities` `problems`), for the window to show. */
  serverProblems?: string[];
  /**
   * This computer only: the address its service has whenever its port is free, present while another program
   * holds that port and the service listens at `baseUrl` instead, so heartbeat ping URLs changed.
   */
  usualBaseUrl?: string;
}

export type { ItemKind };

export interface StatusItemView {
  /** The server item key (`<connectionId>/monitor:42`, common/ipc/item-key.ts). */
  key: string;
  connectionId: string;
  /** The name of its server, for "Work · API". */
  serverName: string;
  kind: ItemKind;
  name: string;
  health: Health;
  state: string;
  detail: string;
  snoozedUntil?: number | 'resumed';
  /** In maintenance now (its own window or its server's): it alerts nothing and does not count toward the level. */
  maintenance?: { until?: number };
  /** Epoch ms a person acknowledged its problem ("I'm on it"): it alerts nothing more until it recovers and does not
   * count toward the level. Present only while it is a problem. */
  acknowledgedAt?: number;
  /** Down because what it depends on is down ("down (router down)"): the parent's server item key and name. */
  cause?: { key: string; name: string };
  /** Changing state too often to alert on each change. */
  flapping?: boolean;
  /** Epoch ms the current state began, when known ("down for 12 min"). */
  since?: number;
  /** The state began before Vigil first saw it, so `since` is a lower bound ("for at least 2 h"). */
  sinceIsLowerBound?: boolean;
  /** An item of a read-only source (kind `source`): what the source calls it, its group there, and its own page there. */
  sourceItem?: { kind: SourceItemKind; group?: string; webUrl?: string };
}

/**
 * An entry of the tray menu: a watched item (a click opens it), a server that cannot be watched right now ("Can't
 * reach Work", "Work: sign in again"; a click opens its settings), or the "and N more" that caps the list.
 */
export type TrayItem =
  | {
      type: 'item';
      /** The server item key. */
      key: string;
      connectionId: string;
      kind: StatusItemView['kind'];
      name: string;
      health: Health;
      /** The state in a word: down, late, expiring, unknown, … */
      state: string;
      detail: string;
      /** "name — detail" ("Work · name — detail" with more than one server), ready for a menu. */
      label: string;
      /** Present when the item is snoozed. */
      snoozedUntil?: number | 'resumed';
      /** Present when the item is in maintenance. */
      maintenance?: { until?: number };
      /** Present when its problem is acknowledged: when it was. */
      acknowledgedAt?: number;
    }
  | { type: 'server'; connectionId: string; situation: Exclude<ConnectionSituation, 'ok' | 'waiting'>; label: string }
  | { type: 'more'; count: number; label: string };

/** How a connection answered its latest poll: with data, not at all, refusing the token, refusing the request as
 * made (it needs the user's attention), or not yet. */
export type ConnectionSituation = 'ok' | 'unreachable' | 'signed-out' | 'setup' | 'waiting';

/** One enabled connection's part of the status: its own situation, roll-up and lists. */
export interface ServerStatusView {
  connection: ConnectionView;
  /** This server's own roll-up; the tray's level is the worst of these. */
  level: Level;
  situation: ConnectionSituation;
  /** Why this server's data is missing or stale, in one sentence, when it is. */
  problem?: string;
  lastSuccessfulPollAt?: number;
  /** A window covers every item of this server now. */
  maintenance?: { until?: number };
  /** When the poll that fetched the lists below began: a change confirmed before then is in them. */
  listsFetchedFrom?: number;
  monitors: Monitor[];
  heartbeats: Heartbeat[];
  domains: Domain[];
}

export interface StatusView {
  /** The worst over every enabled connection (paused while notifications are paused). */
  level: Level;
  tooltip: string;
  /** Every enabled connection, in the settings' order. Disabled ones are listed by `listConnections` only. */
  servers: ServerStatusView[];
  /** Why nothing can be watched at all (no connection set up), when that is so. */
  problem?: string;
  pausedUntil?: number | 'resumed';
  /** Quiet hours now: notifications are held until `until`, then summed up. */
  quiet?: { until?: number };
  /** Maintenance windows that are active or upcoming, on every server, soonest first. */
  maintenance: MaintenanceView[];
  /** Every item of every server, problems worst first, snoozed ones after the rest. */
  items: StatusItemView[];
  /** The tray menu's entries: the servers that cannot be watched, then the problems and snoozed items, capped. */
  trayItems: TrayItem[];
}

export interface AlertView {
  id: string;
  kind: string;
  severity: 'critical' | 'warning' | 'info';
  title: string;
  body: string;
  /** The server item key a click opens. */
  itemKey?: string;
  /** The server it is about; absent for a summary across servers. */
  connectionId?: string;
}

export interface ConnectionTestView {
  ok: boolean;
  /** What the server answered, in one sentence ("3 monitors, 1 heartbeat, 2 domains" or the error). */
  message: string;
}

export type { Domain, Heartbeat, Monitor, NotificationHandler };
