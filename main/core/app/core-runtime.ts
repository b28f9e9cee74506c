// The core's moving parts in one place: one session per enabled connection (followed as the settings change),
// each polling on its own so a slow or failing server never holds up another; local mode; the alert states of
// every connection; Vigil's own record of what it saw; and the core's events, alerts settling across servers on
// the way out. The contract's calls (calls/) act through it.
import { systemClock, type Clock } from '../../../common/clock.ts';
import type { CoreEvent, EventPayload } from '../../../common/ipc/contract.ts';
import type { AboutView } from '../../../common/ipc/settings.ts';
import { isReadOnlySource, SOURCE_KIND_NAMES } from '../../../common/ipc/connection-kinds.ts';
import type { ConnectionView, StatusView } from '../../../common/ipc/views.ts';
import { silentLogger, type Logger } from '../../../common/logger.ts';
import { localTimeZone } from '../../../common/schedule/weekly-schedule.ts';
import { initialAlertState, isItemBad, maintenanceAt, tokenReplaced, type AlertState, type ItemsElsewhere } from '../alerts/index.ts';
import { parseServerItemKey } from '../../../common/ipc/item-key.ts';
import type { GapReason } from '../history/gap-reason.ts';
import { MonitoringClient } from '../api/index.ts';
import { quietFetch } from '../api/quiet-fetch.ts';
import { possessive } from '../api/naming.ts';
import type { ItemAssessment } from '../health/index.ts';
import { HistoryDatabase } from '../history/history-database.ts';
import { PollRecorder } from '../history/poll-recorder.ts';
import { RecordReads } from '../history/record-reads.ts';
import { RecordWrites } from '../history/record-writes.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { withoutAcknowledgements } from '../settings/acknowledgement-settings.ts';
import { alertPreferencesFrom } from '../settings/alert-preferences.ts';
import type { Connection, Settings } from '../settings/settings-schema.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { AlertSettling } from './alert-settling.ts';
import { AlertStateFile } from './alert-state-file.ts';
import { VigilCoreError } from '../calls/call-error.ts';
import { ConnectionSession } from './connection-session.ts';
import { connectionView } from './connection-view.ts';
import { CoreEvents } from './core-events.ts';
import { hostLocale } from './host-locale.ts';
import { LocalMode, localConnectionId, wantsLocalMode } from './local-mode.ts';
import type { LocalServiceLauncher } from './local-service-launcher.ts';
import { QuietNow } from './quiet-now.ts';
import { StatusMemo } from './status-memo.ts';
import { statusView } from './status-view.ts';

export interface VigilCoreOptions {
  settings: SettingsStore;
  /** Folder of `alert-state.json` (the app's userData folder). */
  alertStateDir: string;
  /** Folder of `history.sqlite`, Vigil's own record of what it saw (the app's userData folder). */
  historyDir: string;
  secrets: SecretStore;
  /** Runs the embedded service for local mode; undefined: no local mode. */
  localService: LocalServiceLauncher | undefined;
  /** What the settings window's "About" shows; the shell knows its version, log file and kind. */
  about: AboutView;
  clock?: Clock;
  logger: Logger;
  fetch?: typeof globalThis.fetch;
  /** Told each secret the core reads or saves besides tokens (the SMTP password), so a shell's log can redact it. */
  onSecret?(secret: string): void;
  /** The computer's time zone (IANA), read at most once a minute since the user may travel; tests fix one. */
  timeZone?: () => string;
}

export class CoreRuntime {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly about: AboutView;
  readonly localService: LocalServiceLauncher | undefined;
  readonly onSecret: (secret: string) => void;
  readonly timeZone: () => string;
  readonly #options: VigilCoreOptions;
  readonly #alertFile: AlertStateFile;
  readonly #events: CoreEvents;
  readonly #statusMemo = new StatusMemo();
  readonly #quietNow = new QuietNow();
  readonly #alerts: AlertSettling;
  #alertStates = new Map<string, AlertState>();
  #history: { database: HistoryDatabase; writes: RecordWrites; reads: RecordReads } | undefined;
  /** By connection id: one for each enabled connection once followed. */
  readonly #sessions = new Map<string, ConnectionSession>();
  #localMode: LocalMode | undefined;
  #localProblem: string | undefined;
  /** Where the local service usually listens, while another program holds its port (see LocalMode). */
  #localUsualBaseUrl: string | undefined;
  #phase: 'new' | 'starting' | 'started' | 'stopped' = 'new';
  #starting: Promise<void> | undefined;
  #suspended = false;
  /** Brings the sessions in line with the settings, one change after another. */
  #following: Promise<void> = Promise.resolve();
  #unsubscribe: (() => void) | undefined;

  constructor(options: VigilCoreOptions) {
    this.#options = options;
    this.settings = options.settings;
    this.secrets = options.secrets;
    this.clock = options.clock ?? systemClock;
    this.logger = options.logger;
    this.about = options.about;
    this.localService = options.localService;
    this.onSecret = (secret) => options.onSecret?.(secret);
    this.timeZone = options.timeZone ?? minuteOld(localTimeZone, this.clock);
    this.#alertFile = new AlertStateFile({ directory: options.alertStateDir, logger: options.logger, clock: this.clock });
    this.#events = new CoreEvents(options.logger);
    this.#alerts = new AlertSettling({
      clock: this.clock,
      serverCount: () => enabledConnections(this.settings.read()).length,
      burstLimit: () => alertPreferencesFrom(this.settings.read()).burstLimit,
      emit: (alert) => this.#events.emit('onAlert', alert),
    });
  }

  on<E extends CoreEvent>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.#events.on(event, listener);
  }

  start(): Promise<void> {
    if (this.#phase !== 'new') return this.#starting ?? Promise.resolve();
    this.#phase = 'starting';
    this.#starting = this.#start();
    return this.#starting;
  }

  async #start(): Promise<void> {
    this.#alertStates = this.#alertFile.load();
    const database = new HistoryDatabase({ directory: this.#options.historyDir, logger: this.logger, clock: this.clock });
    this.#history = { database, writes: new RecordWrites(database), reads: new RecordReads(database) };
    this.#unsubscribe = this.settings.onDidChange((next, previous) => this.#settingsChanged(next, previous));
    await this.#startLocalModeIfWanted();
    if (this.#phase !== 'starting') return;
    this.#phase = 'started';
    await this.follow();
  }

  async stop(): Promise<void> {
    if (this.#phase === 'stopped') return;
    this.#phase = 'stopped';
    await this.#starting?.catch(() => undefined);
    this.#unsubscribe?.();
    await this.#following;
    const sessions = [...this.#sessions.values()];
    this.#sessions.clear();
    await Promise.all(sessions.map((session) => session.stop('quit')));
    this.#alerts.flush();
    await this.#localMode?.stop();
    this.#localMode = undefined;
    this.#history?.database.close();
  }

  suspend(): void {
    this.#suspended = true;
    for (const session of this.#sessions.values()) session.suspend();
  }

  resume(): void {
    this.#suspended = false;
    for (const session of this.#sessions.values()) session.resume();
  }

  /** Resolves once a fresh poll of every enabled connection has been handled (at once when there is none). */
  async refreshNow(): Promise<void> {
    await this.#following;
    await Promise.all([...this.#sessions.values()].map((session) => session.refreshNow()));
  }

  /**
   * Resolves once a fresh poll of one enabled connection has been handled; refuses a connection that is not watched
   * (removed, turned off, or not yet followed), saying which.
   */
  async refreshOne(connectionId: string): Promise<void> {
    await this.#following;
    await this.session(connectionId).refreshNow();
  }

  /** Polls one connection without waiting for it: after a change on its server, so the status follows. */
  refreshSoon(connectionId: string): void {
    const session = this.#sessions.get(connectionId);
    session?.refreshNow().catch((error: unknown) => this.logger.error('A refresh failed.', { error: String(error) }));
  }

  status(): StatusView {
    const settings = this.settings.read();
    const now = this.clock.now();
    const warningDays = alertPreferencesFrom(settings).tokenWarningDays;
    const servers = enabledConnections(settings).map((connection) => {
      const session = this.#sessions.get(connection.id);
      const alertState = session?.alertState ?? this.#alertStates.get(connection.id) ?? initialAlertState();
      const rules = session?.alertRules(settings);
      const maintenance = rules === undefined ? undefined : maintenanceAt(rules.maintenance, now);
      return {
        connection: connectionView(connection, {
          token: session?.token,
          alertState,
          warningDays,
          now,
          capabilities: session?.capabilities.current,
          usualBaseUrl: this.#usualBaseUrlOf(connection),
          secretsForSessionOnly: this.secrets.kind === 'memory',
        }),
        outcome: session?.outcome,
        lastSnapshot: session?.lastSnapshot,
        alertState,
        blocker: connection.id === localConnectionId ? this.#localProblem : undefined,
        recorded: (item: ItemAssessment) => session?.recorder?.recordedSince(item),
        maintenance,
        dependencies: rules?.dependencies,
        dependsElsewhere: rules?.dependsElsewhere,
        windows: session?.maintenanceViews(settings, now),
      };
    });
    const quiet = this.#quietNow.at(settings.quietHours, this.timeZone(), now);
    return statusView({ servers, settings, now, quiet, memo: this.#statusMemo, locale: hostLocale() });
  }

  emitStatus(): void {
    if (this.#phase !== 'started') return;
    this.#events.emit('onDidChangeStatus', this.status());
  }

  /** An enabled connection's client, for the pass-through methods; a read-only source has none to offer. */
  client(connectionId: string): MonitoringClient {
    const session = this.session(connectionId);
    const kind = session.connection.sourceKind;
    if (isReadOnlySource(kind)) {
      throw new VigilCoreError(`${session.connection.name} is read through ${possessive(SOURCE_KIND_NAMES[kind])} own API, which Vigil only reads: nothing of it can be created, changed or deleted here.`);
    }
    return session.client;
  }

  /** An enabled connection's session (its client, what its server offers, its latest poll). */
  session(connectionId: string): ConnectionSession {
    const session = this.#sessions.get(connectionId);
    if (session !== undefined) return session;
    const connection = this.settings.read().connections.find((c) => c.id === connectionId);
    if (connection === undefined) throw new VigilCoreError(`There is no connection with the id "${connectionId.slice(0, 100)}".`);
    if (!connection.enabled) throw new VigilCoreError(`${connection.name} is turned off: turn it on in the settings to work with it.`);
    throw new VigilCoreError(`${connection.name} is not being watched yet: try again in a moment.`);
  }

  /** Every enabled connection's session, in no particular order. */
  sessions(): ConnectionSession[] {
    return [...this.#sessions.values()];
  }

  /** Vigil's own record of every connection, once the core has started. */
  record(): RecordReads | undefined {
    return this.#history?.reads;
  }

  /** How the core reaches servers and sources: the injected fetch, else the API client's own. */
  get fetch(): typeof globalThis.fetch {
    return this.#options.fetch ?? quietFetch;
  }

  /** A client for a server that is not (yet) saved, with a token given by the user. */
  clientFor(baseUrl: string, token: string): MonitoringClient {
    const { fetch } = this.#options;
    return new MonitoringClient({ baseUrl, token: () => token, logger: silentLogger, clock: this.clock, ...(fetch === undefined ? {} : { fetch }) });
  }

  async connectionView(connection: Connection, settings: Settings): Promise<ConnectionView> {
    const session = this.#sessions.get(connection.id);
    let token = session?.token;
    if (session === undefined) {
      try {
        token = await this.secrets.get(connection.id);
      } catch (error) {
        this.logger.warn(`The token of ${connection.name} could not be read.`, { error: String(error) });
      }
    }
    return connectionView(connection, {
      token,
      alertState: session?.alertState ?? this.#alertStates.get(connection.id),
      warningDays: alertPreferencesFrom(settings).tokenWarningDays,
      now: this.clock.now(),
      capabilities: session?.capabilities.current,
      usualBaseUrl: this.#usualBaseUrlOf(connection),
      secretsForSessionOnly: this.secrets.kind === 'memory',
    });
  }

  #usualBaseUrlOf(connection: Connection): string | undefined {
    return connection.id === localConnectionId ? this.#localUsualBaseUrl : undefined;
  }

  /** A connection's token was stored: a rejection is lifted, and its session polls again. */
  tokenChanged(connectionId: string, token: string | undefined): void {
    const session = this.#sessions.get(connectionId);
    if (session !== undefined) return session.tokenReplaced(token);
    const state = this.#alertStates.get(connectionId);
    if (state?.connection.auth === 'rejected') this.#saveAlertState(connectionId, tokenReplaced(state));
  }

  /** A removed connection leaves nothing behind: not in the alert state, not in the record, no alert still to tell
   * (its session is gone). */
  forgetConnection(connectionId: string): void {
    this.#alerts.forget(connectionId);
    this.#history?.writes.forget(connectionId);
    this.#alertStates.delete(connectionId);
    try {
      this.#alertFile.remove(connectionId);
    } catch (error) {
      this.logger.error('The alert state could not be saved.', { error: String(error) });
    }
  }

  /** Brings the sessions in line with the settings' enabled connections; resolves once they are. */
  follow(): Promise<void> {
    const synced = this.#following.then(() => this.#syncSessions());
    this.#following = synced.catch((error: unknown) => {
      this.logger.error('Vigil could not follow the connections in the settings.', { error: String(error) });
    });
    return this.#following;
  }

  /** After the last remote connection is removed, local mode takes over as on a first start. */
  async startLocalModeIfWanted(): Promise<void> {
    if (this.#localMode !== undefined || this.#phase !== 'started') return;
    await this.#startLocalModeIfWanted();
  }

  /** The local service reads its config.json and secrets afresh (when local mode runs). */
  async restartLocalService(): Promise<void> {
    await this.#localMode?.restart();
  }

  async #startLocalModeIfWanted(): Promise<void> {
    const launcher = this.localService;
    if (launcher === undefined || this.#localMode !== undefined || !wantsLocalMode(this.settings.read())) return;
    this.#localMode = new LocalMode({
      launcher,
      settings: this.settings,
      secrets: this.secrets,
      clock: this.clock,
      logger: this.logger,
      onToken: (token) => this.tokenChanged(localConnectionId, token),
      onSecret: this.onSecret,
      onProblem: (problem) => {
        this.#localProblem = problem;
        this.emitStatus();
        // Serving again, at the same address as before a restart: poll now rather than show it unreachable until
        // the next poll (a new address starts a new session, which polls at once anyway).
        if (problem === undefined) this.refreshSoon(localConnectionId);
      },
      onUsualAddress: (usualBaseUrl) => {
        this.#localUsualBaseUrl = usualBaseUrl;
        this.emitStatus();
      },
    });
    await this.#localMode.start();
  }

  /** Stops the sessions of connections turned off, removed or changed, and starts those now wanted. */
  async #syncSessions(): Promise<void> {
    if (this.#phase !== 'started') return;
    const wanted = new Map(enabledConnections(this.settings.read()).map((connection) => [connection.id, connection]));
    const stopping: Promise<void>[] = [];
    for (const [id, session] of this.#sessions) {
      const next = wanted.get(id);
      if (next !== undefined && sameConnection(session.connection, next)) continue;
      this.#sessions.delete(id);
      const reason: GapReason = next === undefined ? 'disabled' : 'changed';
      stopping.push(session.stop(reason));
    }
    await Promise.all(stopping);
    const starting: Promise<void>[] = [];
    for (const connection of wanted.values()) {
      if (this.#sessions.has(connection.id) || this.#phase !== 'started') continue;
      const session = this.#newSession(connection);
      this.#sessions.set(connection.id, session);
      if (this.#suspended) session.suspend();
      starting.push(session.start());
    }
    // Each start only reads a token: none waits for another's server.
    await Promise.all(starting);
    if (stopping.length > 0 || starting.length > 0) this.emitStatus();
  }

  /** Every connection's items as its own session knows them: what a parent on another server or source says. */
  readonly #itemsElsewhere: ItemsElsewhere = {
    isBad: (key) => {
      const ref = parseServerItemKey(key);
      const session = ref === undefined ? undefined : this.#sessions.get(ref.connectionId);
      return ref !== undefined && session !== undefined && isItemBad(session.alertState, ref.itemKey);
    },
    name: (key) => {
      const ref = parseServerItemKey(key);
      return ref === undefined ? undefined : this.#sessions.get(ref.connectionId)?.itemName(ref.itemKey);
    },
  };

  #newSession(connection: Connection): ConnectionSession {
    const local = connection.id === localConnectionId ? this.#localMode : undefined;
    return new ConnectionSession({
      connection,
      secrets: this.secrets,
      settings: this.settings,
      clock: this.clock,
      logger: this.logger,
      fetch: this.#options.fetch,
      alertState: this.#alertStates.get(connection.id) ?? initialAlertState(),
      saveAlertState: (state) => this.#saveAlertState(connection.id, state),
      recorder: this.#recorderFor(connection.id),
      onAlert: (alert) => this.#alerts.push(alert, connection.name),
      onChange: () => this.emitStatus(),
      timeZone: this.timeZone,
      endAcknowledgements: (ended) => this.settings.update((current) => withoutAcknowledgements(current, ended)),
      elsewhere: this.#itemsElsewhere,
      ...(local === undefined ? {} : { renewToken: () => local.renewToken(), afterPoll: (token: string | undefined) => local.renewIfDue(token) }),
    });
  }

  #recorderFor(connectionId: string): PollRecorder | undefined {
    const history = this.#history;
    if (history === undefined) return undefined;
    return new PollRecorder({ connectionId, writes: history.writes, clock: this.clock, intervalMs: () => this.settings.read().pollIntervalSeconds * 1000 });
  }

  #saveAlertState(connectionId: string, state: AlertState): void {
    this.#alertStates.set(connectionId, state);
    this.#alertFile.save(connectionId, state);
  }

  #settingsChanged(next: Settings, previous: Settings): void {
    if (next.pollIntervalSeconds !== previous.pollIntervalSeconds) {
      for (const session of this.#sessions.values()) session.setIntervalMs(next.pollIntervalSeconds * 1000);
    }
    void this.follow();
    void this.#rereadSecretsSignedInElsewhere(next, previous);
    this.emitStatus();
  }

  /** `vigil login` gave a connection the app already watches a new token or key (see `signedInAt`). */
  async #rereadSecretsSignedInElsewhere(next: Settings, previous: Settings): Promise<void> {
    const before = new Map(previous.connections.map((connection) => [connection.id, connection.signedInAt]));
    for (const connection of next.connections) {
      if (!before.has(connection.id) || before.get(connection.id) === connection.signedInAt) continue;
      try {
        this.tokenChanged(connection.id, await this.secrets.get(connection.id));
      } catch (error) {
        this.logger.warn(`The token of ${connection.name} could not be read.`, { error: String(error) });
      }
    }
  }
}

/**
 * The computer's time zone, asked of the runtime at most once a minute: asking builds a date formatter (the
 * sessions and the status ask after every poll), while a change of zone (travel) may well wait a minute.
 */
function minuteOld(read: () => string, clock: Clock): () => string {
  let kept: { value: string; at: number } | undefined;
  return () => {
    const now = clock.now();
    if (kept === undefined || now - kept.at >= 60_000 || now < kept.at) kept = { value: read(), at: now };
    return kept.value;
  };
}

/** The connections watched: the enabled ones, in the settings' order. */
export function enabledConnections(settings: Settings): Connection[] {
  return settings.connections.filter((connection) => connection.enabled);
}

function sameConnection(a: Connection, b: Connection): boolean {
  return a.id === b.id && a.baseUrl === b.baseUrl && a.name === b.name;
}
