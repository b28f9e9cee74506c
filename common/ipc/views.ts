// What the window sees of the app's state: plain data crossing the IPC boundary. The token never does; a
// connection only says whether it is signed in.
import type { Domain, Heartbeat, Monitor, NotificationHandler } from '../api/index.ts';

/** The tray icon's levels: one icon each (build/generate-icons.ts draws them). */
export const levels = ['ok', 'warning', 'critical', 'unknown', 'offline', 'paused'] as const;
export type Level = (typeof levels)[number];
export type Health = 'ok' | 'warning' | 'critical' | 'unknown';

export interface ConnectionView {
  id: string;
  name: string;
  baseUrl: string;
  kind: 'local' | 'remote';
  active: boolean;
  /** Never the token itself. */
  auth: 'signed-in' | 'signed-out' | 'rejected' | 'expiring';
  tokenExpiresAt?: number;
  /** The extensions the server lists under `GET /capabilities` (`history`, …); empty for a spec-only server,
   * absent until it has been asked. */
  capabilities?: string[];
  /** The server's own trouble, in its words (`GET /capabilities` `problems`), for the window to show. */
  serverProblems?: string[];
}

export type ItemKind = 'monitor' | 'heartbeat' | 'domain';

export interface StatusItemView {
  key: string;
  kind: ItemKind;
  name: string;
  health: Health;
  state: string;
  detail: string;
  snoozedUntil?: number | 'resumed';
  /** Epoch ms the current state began, when known ("down for 12 min"). */
  since?: number;
  /** The state began before Vigil first saw it, so `since` is a lower bound ("for at least 2 h"). */
  sinceIsLowerBound?: boolean;
}

/** An entry of the tray menu: a watched item (a click opens it), or the "and N more" that caps the list. */
export type TrayItem =
  | {
      type: 'item';
      key: string;
      kind: StatusItemView['kind'];
      name: string;
      health: Health;
      /** The state in a word: down, late, expiring, unknown, … */
      state: string;
      detail: string;
      /** "name — detail", ready for a menu. */
      label: string;
      /** Present when the item is snoozed. */
      snoozedUntil?: number | 'resumed';
    }
  | { type: 'more'; count: number; label: string };

/** How the active connection answered its latest poll: with data, not at all, refusing the token, refusing the
 * request as made (it needs the user's attention), or not yet. */
export type ConnectionSituation = 'ok' | 'unreachable' | 'signed-out' | 'setup' | 'waiting';

export interface StatusView {
  level: Level;
  situation: ConnectionSituation;
  tooltip: string;
  connection: ConnectionView | undefined;
  /** Why the level is offline/unknown, in one sentence, when it is. */
  problem?: string;
  lastSuccessfulPollAt?: number;
  /** When the poll that fetched the lists below began: a change confirmed before then is in them. */
  listsFetchedFrom?: number;
  pausedUntil?: number | 'resumed';
  /** Every item, problems worst first, snoozed ones after the rest. */
  items: StatusItemView[];
  /** The tray menu's entries: the problems and snoozed items of `items`, capped. */
  trayItems: TrayItem[];
  monitors: Monitor[];
  heartbeats: Heartbeat[];
  domains: Domain[];
}

export interface AlertView {
  id: string;
  kind: string;
  severity: 'critical' | 'warning' | 'info';
  title: string;
  body: string;
  itemKey?: string;
  connectionId: string;
}

export interface ConnectionTestView {
  ok: boolean;
  /** What the server answered, in one sentence ("3 monitors, 1 heartbeat, 2 domains" or the error). */
  message: string;
}

export type { Domain, Heartbeat, Monitor, NotificationHandler };
