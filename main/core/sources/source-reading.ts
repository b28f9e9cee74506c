// What Vigil reads from a source it watches read-only (issue 21: Uptime Kuma, Healthchecks, Gatus, UptimeRobot,
// Alertmanager, Statuspage and Instatus pages), in one shape whatever the source: each kind's reader
// (`<kind>.ts` beside this file) turns the source's own answer into a `SourceReading`, so the glance, the alerts and
// the command line are written once for all of them. The readers are pure: the answer's parsed JSON (or text) in,
// items and issues out; a bad item is skipped and reported, as the API readers do (common/api/fields.ts), and an
// answer that is not the source's shape at all is a `SourceShapeError` naming the source and what was missing.
import type { Issue } from '../../../common/api/index.ts';
import type { SourceItemKind } from '../../../common/ipc/connection-kinds.ts';

/** How an item stands, as the tray counts it; maintenance, pause and acknowledgement are said in `state`. */
export type SourceHealth = 'ok' | 'warning' | 'critical' | 'unknown';

/**
 * What the source says of the item, in Vigil's words: `up`, `down`, `degraded` (a warning: a status page's degraded
 * performance or partial outage), `pending` (checked, not yet confirmed), `maintenance` (not a problem), `paused`,
 * `new` (never checked or pinged), `late` (a heartbeat past its time, within its grace), `firing` (an alert), and
 * `unknown` (the source gave a status Vigil has no meaning for, or none).
 */
export type SourceState = 'up' | 'down' | 'degraded' | 'pending' | 'maintenance' | 'paused' | 'new' | 'late' | 'firing' | 'unknown';


/** A heartbeat's schedule, as a source that keeps heartbeats (Healthchecks) says it. */
export interface SourceSchedule {
  /** A simple period, in seconds. */
  periodSeconds?: number;
  /** A cron expression (or the source's calendar form), with its time zone (IANA). */
  cron?: string;
  timeZone?: string;
  graceSeconds?: number;
  /** Epoch ms. */
  lastPingAt?: number;
  nextPingAt?: number;
}

/** What the source checks, where it says: enough to show it and to copy the check to this computer. */
export interface SourceTarget {
  /** The source's own type name ("http", "keyword", "port", "ping", "dns"…). */
  type?: string;
  url?: string;
  hostname?: string;
  port?: number;
}

export interface SourceItem {
  /** Stable within the source (Kuma's monitor id, a check's uuid, an alert's fingerprint, a component's id). */
  id: string;
  name: string;
  kind: SourceItemKind;
  health: SourceHealth;
  state: SourceState;
  /** One line in a person's words: "Major outage", "HTTP 503", "Last ping 26 h ago"; never a secret. */
  summary: string;
  /** The group the source shows it in (a status page's group, a Gatus group). */
  group?: string;
  /** Epoch ms of its last change of state, when the source says. */
  since?: number;
  responseMs?: number;
  certificateDaysLeft?: number;
  target?: SourceTarget;
  schedule?: SourceSchedule;
  /** The item's page in the source's own interface, for "Open in …". */
  webUrl?: string;
  /** Alertmanager: the severity label and the other labels, for naming and for rules. */
  labels?: Record<string, string>;
}

/** A status page's incident or maintenance, as the page tells it. */
export interface SourceIncident {
  id: string;
  name: string;
  /** The page's own words: investigating, identified, monitoring, resolved; scheduled, in progress, completed. */
  status: string;
  /** none, minor, major, critical, maintenance. */
  impact: string;
  /** Epoch ms. */
  startedAt?: number;
  /** The newest update's text. */
  latestUpdate?: string;
  /** Ids of the items (components) it names. */
  itemIds: string[];
  webUrl?: string;
}

export interface SourceReading {
  items: SourceItem[];
  /** Open incidents and scheduled maintenance (status pages). */
  incidents?: SourceIncident[];
  /** The page's or instance's own name and address, when it says. */
  title?: string;
  /** What the source sent that Vigil could not use (a bad item skipped, a field dropped). */
  issues: Issue[];
}

/** The answer is not the source's shape at all: nothing in it can be trusted, so nothing is shown as up. */
export class SourceShapeError extends Error {
  override readonly name = 'SourceShapeError';
}
