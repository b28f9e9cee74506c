// One server watched by `vigil watch`: its own poller, alert state and token, as the tray app keeps for each
// connection, so one server's outage, slowness or rejected token never touches another's lines.
import { systemClock } from '../../../common/clock.ts';
import type { MaintenanceWindow } from '../../../common/api/maintenance.ts';
import { localTimeZone } from '../../../common/schedule/weekly-schedule.ts';
import { evaluatePoll, initialAlertState, snoozesOn, type Alert, type AlertRules } from '../alerts/index.ts';
import { clientErrorInfo } from '../api/index.ts';
import { keptWindows, serverWindows } from '../maintenance/maintenance-windows.ts';
import { fetchSnapshot } from '../poller/fetch-snapshot.ts';
import { Poller } from '../poller/poller.ts';
import { tokenExpiresAt } from '../secrets/token-expiry.ts';
import { alertPreferencesFrom } from '../settings/alert-preferences.ts';
import { alertRulesFrom } from '../settings/alert-rules-from-settings.ts';
import type { Settings } from '../settings/settings-schema.ts';
import type { ServerConnection } from './server-connection.ts';

export interface ServerWatchOptions {
  server: ServerConnection;
  intervalMs: number;
  /** Read afresh for every poll, so a snooze or pause set in the app applies at once. */
  settings(): Settings;
  onAlert(alert: Alert, at: number): void;
  /** The server rejected the token: this server's watch has stopped (the token cannot change under a running command). */
  onRejected(): void;
}

export class ServerWatch {
  readonly #poller: Poller;

  constructor(options: ServerWatchOptions) {
    const { server } = options;
    const connection = { id: server.target.connection?.id ?? server.target.baseUrl, name: server.target.name };
    let state = initialAlertState();
    /** The server's windows as last answered: a poll whose windows request failed keeps them. */
    let serverAnswer: MaintenanceWindow[] = [];
    this.#poller = new Poller({
      clock: systemClock,
      intervalMs: options.intervalMs,
      poll: (signal) => fetchSnapshot(server.client, systemClock, signal, { maintenance: true }),
      describeError: clientErrorInfo,
      onOutcome: (outcome) => {
        const settings = options.settings();
        const now = systemClock.now();
        const evaluation = evaluatePoll(state, outcome, {
          connection,
          preferences: alertPreferencesFrom(settings),
          rules: watchRules(settings, connection.id, (serverAnswer = (outcome.ok ? outcome.snapshot.maintenance : undefined) ?? serverAnswer)),
          snoozes: snoozesOn(connection.id, settings.snoozes),
          pausedUntil: settings.pausedUntil,
          tokenExpiresAt: tokenExpiresAt(server.token),
          now,
        });
        state = evaluation.state;
        for (const alert of evaluation.alerts) options.onAlert(alert, now);
        if (state.connection.auth === 'rejected') void this.stop().then(() => options.onRejected());
      },
    });
  }

  start(): void {
    this.#poller.start();
  }

  stop(): Promise<void> {
    return this.#poller.stop();
  }
}

/**
 * The person's rules as a terminal watch follows them: their delays, dependencies, flapping and per-item choices, and
 * maintenance (the server's windows and the settings'); not quiet hours, which hold desktop notifications, not the
 * lines of someone watching.
 */
function watchRules(settings: Settings, connectionId: string, serverAnswer: readonly MaintenanceWindow[]): AlertRules {
  const windows = [...serverWindows(serverAnswer), ...keptWindows(settings.maintenance, connectionId)];
  const awake: Settings = { ...settings, quietHours: { ...settings.quietHours, enabled: false } };
  return alertRulesFrom(awake, connectionId, windows.map((window) => window.rule), localTimeZone());
}
