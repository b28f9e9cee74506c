// Local mode: the embedded monitoring service on this computer, so a first start shows live data with nothing to
// configure. It keeps the service running (restarted with backoff when it dies, or on request after its settings
// changed), the `local` connection pointed at its current address, and a token for it in the secret store,
// renewed well before it expires. The service's SMTP password goes from the secret store to each start.
import type { Clock, TimerHandle } from '../../../common/clock.ts';
import type { Logger } from '../../../common/logger.ts';
import { tokenExpiresAt } from '../secrets/token-expiry.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { Connection, Settings } from '../settings/settings-schema.ts';
import type { SettingsStore } from '../settings/settings-store.ts';
import { readLocalServicePort, readSmtpPassword, rememberLocalServicePort, smtpPasswordFor, smtpServerOrNone } from './local-service-config.ts';
import type { LocalServiceLauncher, LocalServiceSecrets, RunningLocalService } from './local-service-launcher.ts';

export const localConnectionId = 'local';
export const localConnectionName = 'This computer';

const tokenLifetimeSeconds = 30 * 86_400;
const renewWithinMs = 7 * 86_400_000;
const firstRestartDelayMs = 1_000;
const maxRestartDelayMs = 30_000;
/** A service that ran this long before dying is restarted after the shortest delay again. */
const stableRunMs = 60_000;

/** First start (no remote connection yet), or local mode was in use before. */
export function wantsLocalMode(settings: Settings): boolean {
  return settings.connections.some((c) => c.id === localConnectionId) || !settings.connections.some((c) => c.kind === 'remote');
}

export interface LocalModeOptions {
  launcher: LocalServiceLauncher;
  settings: SettingsStore;
  secrets: SecretStore;
  clock: Clock;
  logger: Logger;
  /** A new token was stored for the local connection. */
  onToken(token: string): void;
  /** The SMTP password was read for a start, so the log can redact it (the service's stderr goes there). */
  onSecret(secret: string): void;
  /** Why the service is not serving right now, in one sentence; undefined once it is. */
  onProblem(problem: string | undefined): void;
  /**
   * The base URL the service has whenever its port is free, while it listens elsewhere (another program holds its
   * port, so ping URLs changed); undefined when it listens where it always does.
   */
  onUsualAddress(usualBaseUrl: string | undefined): void;
}

export class LocalMode {
  readonly #options: LocalModeOptions;
  #running: RunningLocalService | undefined;
  #startedAt = 0;
  #launching: Promise<void> | undefined;
  #renewing: Promise<string> | undefined;
  #restartTimer: TimerHandle | undefined;
  #restartDelayMs = firstRestartDelayMs;
  #stopping = false;
  /** Restarts on request run one after another. */
  #restarting: Promise<void> = Promise.resolve();

  constructor(options: LocalModeOptions) {
    this.#options = options;
  }

  /** Starts the service and sets up its connection; a failure is logged and retried, never thrown. */
  async start(): Promise<void> {
    this.#stopping = false;
    await this.#launch();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#cancelRestart();
    await this.#restarting;
    await this.#launching;
    const running = this.#running;
    this.#running = undefined;
    await running?.stop();
  }

  /** Stops the service and starts it again at once, so it reads its config.json and secrets afresh. */
  restart(): Promise<void> {
    this.#restarting = this.#restarting.then(() => this.#restartOnce());
    return this.#restarting;
  }

  async #restartOnce(): Promise<void> {
    if (this.#stopping) return;
    this.#cancelRestart();
    await this.#launching;
    const running = this.#running;
    // Cleared first, so its exit is not taken for a crash.
    this.#running = undefined;
    await running?.stop();
    this.#restartDelayMs = firstRestartDelayMs;
    if (!this.#stopping) await this.#launch();
  }

  /** A fresh 30-day token, stored and announced. Concurrent calls share one. */
  renewToken(): Promise<string> {
    this.#renewing ??= this.#issueToken().finally(() => (this.#renewing = undefined));
    return this.#renewing;
  }

  /** Renews the token when it has less than 7 days left (or cannot be read as a JWT with an expiry). */
  renewIfDue(token: string | undefined): void {
    if (!this.#isDue(token)) return;
    this.renewToken().catch((error: unknown) => {
      this.#options.logger.error('The token for the local service could not be renewed.', { error: messageOf(error) });
    });
  }

  #isDue(token: string | undefined): boolean {
    const expiresAt = token === undefined ? undefined : tokenExpiresAt(token);
    return expiresAt === undefined || expiresAt - this.#options.clock.now() < renewWithinMs;
  }

  async #issueToken(): Promise<string> {
    const token = await this.#options.launcher.issueToken(tokenLifetimeSeconds);
    await this.#options.secrets.set(localConnectionId, token);
    this.#options.logger.info('A new token for the local service was stored; it is valid for 30 days.');
    this.#options.onToken(token);
    return token;
  }

  #launch(): Promise<void> {
    const launching = this.#launchOnce().finally(() => (this.#launching = undefined));
    this.#launching = launching;
    return launching;
  }

  async #launchOnce(): Promise<void> {
    const { launcher, logger } = this.#options;
    let running: RunningLocalService;
    try {
      running = await launcher.start(await this.#secrets());
    } catch (error) {
      // The launcher's errors are sentences about the service already.
      this.#failed(messageOf(error).replace(/[.!]+$/, ''));
      return;
    }
    if (this.#stopping) {
      await running.stop();
      return;
    }
    this.#running = running;
    this.#startedAt = this.#options.clock.now();
    void running.exited.then((code) => this.#onExit(running, code));
    logger.info(`The local monitoring service listens on ${running.apiUrl}.`);
    try {
      const token = await this.#options.secrets.get(localConnectionId);
      if (this.#isDue(token)) await this.renewToken();
      this.#pointConnectionAt(running.apiUrl);
      this.#options.onUsualAddress(this.#usualAddressBesides(running.apiUrl));
      this.#options.onProblem(undefined);
    } catch (error) {
      // The service runs; without a token or a saved connection it cannot be watched, so say why.
      const problem = `The local monitoring service runs, but Vigil could not set up its connection: ${sentenceBody(error)}`;
      logger.error(problem);
      this.#options.onProblem(`${problem}.`);
    }
  }

  /** A keychain that cannot be read leaves mail off (the service says so), not the whole service. */
  async #secrets(): Promise<LocalServiceSecrets> {
    try {
      const { dataDir } = this.#options.launcher;
      const saved = await readSmtpPassword(this.#options.secrets, dataDir);
      if (saved !== undefined) this.#options.onSecret(saved.password);
      // Only to the server it was saved for: config.json may name another since.
      return { smtpPassword: smtpPasswordFor(saved, smtpServerOrNone(dataDir)) };
    } catch (error) {
      this.#options.logger.warn(`The SMTP password for the local service could not be read: ${sentenceBody(error)}.`);
      return {};
    }
  }

  /**
   * The first start's port is remembered in the service's config.json, so every later start listens there (ping
   * URLs wired into cron jobs keep working); when it could not, the remembered address, for the window to show.
   */
  #usualAddressBesides(apiUrl: string): string | undefined {
    const { dataDir } = this.#options.launcher;
    const current = new URL(apiUrl);
    let usualPort: number | undefined;
    try {
      usualPort = readLocalServicePort(dataDir);
      if (usualPort === undefined) rememberLocalServicePort(dataDir, Number(current.port));
    } catch (error) {
      // The service runs and is watched all the same; only the next start may take another port.
      this.#options.logger.warn(`Vigil could not remember the local monitoring service's port: ${sentenceBody(error)}.`);
      return undefined;
    }
    if (usualPort === undefined) return undefined;
    if (String(usualPort) === current.port) return undefined;
    current.port = String(usualPort);
    return current.href;
  }

  /** The `local` connection with the service's current address (its usual one, unless its port was taken). */
  #pointConnectionAt(apiUrl: string): void {
    this.#options.settings.update((current) => {
      const existing = current.connections.find((c) => c.id === localConnectionId);
      const local: Connection = { id: localConnectionId, name: existing?.name ?? localConnectionName, baseUrl: apiUrl, kind: 'local', sourceKind: 'vigil', enabled: existing?.enabled ?? true };
      const connections = existing ? current.connections.map((c) => (c.id === localConnectionId ? local : c)) : [...current.connections, local];
      return { ...current, connections };
    });
  }

  #onExit(running: RunningLocalService, code: number | string): void {
    if (this.#stopping || this.#running !== running) return;
    this.#running = undefined;
    if (this.#options.clock.now() - this.#startedAt >= stableRunMs) this.#restartDelayMs = firstRestartDelayMs;
    this.#failed(`The local monitoring service stopped unexpectedly (exit ${code})`);
  }

  /** Logs the failure, shows it, and tries again after the backoff delay (1 s doubling to 30 s). */
  #failed(sentence: string): void {
    if (this.#stopping) return;
    const delayMs = this.#restartDelayMs;
    this.#restartDelayMs = Math.min(maxRestartDelayMs, delayMs * 2);
    this.#options.logger.warn(`${sentence}; starting it again in ${delayMs / 1000} s.`);
    this.#options.onProblem(`${sentence}; Vigil is starting it again.`);
    this.#cancelRestart();
    this.#restartTimer = this.#options.clock.setTimer(() => {
      this.#restartTimer = undefined;
      if (!this.#stopping) void this.#launch();
    }, delayMs);
  }

  #cancelRestart(): void {
    if (this.#restartTimer !== undefined) this.#options.clock.clearTimer(this.#restartTimer);
    this.#restartTimer = undefined;
  }
}

/** An error's message without its final full stop, to be placed after a colon. */
function sentenceBody(error: unknown): string {
  const text = messageOf(error).replace(/[.!]+$/, '');
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
