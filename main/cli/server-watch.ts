// One server watched by `vigil watch`: its own poller, alert state and token, as the tray app keeps for each
// connection, so one server's outage, slowness or rejected token never touches another's lines; like the app, it
// follows the server's stream of changes where there is one, so a line comes the moment the server records it.
import { systemClock, type Clock } from '../../common/clock.ts';
import type { Dependency } from '../../common/api/dependencies.ts';
import type { MaintenanceWindow } from '../../common/api/maintenance.ts';
import { localTimeZone } from '../../common/schedule/weekly-schedule.ts';
import { evaluatePoll, initialAlertState, snoozesOn, type Alert, type AlertRules } from '../core/alerts/index.ts';
import { silentLogger } from '../../common/logger.ts';
import { clientErrorInfo } from '../core/api/index.ts';
import { ChangeFollower } from '../core/app/change-follower.ts';
import { serverParents } from '../core/app/server-dependencies.ts';
import { keptWindows, serverWindows } from '../core/maintenance/maintenance-windows.ts';
import { fetchSnapshot } from '../core/poller/fetch-snapshot.ts';
import { Poller } from '../core/poller/poller.ts';
import { tokenExpiresAt } from '../core/secrets/token-expiry.ts';
import { alertPreferencesFrom } from '../core/settings/alert-preferences.ts';
import { alertRulesFrom } from '../core/settings/alert-rules-from-settings.ts';
import type { Settings } from '../core/settings/settings-schema.ts';
import type { ServerConnection } from './server-connection.ts';

export interface ServerWatchOptions {
  server: ServerConnection;
  intervalMs: number;
  /** The real clock unless a test moves its own. */
  clock?: Clock;
  /** Read afresh for every poll, so a snooze or pause set in the app applies at once. */
  settings(): Settings;
  onAlert(alert: Alert, at: number): void;
  /** After each poll's alerts are out (a test moving its own clock waits on it). */
  afterPoll?(): void;
  /** The server rejected the token: this server's watch has stopped (the token cannot change under a running command). */
  onRejected(): void;
}

export class ServerWatch {
  readonly #poller: Poller;
  readonly #changes: ChangeFollower;
  readonly #server: ServerConnection;

  constructor(options: ServerWatchOptions) {
    const { server, clock = systemClock } = options;
    this.#server = server;
    const connection = { id: server.target.connection?.id ?? server.target.baseUrl, name: server.target.name };
    let state = initialAlertState();
    /** The server's windows as last answered: a poll whose windows request failed keeps them. */
    let serverAnswer: MaintenanceWindow[] = [];
    /** What its items depend on as last answered, where it keeps that (else the settings' stand). */
    let serverParentsAnswer: Dependency[] | undefined;
    // As in the app: a server's stream of changes asks for a poll the moment something changes.
    const changes = new ChangeFollower({ client: server.client, clock, logger: silentLogger, name: server.target.name, refresh: () => this.#poller.refreshNow() });
    this.#changes = changes;
    this.#poller = new Poller({
      clock,
      intervalMs: options.intervalMs,
      poll: changes.alongPolls((signal) => fetchSnapshot(server.client, clock, signal, { maintenance: true, dependencies: true })),
      describeError: clientErrorInfo,
      onOutcome: (outcome) => {
        const settings = options.settings();
        const now = clock.now();
        const evaluation = evaluatePoll(state, outcome, {
          connection,
          preferences: alertPreferencesFrom(settings),
          rules: watchRules(settings, connection.id, (serverAnswer = (outcome.ok ? outcome.snapshot.maintenance : undefined) ?? serverAnswer), (serverParentsAnswer = (outcome.ok ? outcome.snapshot.dependencies : undefined) ?? serverParentsAnswer)),
          snoozes: snoozesOn(connection.id, settings.snoozes),
          pausedUntil: settings.pausedUntil,
          tokenExpiresAt: tokenExpiresAt(server.token),
          now,
        });
        state = evaluation.state;
        for (const alert of evaluation.alerts) options.onAlert(alert, now);
        options.afterPoll?.();
        if (state.connection.auth === 'rejected') void this.stop().then(() => options.onRejected());
      },
    });
  }

  start(): void {
    this.#poller.start();
    this.#server.client.getCapabilities().then(
      (capabilities) => {
        if (this.#poller.state !== 'stopped') this.#changes.sync(true, capabilities.extensions);
      },
      // A server that cannot say what it offers is polled, as every server is.
      () => undefined,
    );
  }

  stop(): Promise<void> {
    this.#changes.stop();
    return this.#poller.stop();
  }
}

/**
 * The person's rules as a terminal watch follows them: their delays, dependencies, flapping and per-item choices, and
 * maintenance (the server's windows and the settings'); not quiet hours, which hold desktop notifications, not the
 * lines of someone watching.
 */
function watchRules(settings: Settings, connectionId: string, serverAnswer: readonly MaintenanceWindow[], serverDependencies: readonly Dependency[] | undefined): AlertRules {
  const windows = [...serverWindows(serverAnswer), ...keptWindows(settings.maintenance, connectionId)];
  const awake: Settings = { ...settings, quietHours: { ...settings.quietHours, enabled: false } };
  // A server that keeps dependencies answers them (api-decisions.md §18); for any other the settings' stand.
  const onServer = serverDependencies === undefined ? undefined : serverParents(serverDependencies);
  return alertRulesFrom(awake, connectionId, windows.map((window) => window.rule), localTimeZone(), onServer);
}
