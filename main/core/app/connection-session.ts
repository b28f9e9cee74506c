// One enabled connection at work (the core runs one per connection, none waiting for another): one Poller, each
// outcome through the alert policy with this connection's own snoozes, the policy's state saved after every poll,
// what the poll saw recorded (history/poll-recorder.ts), and what the server offers asked now and then
// (server-capabilities.ts). Polling runs unless the machine sleeps (suspend) or the server rejected the token; a new
// token (tokenReplaced) lifts the latter. A read-only source (issue 21) is polled through its kind's adapter
// (sources/source-poll.ts) with its API key in the token's place; it offers nothing of the monitoring API, so it is
// never asked for capabilities, changes or windows, and its key is never given to the API client.
import type { Clock } from '../../../common/clock.ts';
import type { MaintenanceView } from '../../../common/ipc/alerting.ts';
import { domainKey, heartbeatKey, monitorKey, serverItemKey, sourceItemKey } from '../../../common/ipc/item-key.ts';
import type { Logger } from '../../../common/logger.ts';
import { MAINTENANCE_EXTENSION, type MaintenanceRule } from '../../../common/maintenance/maintenance.ts';
import { acknowledgementsOn, evaluatePoll, heartbeatsWaiting, maintenanceAt, sessionStartState, snoozesOn, tokenReplaced, type Acknowledgement, type ActiveMaintenance, type Alert, type AlertRules, type AlertState, type ItemsElsewhere } from '../alerts/index.ts';
import { clientErrorInfo, MonitoringClient } from '../api/index.ts';
import type { GapReason } from '../history/gap-reason.ts';
import type { PollRecorder } from '../history/poll-recorder.ts';
import type { PollOutcome, Snapshot } from '../model/snapshot.ts';
import { fetchSnapshot } from '../poller/fetch-snapshot.ts';
import { Poller } from '../poller/poller.ts';
import { SourcePoll, sourcePollMs } from '../sources/source-poll.ts';
import { quietFetch } from '../api/quiet-fetch.ts';
import { isReadOnlySource } from '../../../common/ipc/connection-kinds.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { tokenExpiresAt } from '../secrets/token-expiry.ts';
import { alertPreferencesFrom } from '../settings/alert-preferences.ts';
import type { Connection, Settings } from '../settings/settings-schema.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { keptWindows, maintenanceView, serverWindows, type ConnectionWindow } from '../maintenance/maintenance-windows.ts';
import { AlertRulesMemo } from '../settings/alert-rules-from-settings.ts';
import { ChangeFollower } from './change-follower.ts';
import { keptFieldsOn, withKeptFields } from './kept-fields.ts';
import { ServerCapabilities } from './server-capabilities.ts';
import { ServerDependencies } from './server-dependencies.ts';

export interface ConnectionSessionOptions {
  connection: Connection;
  secrets: SecretStore;
  settings: SettingsStore;
  clock: Clock;
  logger: Logger;
  fetch: typeof globalThis.fetch | undefined;
  /** What the policy remembers of this connection so far. */
  alertState: AlertState;
  /** Persists each new state of the policy. */
  saveAlertState(state: AlertState): void;
  /** Records what each poll saw; undefined: nothing is recorded. */
  recorder: PollRecorder | undefined;
  onAlert(alert: Alert): void;
  /** Something the status shows changed (a poll, the token, polling paused). */
  onChange(): void;
  /** The computer's time zone now (quiet hours are kept in it). */
  timeZone(): string;
  /** Local mode: a fresh token when the saved one was rejected, so the user is never asked to sign in to it. */
  renewToken?: () => Promise<string>;
  /** After each poll, with the token it used (local mode renews ahead of expiry). */
  afterPoll?: (token: string | undefined) => void;
  /**
   * Acknowledgements a poll found over (their item recovered or gone), by server item key: the app takes them out of
   * the settings. Absent (`vigil watch`, which never writes the settings for the app): the session only stops
   * honouring them itself, and the app ends them when it next polls.
   */
  endAcknowledgements?: (ended: readonly Acknowledgement[]) => void;
  /** The other connections' items, for a parent elsewhere; absent (`vigil watch`): such a parent is never down. */
  elsewhere?: ItemsElsewhere;
}

interface RefreshWaiter {
  /** Resolved by the outcome of any poll numbered above this. */
  after: number;
  resolve: () => void;
}

export class ConnectionSession {
  readonly connection: Connection;
  readonly client: MonitoringClient;
  readonly capabilities: ServerCapabilities;
  /** What the items depend on, where the server keeps it (else the settings do). */
  readonly dependencies: ServerDependencies;
  readonly recorder: PollRecorder | undefined;
  /** How a read-only source is polled; undefined for a Vigil server. */
  readonly source: SourcePoll | undefined;
  readonly #options: ConnectionSessionOptions;
  readonly #poller: Poller;
  readonly #changes: ChangeFollower;
  #alertState: AlertState;
  #outcome: PollOutcome | undefined;
  #lastSnapshot: Snapshot | undefined;
  #token: string | undefined;
  #started = false;
  #stopped = false;
  #suspended = false;
  #pollsStarted = 0;
  #waiters: RefreshWaiter[] = [];
  /** One automatic renewal per rejection episode: a renewed token that is rejected too needs the user. */
  #renewedSinceSuccess = false;
  /** The server's maintenance windows as last answered; undefined while it has answered none (it keeps none). */
  #serverWindows: ConnectionWindow[] | undefined;
  /** The server's last answer as text: an unchanged answer keeps the same windows (and so the same rules). */
  #serverAnswer: string | undefined;
  /** When Vigil last started or ended a window on the server: a poll begun before that carries an older list. */
  #windowsChangedAt = -Infinity;
  #windowsMemo: { sources: readonly unknown[]; windows: ConnectionWindow[]; rules: MaintenanceRule[] } | undefined;
  readonly #rulesMemo = new AlertRulesMemo();
  /** Acknowledgements this session saw end (own key → when given), no longer honoured though the settings may still
   * hold them (a watch does not write the settings): a later failure of the item is news again. */
  readonly #endedAcknowledgements = new Map<string, number>();
  #viewsMemo: { windows: readonly ConnectionWindow[]; active: ActiveMaintenance; named: boolean; views: MaintenanceView[] } | undefined;

  constructor(options: ConnectionSessionOptions) {
    this.#options = options;
    this.connection = options.connection;
    // Every session's first poll is a first poll for alerting, even when the state was kept in memory while it was off.
    this.#alertState = sessionStartState(options.alertState);
    this.recorder = options.recorder;
    const { clock, secrets } = options;
    const { sourceKind } = options.connection;
    this.source = isReadOnlySource(sourceKind)
      ? new SourcePoll({ sourceKind, baseUrl: options.connection.baseUrl, page: options.connection.page }, { clock, fetch: options.fetch ?? quietFetch })
      : undefined;
    this.client = new MonitoringClient({
      baseUrl: options.connection.baseUrl,
      // Read afresh for every request, so a replaced token is used at once. A source's key is for its own API only.
      token: this.source === undefined ? async () => (this.#token = await secrets.get(options.connection.id)) : async () => undefined,
      logger: options.logger,
      clock,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
    this.capabilities = new ServerCapabilities({
      client: this.client,
      clock,
      logger: options.logger,
      onChange: () => {
        this.#followChanges();
        options.onChange();
      },
      ...(this.source === undefined ? {} : { fixed: { extensions: [], problems: [] } }),
    });
    this.dependencies = new ServerDependencies({
      connectionId: options.connection.id,
      connectionName: options.connection.name,
      client: this.client,
      capabilities: this.capabilities,
      settings: options.settings,
      clock,
      logger: options.logger,
      onChange: () => options.onChange(),
    });
    this.#changes = new ChangeFollower({
      client: this.client,
      clock,
      logger: options.logger,
      name: options.connection.name,
      refresh: () => {
        if (this.#running()) this.#poller.refreshNow();
      },
    });
    this.#poller = new Poller({
      clock,
      intervalMs: this.#intervalFor(options.settings.read().pollIntervalSeconds * 1000),
      poll: this.#changes.alongPolls(async (signal) => {
        this.#pollsStarted += 1;
        const source = this.source;
        if (source !== undefined) return source.snapshot((this.#token = await secrets.get(options.connection.id)), signal);
        // Until the server has said what it offers, its windows are asked for too: the first poll after a restart
        // during maintenance must already know it.
        const maintenance = this.capabilities.current === undefined || this.keepsMaintenance();
        return fetchSnapshot(this.client, clock, signal, { maintenance, dependencies: this.dependencies.keptByServer() });
      }),
      describeError: clientErrorInfo,
      onOutcome: (outcome) => this.#onOutcome(outcome),
      onOutcomeFailed: (error) => options.logger.error(`Handling a poll of ${options.connection.name} failed; polling goes on.`, { error: messageOf(error) }),
    });
  }

  get alertState(): AlertState {
    return this.#alertState;
  }
  get outcome(): PollOutcome | undefined {
    return this.#outcome;
  }
  get lastSnapshot(): Snapshot | undefined {
    return this.#lastSnapshot;
  }
  /** The token last read from the secret store (for its state and expiry; never shown). */
  get token(): string | undefined {
    return this.#token;
  }

  /** Whether the server keeps this connection's maintenance windows (the extension); else Vigil's settings do. */
  keepsMaintenance(): boolean {
    const offered = this.capabilities.current?.extensions.includes(MAINTENANCE_EXTENSION);
    return offered ?? this.#serverWindows !== undefined;
  }

  /** The connection's maintenance windows (upcoming, active, and ended ones still kept), wherever they are kept. */
  maintenanceWindows(settings: Settings): ConnectionWindow[] {
    return this.#windows(settings).windows;
  }

  /** The active and upcoming windows as the window shows them, kept until one starts or ends. */
  maintenanceViews(settings: Settings, now: number): MaintenanceView[] {
    const { windows, rules } = this.#windows(settings);
    const kept = this.#viewsMemo;
    const active = maintenanceAt(rules, now);
    // Item names come from the server's lists: built again once they first arrive, not on every poll.
    const named = this.#lastSnapshot !== undefined;
    if (kept !== undefined && kept.windows === windows && kept.active === active && kept.named === named) return kept.views;
    const server = { id: this.connection.id, name: this.connection.name };
    const views = windows.flatMap((window) => maintenanceView(window, server, now, (key) => this.itemName(key)) ?? []);
    this.#viewsMemo = { windows, active, named, views };
    return views;
  }

  /** An item's name as the server's last answer has it (by its own key, `monitor:42`). */
  itemName(itemKey: string): string | undefined {
    const snapshot = this.#lastSnapshot;
    if (snapshot === undefined) return undefined;
    if (itemKey.startsWith('monitor')) return snapshot.monitors.find((monitor) => monitorKey(monitor) === itemKey)?.name;
    if (itemKey.startsWith('heartbeat')) return snapshot.heartbeats.find((heartbeat) => heartbeatKey(heartbeat) === itemKey)?.name;
    if (itemKey.startsWith('source')) return snapshot.sourceItems?.find((item) => sourceItemKey(item) === itemKey)?.name;
    return snapshot.domains.find((domain) => domainKey(domain) === itemKey)?.domain;
  }

  /** The person's rules for this connection now, the same object while nothing they come from changed. */
  alertRules(settings: Settings): AlertRules {
    return this.#rulesMemo.rules(settings, this.connection.id, this.#windows(settings).rules, this.#options.timeZone(), this.dependencies.onServer());
  }

  /** A window the server just started or ended, shown at once rather than at the next poll. */
  serverWindowsChanged(change: (windows: ConnectionWindow[]) => ConnectionWindow[]): void {
    this.#serverWindows = change(this.#serverWindows ?? []);
    this.#serverAnswer = undefined;
    this.#windowsChangedAt = this.#options.clock.now();
    this.#options.onChange();
  }

  /**
   * The server's windows (where it keeps them) and Vigil's own for this connection, together: a window Vigil kept
   * before the server offered the extension, or while its capabilities were unknown, still applies and can be ended.
   */
  #windows(settings: Settings): { windows: ConnectionWindow[]; rules: MaintenanceRule[] } {
    // A source's windows are what it says is in maintenance now (source-poll.ts).
    const server = this.keepsMaintenance() || this.source !== undefined ? this.#serverWindows : undefined;
    const sources = [server, settings.maintenance];
    const memo = this.#windowsMemo;
    if (memo !== undefined && memo.sources.every((source, index) => source === sources[index])) return memo;
    const windows = [...(server ?? []), ...keptWindows(settings.maintenance, this.connection.id)];
    this.#windowsMemo = { sources, windows, rules: windows.map((window) => window.rule) };
    return this.#windowsMemo;
  }

  /** The windows a poll brought, unless they are the same as before or older than a change Vigil made since. */
  #serverAnswered(snapshot: Snapshot): void {
    if (snapshot.maintenance === undefined || (snapshot.startedAt ?? snapshot.takenAt) < this.#windowsChangedAt) return;
    const answer = JSON.stringify(snapshot.maintenance);
    if (answer === this.#serverAnswer) return;
    this.#serverAnswer = answer;
    this.#serverWindows = serverWindows(snapshot.maintenance, this.source === undefined ? 'server' : 'source');
  }

  /** Reads the token and starts polling (unless suspended or rejected; call `suspend()` first to start held). */
  async start(): Promise<void> {
    try {
      this.#token = await this.#options.secrets.get(this.connection.id);
    } catch (error) {
      this.#options.logger.warn(`The token of ${this.connection.name} could not be read.`, { error: messageOf(error) });
    }
    if (this.#rejected() && this.#options.renewToken !== undefined) await this.#renew([]);
    this.#started = true;
    this.#sync();
  }

  /** Stops polling for good; the record's stretch of watching ends for `reason` (the app closing, by default). */
  async stop(reason: GapReason = 'quit'): Promise<void> {
    this.#stopped = true;
    this.#changes.stop();
    await this.#poller.stop();
    this.recorder?.stop(reason);
    this.#releaseWaiters();
  }

  /** Resolves once a poll started after this call has been handled (at once when polling is held). */
  refreshNow(): Promise<void> {
    if (!this.#running()) return Promise.resolve();
    const after = this.#pollsStarted;
    const done = new Promise<void>((resolve) => this.#waiters.push({ after, resolve }));
    this.#poller.refreshNow();
    return done;
  }

  suspend(): void {
    this.#suspended = true;
    this.#sync();
    this.recorder?.stop('suspended');
  }

  /** Polls at once: after a suspension the poller resumes, otherwise (network back) it refreshes. */
  resume(): void {
    if (!this.#suspended) {
      if (this.#running()) this.#poller.refreshNow();
      return;
    }
    this.#suspended = false;
    this.#sync();
  }

  setIntervalMs(intervalMs: number): void {
    this.#poller.setIntervalMs(this.#intervalFor(intervalMs));
  }

  /** Vigil's interval, or for a source its kind's pace (`sourcePollMs`). */
  #intervalFor(intervalMs: number): number {
    return this.source === undefined ? intervalMs : sourcePollMs(this.source.adapter, intervalMs);
  }

  /** The connection has a new token: a rejection is lifted and polling resumes at once. */
  tokenReplaced(token: string | undefined): void {
    this.#token = token;
    if (this.#rejected()) {
      this.#setAlertState(tokenReplaced(this.#alertState));
      this.#sync();
    }
    this.#options.onChange();
  }

  #onOutcome(answered: PollOutcome): void {
    const { settings, clock } = this.#options;
    const current = settings.read();
    // What Vigil keeps of the items joins them here, so everything after the poll sees one item.
    const outcome: PollOutcome = answered.ok ? { ok: true, snapshot: withKeptFields(answered.snapshot, keptFieldsOn(current, this.connection.id)) } : answered;
    const token = this.#token;
    if (outcome.ok) {
      this.#serverAnswered(outcome.snapshot);
      this.dependencies.answered(outcome.snapshot);
    }
    const rules = this.alertRules(current);
    const now = clock.now();
    const evaluation = evaluatePoll(this.#alertState, outcome, {
      connection: { id: this.connection.id, name: this.connection.name },
      preferences: alertPreferencesFrom(current),
      rules,
      snoozes: snoozesOn(this.connection.id, current.snoozes),
      acknowledgements: this.#acknowledged(current),
      pausedUntil: current.pausedUntil,
      tokenExpiresAt: token === undefined ? undefined : tokenExpiresAt(token),
      now,
      elsewhere: this.#options.elsewhere,
    });
    this.#outcome = outcome;
    if (outcome.ok) {
      this.#lastSnapshot = outcome.snapshot;
      this.#renewedSinceSuccess = false;
    }
    this.#setAlertState(evaluation.state);
    this.#acknowledgementsEnded(evaluation.acknowledgementsEnded, current);
    this.#record(outcome, evaluation.state, evaluation.changes, current, maintenanceAt(rules.maintenance, now));
    this.capabilities.afterPoll(outcome);
    let alerts = evaluation.alerts;
    if (this.#rejected() && this.#options.renewToken !== undefined && !this.#renewedSinceSuccess) {
      // Told only if the renewal fails: the user has nothing to do when Vigil can fix it itself.
      const held = alerts.filter((alert) => alert.kind === 'sign-in-again');
      alerts = alerts.filter((alert) => alert.kind !== 'sign-in-again');
      void this.#renew(held);
    }
    for (const alert of alerts) this.#options.onAlert(alert);
    this.#sync();
    this.#options.onChange();
    const reported = this.#pollsStarted;
    this.#releaseWaiters((waiter) => waiter.after < reported);
    this.#options.afterPoll?.(token);
  }

  /** The settings' acknowledgements of this connection's items, less those this session saw end. */
  #acknowledged(settings: Settings): Map<string, number> {
    const acknowledged = acknowledgementsOn(this.connection.id, settings.acknowledgements);
    for (const [key, at] of this.#endedAcknowledgements) {
      if (acknowledged.get(key) === at) acknowledged.delete(key);
      // Gone from the settings (the app ended it) or given again since: nothing left to remember.
      else this.#endedAcknowledgements.delete(key);
    }
    return acknowledged;
  }

  #acknowledgementsEnded(keys: readonly string[], settings: Settings): void {
    if (keys.length === 0) return;
    const given = acknowledgementsOn(this.connection.id, settings.acknowledgements);
    const ended: Acknowledgement[] = [];
    for (const key of keys) {
      const at = given.get(key);
      if (at === undefined) continue;
      this.#endedAcknowledgements.set(key, at);
      ended.push({ key: serverItemKey(this.connection.id, key), at });
    }
    if (ended.length === 0 || this.#options.endAcknowledgements === undefined) return;
    try {
      this.#options.endAcknowledgements(ended);
    } catch (error) {
      // This session honours them no more either way; the settings keep them until a session started afresh (the app's
      // next start) finds them over again.
      this.#options.logger.error('Ended acknowledgements could not be removed from the settings.', { error: messageOf(error) });
    }
  }

  /** What the poll saw, its items judged as of the poll (the status re-judges them as time passes). */
  #record(outcome: PollOutcome, state: AlertState, changes: Alert[], settings: Settings, maintenance: ActiveMaintenance): void {
    const { heartbeatGraceSeconds, thresholds } = alertPreferencesFrom(settings);
    this.recorder?.recordPoll(outcome, { graceSeconds: heartbeatGraceSeconds, thresholds, waitingSince: heartbeatsWaiting(state) }, changes, maintenance);
  }

  async #renew(held: Alert[]): Promise<void> {
    const renewToken = this.#options.renewToken;
    if (renewToken === undefined) return;
    this.#renewedSinceSuccess = true;
    try {
      const token = await renewToken();
      this.#options.logger.info(`${this.connection.name} rejected its token; a new one was issued.`);
      if (!this.#stopped) this.tokenReplaced(token);
    } catch (error) {
      this.#options.logger.error(`${this.connection.name} rejected its token, and no new one could be issued.`, { error: messageOf(error) });
      if (!this.#stopped) for (const alert of held) this.#options.onAlert(alert);
    }
  }

  #setAlertState(state: AlertState): void {
    this.#alertState = state;
    try {
      this.#options.saveAlertState(state);
    } catch (error) {
      // The next poll saves again; only a restart in between could repeat news.
      this.#options.logger.error('The alert state could not be saved.', { error: messageOf(error) });
    }
  }

  #rejected(): boolean {
    return this.#alertState.connection.auth === 'rejected';
  }

  #running(): boolean {
    return this.#started && !this.#stopped && !this.#suspended && !this.#rejected();
  }

  /** Brings the poller in line with the session: polling exactly when nothing holds it. */
  #sync(): void {
    if (!this.#started || this.#stopped) return;
    this.#followChanges();
    if (!this.#running()) {
      this.#poller.pause();
      this.#releaseWaiters();
      return;
    }
    if (this.#poller.state === 'stopped') this.#poller.start();
    else this.#poller.resume();
  }

  /** The server's stream of changes is followed while the session polls, where the server offers one. */
  #followChanges(): void {
    this.#changes.sync(this.#started && this.#running(), this.capabilities.current?.extensions);
  }

  /** Whether the server's stream of changes is followed now (tests, diagnostics). */
  get followsChanges(): boolean {
    return this.#changes.following;
  }

  #releaseWaiters(which: (waiter: RefreshWaiter) => boolean = () => true): void {
    const released = this.#waiters.filter(which);
    this.#waiters = this.#waiters.filter((waiter) => !which(waiter));
    for (const waiter of released) waiter.resolve();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
