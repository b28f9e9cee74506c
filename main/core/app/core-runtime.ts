// The core's moving parts in one place: the session of the active connection (followed as the settings
// change), local mode, the alert states of every connection, Vigil's own record of what it saw, and the core's
// events. The contract's calls (calls/) act through it.
import { systemClock, type Clock } from '../../../common/clock.ts';
import type { CoreEvent, EventPayload } from '../../../common/ipc/contract.ts';
import type { AboutView } from '../../../common/ipc/settings.ts';
import type { ConnectionView, StatusView } from '../../../common/ipc/views.ts';
import { silentLogger, type Logger } from '../../../common/logger.ts';
import { initialAlertState, tokenReplaced, type AlertState } from '../alerts/index.ts';
import { MonitoringClient } from '../api/index.ts';
import { HistoryDatabase } from '../history/history-database.ts';
import { PollRecorder } from '../history/poll-recorder.ts';
import { RecordReads } from '../history/record-reads.ts';
import { RecordWrites } from '../history/record-writes.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import { alertPreferencesFrom } from '../settings/alert-preferences.ts';
import type { Connection, Settings } from '../settings/settings-schema.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { AlertStateFile } from './alert-state-file.ts';
import { VigilCoreError } from '../calls/call-error.ts';
import { ConnectionSession } from './connection-session.ts';
import { connectionView } from './connection-view.ts';
import { CoreEvents } from './core-events.ts';
import { LocalMode, localConnectionId, wantsLocalMode } from './local-mode.ts';
import type { LocalServiceLauncher } from './local-service-launcher.ts';
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
}

export class CoreRuntime {
  readonly settings: SettingsStore;
  readonly secrets: SecretStore;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly about: AboutView;
  readonly localService: LocalServiceLauncher | undefined;
  readonly onSecret: (secret: string) => void;
  readonly #options: VigilCoreOptions;
  readonly #alertFile: AlertStateFile;
  readonly #events: CoreEvents;
  #alertStates = new Map<string, AlertState>();
  #history: { database: HistoryDatabase; writes: RecordWrites; reads: RecordReads } | undefined;
  #session: ConnectionSession | undefined;
  #localMode: LocalMode | undefined;
  #localProblem: string | undefined;
  #phase: 'new' | 'starting' | 'started' | 'stopped' = 'new';
  #starting: Promise<void> | undefined;
  #suspended = false;
  /** Session switches run one after another. */
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
    this.#alertFile = new AlertStateFile({ directory: options.alertStateDir, logger: options.logger, clock: this.clock });
    this.#events = new CoreEvents(options.logger);
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
    this.#ensureActiveConnection();
    this.#phase = 'started';
    await this.follow();
  }

  async stop(): Promise<void> {
    if (this.#phase === 'stopped') return;
    this.#phase = 'stopped';
    await this.#starting?.catch(() => undefined);
    this.#unsubscribe?.();
    await this.#following;
    const session = this.#session;
    this.#session = undefined;
    await session?.stop('quit');
    await this.#localMode?.stop();
    this.#localMode = undefined;
    this.#history?.database.close();
  }

  suspend(): void {
    this.#suspended = true;
    this.#session?.suspend();
  }

  resume(): void {
    this.#suspended = false;
    this.#session?.resume();
  }

  /** Resolves once a fresh poll of the active connection has been handled (at once when there is none). */
  async refreshNow(): Promise<void> {
    await this.#following;
    await this.#session?.refreshNow();
  }

  /** Starts a poll without waiting for it: after a change, so the status follows. */
  refreshSoon(): void {
    this.refreshNow().catch((error: unknown) => this.logger.error('A refresh failed.', { error: String(error) }));
  }

  status(): StatusView {
    const settings = this.settings.read();
    const session = this.#session;
    const now = this.clock.now();
    const connection =
      session === undefined
        ? undefined
        : connectionView(session.connection, {
            activeConnectionId: settings.activeConnectionId,
            token: session.token,
            alertState: session.alertState,
            warningDays: alertPreferencesFrom(settings).tokenWarningDays,
            now,
            capabilities: session.capabilities.current,
          });
    return statusView({
      connection,
      outcome: session?.outcome,
      lastSnapshot: session?.lastSnapshot,
      alertState: session?.alertState ?? initialAlertState(),
      settings,
      now,
      blocker: session?.connection.id === localConnectionId ? this.#localProblem : undefined,
      recorded: (item) => session?.recorder?.recordedSince(item),
    });
  }

  emitStatus(): void {
    if (this.#phase !== 'started') return;
    this.#events.emit('onDidChangeStatus', this.status());
  }

  /** The active connection's client, for the pass-through methods. */
  client(): MonitoringClient {
    return this.session().client;
  }

  /** The active connection's session (its client, what its server offers, its latest poll). */
  session(): ConnectionSession {
    const session = this.#session;
    if (session === undefined) throw new VigilCoreError('No connection is active: add a monitoring server or choose one first.');
    return session;
  }

  /** The active connection's session, when there is one. */
  currentSession(): ConnectionSession | undefined {
    return this.#session;
  }

  /** Vigil's own record of every connection, once the core has started. */
  record(): RecordReads | undefined {
    return this.#history?.reads;
  }

  /** A client for a server that is not (yet) saved, with a token given by the user. */
  clientFor(baseUrl: string, token: string): MonitoringClient {
    const { fetch } = this.#options;
    return new MonitoringClient({ baseUrl, token: () => token, logger: silentLogger, clock: this.clock, ...(fetch === undefined ? {} : { fetch }) });
  }

  async connectionView(connection: Connection, settings: Settings): Promise<ConnectionView> {
    const session = this.#session?.connection.id === connection.id ? this.#session : undefined;
    let token = session?.token;
    if (session === undefined) {
      try {
        token = await this.secrets.get(connection.id);
      } catch (error) {
        this.logger.warn(`The token of ${connection.name} could not be read.`, { error: String(error) });
      }
    }
    return connectionView(connection, {
      activeConnectionId: settings.activeConnectionId,
      token,
      alertState: session?.alertState ?? this.#alertStates.get(connection.id),
      warningDays: alertPreferencesFrom(settings).tokenWarningDays,
      now: this.clock.now(),
      capabilities: session?.capabilities.current,
    });
  }

  /** A connection's token was stored: a rejection is lifted, and the active connection polls again. */
  tokenChanged(connectionId: string, token: string): void {
    const session = this.#session;
    if (session?.connection.id === connectionId) return session.tokenReplaced(token);
    const state = this.#alertStates.get(connectionId);
    if (state?.connection.auth === 'rejected') this.#saveAlertState(connectionId, tokenReplaced(state));
  }

  /** A removed connection leaves nothing behind: not in the alert state, not in the record. */
  forgetConnection(connectionId: string): void {
    this.#history?.writes.forget(connectionId);
    this.#alertStates.delete(connectionId);
    try {
      this.#alertFile.remove(connectionId);
    } catch (error) {
      this.logger.error('The alert state could not be saved.', { error: String(error) });
    }
  }

  /** Brings the session in line with the settings' active connection; resolves once it has. */
  follow(): Promise<void> {
    const switched = this.#following.then(() => this.#switchSession());
    this.#following = switched.catch((error: unknown) => {
      this.logger.error('Vigil could not switch to the active connection.', { error: String(error) });
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
      },
    });
    await this.#localMode.start();
  }

  async #switchSession(): Promise<void> {
    if (this.#phase !== 'started') return;
    const settings = this.settings.read();
    const wanted = settings.connections.find((c) => c.id === settings.activeConnectionId);
    const current = this.#session;
    if (current !== undefined && wanted !== undefined && sameConnection(current.connection, wanted)) return;
    if (current === undefined && wanted === undefined) return;
    this.#session = undefined;
    await current?.stop('switched');
    if (wanted !== undefined && this.#phase === 'started') {
      const session = this.#newSession(wanted);
      this.#session = session;
      if (this.#suspended) session.suspend();
      await session.start();
    }
    this.emitStatus();
  }

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
      onAlert: (alert) => this.#events.emit('onAlert', alert),
      onChange: () => this.emitStatus(),
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
    if (next.pollIntervalSeconds !== previous.pollIntervalSeconds) this.#session?.setIntervalMs(next.pollIntervalSeconds * 1000);
    void this.follow();
    this.emitStatus();
  }

  /** Settings with connections but none active (an older file, a hand edit): the local one, else the first. */
  #ensureActiveConnection(): void {
    const { connections, activeConnectionId } = this.settings.read();
    if (activeConnectionId !== undefined || connections.length === 0) return;
    const chosen = connections.find((c) => c.id === localConnectionId) ?? connections[0];
    if (chosen !== undefined) this.settings.update((current) => ({ ...current, activeConnectionId: chosen.id }));
  }
}

function sameConnection(a: Connection, b: Connection): boolean {
  return a.id === b.id && a.baseUrl === b.baseUrl && a.name === b.name;
}
