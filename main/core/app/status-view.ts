// The StatusView the window and tray get (pure): each enabled server's own part (its situation, roll-up, problem
// and lists), every item of every server judged by the same rules under its server item key, and the tray model's
// level, tooltip and menu over all of them.
import { serverItemKey } from '../../../common/ipc/item-key.ts';
import type { ConnectionSituation, ConnectionView, ServerStatusView, StatusItemView, StatusView } from '../../../common/ipc/views.ts';
import type { MaintenanceView } from '../../../common/ipc/alerting.ts';
import { acknowledgementsOn, activeSnoozes, isPaused, snoozesOn, type ActiveMaintenance, type AlertState } from '../alerts/index.ts';
import { failureClass, itemDetail, itemName, judgedUntil, type ItemAssessment } from '../health/index.ts';
import { itemSince, type ItemSince, type RecordedSince } from '../history/item-since.ts';
import type { PollOutcome, Snapshot } from '../model/snapshot.ts';
import { alertPreferencesFrom } from '../settings/alert-preferences.ts';
import type { Settings } from '../settings/settings-schema.ts';
import { assessAgain, assessServer, mergeWithValues, rankItems, rankOf, serverTrayOf, setAsideOf, tally, trayModel, type RankedItem, type ServerTray, type ServerTrayInput, type TooltipSituation } from '../tray/index.ts';
import { byWhenItMatters } from '../maintenance/maintenance-windows.ts';
import { causes, parentsMoveWithClock, type CauseOf } from './dependency-causes.ts';
import type { KeptPart, OtherPlaces, PartDependencies, RankBucket, ServerPart, StatusMemo } from './status-memo.ts';

/** One enabled connection as its session sees it now. */
export interface ServerStatusInput {
  connection: ConnectionView;
  /** The latest poll's outcome; undefined before the first poll. */
  outcome: PollOutcome | undefined;
  /** The last successful snapshot, shown while polls fail. */
  lastSnapshot: Snapshot | undefined;
  alertState: AlertState;
  /** What keeps the connection from being polled at all (the local service not running), when something does. */
  blocker?: string | undefined;
  /** What Vigil's record says of an item's current state. */
  recorded?: ((item: ItemAssessment) => RecordedSince | undefined) | undefined;
  /** What is in maintenance now (the same object while that holds), by the server's own item keys. */
  maintenance?: ActiveMaintenance | undefined;
  /** Child → parent, by the server's own item keys (the same object while the settings hold). */
  dependencies?: ReadonlyMap<string, string> | undefined;
  /** Child (by the server's own item key) → a parent on another connection, by server item key. */
  dependsElsewhere?: ReadonlyMap<string, string> | undefined;
  /** The server's active and upcoming maintenance windows. */
  windows?: readonly MaintenanceView[] | undefined;
}

export interface StatusInput {
  /** Every enabled connection, in the settings' order. */
  servers: readonly ServerStatusInput[];
  settings: Settings;
  now: number;
  timeZone?: string;
  /** The computer's locale for the tray's times (`hostLocale`). */
  locale?: string | undefined;
  /** Quiet hours now, when they are on and in force. */
  quiet?: { until?: number } | undefined;
  /** Keeps the parts of servers without news from the previous build (the runtime's); none: all built afresh. */
  memo?: StatusMemo;
}

export function statusView(input: StatusInput): StatusView {
  const { settings, now } = input;
  const preferences = alertPreferencesFrom(settings);
  const { pausedUntil } = settings;
  const byId = new Map(input.servers.map((server) => [server.connection.id, server]));
  const sinceOf = (entry: RankedItem) => itemSince(entry.item, byId.get(entry.server.id)?.recorded?.(entry.item), now, preferences.thresholds);
  const { memo } = input;
  const parts = input.servers.map((server) => {
    const snoozes = snoozesOn(server.connection.id, settings.snoozes);
    const acknowledgements = acknowledgementsOn(server.connection.id, settings.acknowledgements);
    const trayInput: ServerTrayInput = {
      server: { id: server.connection.id, name: server.connection.name, kind: server.connection.sourceKind },
      outcome: server.outcome,
      lastSnapshot: server.lastSnapshot,
      alertState: server.alertState,
      snoozes,
      acknowledgements,
      preferences,
      now,
      blocked: server.blocker !== undefined,
      maintenance: server.maintenance,
    };
    const parents = server.dependencies ?? noDependencies;
    // A cause read from a parent whose state moves with the clock (a heartbeat, a domain) is judged afresh each time.
    const causesMove = parentsMoveWithClock(parents);
    const details: ItemDetails = { dependencies: parents, flapping: flappingKeys(server.alertState.flapping) };
    const build = (kept: KeptPart | undefined): ServerPart => {
      if (kept === undefined || causesMove) return freshPart(trayInput, now, sinceOf, details);
      return kept.setAsideMoved ? setAsideAgain(kept.part, trayInput, now, sinceOf, details) : movedPart(kept.part, trayInput, now, sinceOf, details);
    };
    // Settings are read afresh from the file each time: their words stand for them, not their identity. Snoozes count
    // as those in force now (one ending changes the part); the time itself is the memo's (status-memo.ts).
    const dependencies: PartDependencies = {
      judged: [server.outcome, server.lastSnapshot, server.alertState, server.blocker, server.connection.name, JSON.stringify(preferences), server.dependencies],
      setAside: [JSON.stringify([...activeSnoozes(snoozes, now)]), server.maintenance, JSON.stringify([...acknowledgements])],
    };
    return { server, ...(memo === undefined ? build(undefined) : memo.serverPart(server.connection.id, dependencies, now, build)) };
  });
  memo?.keepOnly(new Set(input.servers.map((server) => server.connection.id)));
  // Every server's items in the order of all lists, merged once for the tray and the window.
  const merged = mergeWithValues(parts.map((part) => ({ ranked: part.tray.ranked, values: part.views })));
  const tray = trayModel({ servers: parts.map((part) => part.tray), pausedUntil, now, sinceOf, ranked: merged.ranked, ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }), locale: input.locale });
  const view: StatusView = {
    level: tray.level,
    tooltip: tray.tooltip,
    servers: parts.map((part) => serverStatus(part.server, part.tray)),
    items: withCausesElsewhere(merged.values, input.servers),
    trayItems: tray.items,
    maintenance: input.servers.flatMap((server) => server.windows ?? []).sort(byWhenItMatters),
  };
  if (input.servers.length === 0) view.problem = 'No connection is watched: add a monitoring server, or turn one on.';
  if (pausedUntil !== undefined && isPaused(pausedUntil, now)) view.pausedUntil = pausedUntil;
  if (input.quiet !== undefined) view.quiet = input.quiet;
  return view;
}

type SinceOf = (entry: RankedItem) => ItemSince | undefined;

/**
 * A child in trouble whose parent on another connection is down says so, as one whose parent is on its own server
 * ("Down (Webhooks down)"). Outside the servers' parts, which know only their own items: the few children with a
 * parent elsewhere are found in the merged list (`items`, made afresh by each build) and their views replaced there.
 */
function withCausesElsewhere(items: StatusItemView[], servers: readonly ServerStatusInput[]): StatusItemView[] {
  const parentOf = new Map<string, string>();
  for (const server of servers) {
    for (const [child, parent] of server.dependsElsewhere ?? []) parentOf.set(serverItemKey(server.connection.id, child), parent);
  }
  if (parentOf.size === 0) return items;
  const parents = new Set(parentOf.values());
  const parentViews = new Map<string, StatusItemView>();
  const children: number[] = [];
  for (const [index, item] of items.entries()) {
    if (parents.has(item.key)) parentViews.set(item.key, item);
    if (parentOf.has(item.key)) children.push(index);
  }
  for (const index of children) {
    const item = items[index] as StatusItemView;
    const parent = parentViews.get(parentOf.get(item.key) ?? '');
    if (parent === undefined || parent.health !== 'critical' || item.health === 'ok' || item.cause !== undefined) continue;
    items[index] = { ...item, cause: { key: parent.key, name: parent.name } };
  }
  return items;
}

/** A server's part built afresh. */
function freshPart(input: ServerTrayInput, now: number, sinceOf: SinceOf, details: ItemDetails): ServerPart {
  return partOf(input, assessServer(input), now, sinceOf, details);
}

/**
 * The part of a server without news once a snooze or a maintenance window has begun or ended: its monitors as judged
 * before, every item ranked and counted again, and a monitor's view kept when the monitor is set aside as before.
 */
function setAsideAgain(kept: ServerPart, input: ServerTrayInput, now: number, sinceOf: SinceOf, details: ItemDetails): ServerPart {
  const before = new Map<ItemAssessment, { entry: RankedItem; view: StatusItemView }>();
  for (const [index, entry] of kept.tray.ranked.entries()) {
    if (entry.item.kind === 'monitor') before.set(entry.item, { entry, view: kept.views[index] as StatusItemView });
  }
  const keptView = (entry: RankedItem) => {
    const earlier = before.get(entry.item);
    return earlier !== undefined && setAsideAlike(earlier.entry, entry) ? earlier.view : undefined;
  };
  return partOf(input, assessServer(input, kept.monitors), now, sinceOf, details, keptView);
}

function setAsideAlike(a: RankedItem, b: RankedItem): boolean {
  return a.snoozedUntil === b.snoozedUntil && a.acknowledgedAt === b.acknowledgedAt && (a.maintenance === undefined) === (b.maintenance === undefined) && a.maintenance?.until === b.maintenance?.until;
}

/**
 * A server's part from its items as judged (monitors first, as the snapshot lists them): counted, ranked and
 * described (`keptView`: a view that still reads the same), its monitors kept by rank with their views and tally for
 * later builds, and its heartbeats' and domains' places with how long each holds.
 */
function partOf(
  input: ServerTrayInput,
  assessments: readonly ItemAssessment[],
  now: number,
  sinceOf: SinceOf,
  details: ItemDetails,
  keptView?: (entry: RankedItem) => StatusItemView | undefined,
): ServerPart {
  const aside = setAsideOf(input);
  const firstOther = assessments.findIndex((item) => item.kind !== 'monitor');
  const monitors = firstOther === -1 ? assessments : assessments.slice(0, firstOther);
  const monitorTally = tally(monitors, aside);
  const ranked = rankItems(assessments, aside, input.server);
  const causeOf = causes(details.dependencies, assessments, input.server.id);
  const views = ranked.map((entry) => keptView?.(entry) ?? statusItem(entry, now, sinceOf(entry), causeOf, details));
  const tray = serverTrayOf(input, tally(assessments.slice(monitors.length), aside, monitorTally), ranked);
  const monitorRanks: RankBucket[] = [];
  const others: OtherPlaces = { ranks: [], positions: [], judgedUntil: [] };
  for (const [index, entry] of ranked.entries()) {
    const rank = rankOf(entry);
    if (entry.item.kind !== 'monitor') {
      others.ranks.push(rank);
      others.positions.push(index);
      others.judgedUntil.push(judgedUntil(entry.item, now));
      continue;
    }
    const bucket = (monitorRanks[rank] ??= { ranked: [], views: [] });
    bucket.ranked.push(entry);
    bucket.views.push(views[index] as StatusItemView);
  }
  return { tray, views, monitors, monitorTally, monitorRanks, others };
}

/**
 * The part of a server without news at another time: its monitors, their ranks, views and tally as kept (none depends
 * on the time); of its heartbeats and domains, those whose judgement or words may have moved by now are judged and
 * described again in their places. When none has, the part is the kept one; when one changes rank, they are all
 * ranked again (`rankedAgain`).
 */
function movedPart(kept: ServerPart, input: ServerTrayInput, now: number, sinceOf: SinceOf, details: ItemDetails): ServerPart {
  const { others } = kept;
  if (others.judgedUntil.every((until) => until > now)) return kept;
  const ranked = kept.tray.ranked.slice();
  const views = kept.views.slice();
  const holds = others.judgedUntil.slice();
  // Every parent is a monitor here (a part whose parents move with the clock is built afresh).
  const causeOf = causes(details.dependencies, kept.monitors, input.server.id);
  for (const [index, position] of others.positions.entries()) {
    if ((holds[index] as number) > now) continue;
    const earlier = ranked[position] as RankedItem;
    const entry: RankedItem = { ...earlier, item: assessAgain(input, earlier.item) };
    if (rankOf(entry) !== others.ranks[index]) return rankedAgain(kept, input, now, sinceOf, details);
    ranked[position] = entry;
    views[position] = statusItem(entry, now, sinceOf(entry), causeOf, details);
    holds[index] = judgedUntil(entry.item, now);
  }
  const otherItems = others.positions.map((position) => (ranked[position] as RankedItem).item);
  const tray = serverTrayOf(input, tally(otherItems, setAsideOf(input), kept.monitorTally), ranked);
  return { ...kept, tray, views, others: { ...others, judgedUntil: holds } };
}

/**
 * The part of a server without news at another time when a heartbeat or a domain has changed rank: its monitors as
 * kept, its heartbeats and domains judged again. A stable sort puts the monitors of a rank before the heartbeats and
 * domains of that rank, so each rank is the kept monitors, then the new others: what `rankItems` gives.
 */
function rankedAgain(kept: ServerPart, input: ServerTrayInput, now: number, sinceOf: SinceOf, details: ItemDetails): ServerPart {
  const assessments = assessServer(input, kept.monitors);
  const aside = setAsideOf(input);
  const otherItems = assessments.slice(kept.monitors.length);
  const others = rankItems(otherItems, aside, input.server);
  const causeOf = causes(details.dependencies, kept.monitors, input.server.id);
  const otherRanks: RankBucket[] = [];
  for (const entry of others) {
    const bucket = (otherRanks[rankOf(entry)] ??= { ranked: [], views: [] });
    bucket.ranked.push(entry);
    bucket.views.push(statusItem(entry, now, sinceOf(entry), causeOf, details));
  }
  const ranked: RankedItem[] = [];
  const views: StatusItemView[] = [];
  const places: OtherPlaces = { ranks: [], positions: [], judgedUntil: [] };
  for (let rank = 0; rank < Math.max(kept.monitorRanks.length, otherRanks.length); rank++) {
    for (const entry of kept.monitorRanks[rank]?.ranked ?? []) ranked.push(entry);
    for (const view of kept.monitorRanks[rank]?.views ?? []) views.push(view);
    const bucket = otherRanks[rank];
    if (bucket === undefined) continue;
    for (const [index, entry] of bucket.ranked.entries()) {
      places.ranks.push(rank);
      places.positions.push(ranked.length);
      places.judgedUntil.push(judgedUntil(entry.item, now));
      ranked.push(entry);
      views.push(bucket.views[index] as StatusItemView);
    }
  }
  const tray = serverTrayOf(input, tally(otherItems, aside, kept.monitorTally), ranked);
  return { ...kept, tray, views, others: places };
}

const situations = { data: 'ok', offline: 'unreachable', 'signed-out': 'signed-out', setup: 'setup', 'not-polled': 'waiting' } as const satisfies Record<
  TooltipSituation,
  ConnectionSituation
>;

function serverStatus(input: ServerStatusInput, tray: ServerTray): ServerStatusView {
  const snapshot = input.outcome?.ok ? input.outcome.snapshot : input.lastSnapshot;
  const view: ServerStatusView = {
    connection: input.connection,
    level: tray.level,
    situation: situations[tray.situation],
    monitors: snapshot?.monitors ?? [],
    heartbeats: snapshot?.heartbeats ?? [],
    domains: snapshot?.domains ?? [],
  };
  const problem = problemOf(input);
  if (problem !== undefined) view.problem = problem;
  if (tray.lastSuccessfulPollAt !== undefined) view.lastSuccessfulPollAt = tray.lastSuccessfulPollAt;
  if (snapshot !== undefined) view.listsFetchedFrom = snapshot.startedAt ?? snapshot.takenAt;
  const everything = input.maintenance?.everything;
  if (everything !== undefined) view.maintenance = everything;
  return view;
}

/** What an item's view says beyond its own state: why it is down (what it depends on) and whether it flaps. */
interface ItemDetails {
  dependencies: ReadonlyMap<string, string>;
  /** The keys of the monitors flapping now. */
  flapping: ReadonlySet<string>;
}

const flappingKept = new WeakMap<AlertState['flapping'], ReadonlySet<string>>();

/**
 * The monitors flapping now, once per alert state's flapping memory: looking each of 10,000 items up in that record
 * (which also holds the recent changes of monitors that are not flapping) cost more than building the whole view.
 */
function flappingKeys(memory: AlertState['flapping']): ReadonlySet<string> {
  let keys = flappingKept.get(memory);
  if (keys === undefined) {
    keys = new Set(Object.entries(memory).flatMap(([key, flap]) => (flap.flappingSince === undefined ? [] : [key])));
    flappingKept.set(memory, keys);
  }
  return keys;
}

const noDependencies: ReadonlyMap<string, string> = new Map();

function statusItem(entry: RankedItem, now: number, since: ItemSince | undefined, causeOf: CauseOf, details: ItemDetails): StatusItemView {
  const { item, server, snoozedUntil, maintenance, acknowledgedAt } = entry;
  const view: StatusItemView = {
    key: serverItemKey(server.id, item.key),
    connectionId: server.id,
    serverName: server.name,
    kind: item.kind,
    name: itemName(item),
    health: item.health,
    state: item.state,
    detail: itemDetail(item, now),
  };
  if (snoozedUntil !== undefined) view.snoozedUntil = snoozedUntil;
  if (maintenance !== undefined) view.maintenance = maintenance;
  if (acknowledgedAt !== undefined) view.acknowledgedAt = acknowledgedAt;
  const cause = causeOf(item);
  if (cause !== undefined) view.cause = cause;
  if (details.flapping.size > 0 && details.flapping.has(item.key)) view.flapping = true;
  if (since !== undefined) {
    view.since = since.since;
    view.sinceIsLowerBound = since.lowerBound;
  }
  if (item.kind === 'source') {
    const { kind, group, webUrl, since: saidSince } = item.item;
    view.sourceItem = { kind, ...(group === undefined ? {} : { group }), ...(webUrl === undefined ? {} : { webUrl }) };
    // The source's own word on when the state began beats what Vigil has seen of it.
    if (saidSince !== undefined) {
      view.since = saidSince;
      view.sinceIsLowerBound = false;
    }
  }
  return view;
}

/** A token lost with the session it was kept for, said as that, never as the server's refusal. */
function tokenNotKept(serverName: string): string {
  return `Vigil could not keep the token for ${serverName}: with no keychain to use, it was kept only until Vigil quit. Enter it again.`;
}

/** Why a server's data is missing or stale, in one sentence, when it is. */
function problemOf(input: ServerStatusInput): string | undefined {
  const { connection, outcome } = input;
  if (input.blocker !== undefined) return input.blocker;
  if (connection.auth === 'not-kept') return tokenNotKept(connection.name);
  if (outcome !== undefined && !outcome.ok && failureClass(outcome.error.kind) !== 'transient') return outcome.error.message;
  if (input.alertState.connection.auth === 'rejected') return `${connection.name} did not accept the saved token: sign in again.`;
  if (outcome === undefined && input.lastSnapshot === undefined) return `Waiting for the first answer from ${connection.name}.`;
  return undefined;
}
