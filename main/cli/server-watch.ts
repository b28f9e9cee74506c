// One server watched by `vigil watch`: the app's own connection session (main/core/app/connection-session.ts), so
// the terminal is told what the tray would be — the same poller, the same stream of changes, the same alert policy
// with the person's rules, maintenance and dependencies — with three differences a terminal asks for: quiet hours
// hold nothing (they keep desktop notifications quiet, not the lines of someone watching), the token is the one the
// command was given (never read from or written to the keychain), and nothing is remembered after it exits (no
// saved alert state, no record). One server's outage, slowness or rejected token never touches another's lines.
import { systemClock, type Clock } from '../../common/clock.ts';
import { silentLogger } from '../../common/logger.ts';
import { localTimeZone } from '../../common/schedule/weekly-schedule.ts';
import { initialAlertState, type Alert } from '../core/alerts/index.ts';
import { ConnectionSession } from '../core/app/connection-session.ts';
import type { SecretStore } from '../core/secrets/secret-store.ts';
import type { Connection, Settings } from '../core/settings/settings-schema.ts';
import type { SettingsStore } from '../core/settings/settings-store.ts';
import type { ServerConnection } from './server-connection.ts';

export interface ServerWatchOptions {
  server: ServerConnection;
  intervalMs: number;
  /** The real clock unless a test moves its own. */
  clock?: Clock;
  /** Read afresh for every poll, so a snooze or pause set in the app applies at once. */
  settings: SettingsStore;
  onAlert(alert: Alert, at: number): void;
  /** After each poll's alerts are out (a test moving its own clock waits on it). */
  afterPoll?(): void;
  /** The server rejected the token: this server's watch has stopped (the token cannot change under a running command). */
  onRejected(): void;
}

export class ServerWatch {
  readonly #session: ConnectionSession;

  constructor(options: ServerWatchOptions) {
    const { server, clock = systemClock } = options;
    const { target } = server;
    // A server named by --base-url alone is watched as a connection of its own, by its address.
    const page = target.page === undefined ? {} : { page: target.page };
    const connection: Connection = target.connection ?? { id: target.baseUrl, name: target.name, baseUrl: target.baseUrl, kind: 'remote', sourceKind: target.sourceKind, ...page, enabled: true };
    let stopping = false;
    const session: ConnectionSession = new ConnectionSession({
      connection,
      secrets: commandToken(connection.id, server.token),
      settings: asWatched(options.settings, options.intervalMs),
      clock,
      logger: silentLogger,
      fetch: undefined,
      alertState: initialAlertState(),
      saveAlertState: () => undefined,
      recorder: undefined,
      onAlert: (alert) => options.onAlert(alert, clock.now()),
      onChange: () => undefined,
      timeZone: localTimeZone,
      afterPoll: () => {
        options.afterPoll?.();
        if (stopping || session.alertState.connection.auth !== 'rejected') return;
        stopping = true;
        void session.stop().then(() => options.onRejected());
      },
    });
    this.#session = session;
  }

  start(): void {
    void this.#session.start();
  }

  stop(): Promise<void> {
    return this.#session.stop();
  }
}

/** The command's token, as the one secret of the watched connection: read, never stored or removed. */
function commandToken(connectionId: string, token: string): SecretStore {
  return {
    kind: 'memory',
    get: async (account) => (account === connectionId ? token : undefined),
    set: async () => undefined,
    delete: async () => false,
  };
}

/**
 * The settings as a watch follows them: the person's rules, snoozes, pause, maintenance and dependencies, read afresh
 * for every poll, at the command's interval and with quiet hours off. Changes (a dependency the settings kept moved
 * onto a server that now keeps them, as the app does) go to the real settings.
 */
function asWatched(store: SettingsStore, intervalMs: number): SettingsStore {
  let seen: Settings | undefined;
  let watched: Settings | undefined;
  return {
    read: () => {
      const current = store.read();
      // The same object while the settings are unchanged, so the session's rules are not built again every poll.
      if (current !== seen || watched === undefined) {
        seen = current;
        watched = { ...current, pollIntervalSeconds: intervalMs / 1000, quietHours: { ...current.quietHours, enabled: false } };
      }
      return watched;
    },
    update: (change) => store.update(change),
    onDidChange: (listener) => store.onDidChange(listener),
  };
}
