// What the client commands share: the settings file, the OS keychain, and the token a server is reached with.
// Opened lazily, so `status` with VIGIL_TOKEN and --base-url never touches the keychain.
import { randomUUID } from 'node:crypto';
import { CliError } from '../../common/cli/cli-error.ts';
import type { Logger } from '../../common/logger.ts';
import { openSecretStore } from '../core/secrets/open-secret-store.ts';
import { KeychainUnavailableError, keychainName, type SecretStore } from '../core/secrets/secret-store.ts';
import { nodeLocalServiceLauncher } from '../core/app/local-service-launcher.ts';
import { defaultSettingsDir, localServiceDataDir } from '../core/settings/settings-dir.ts';
import { withConnection } from '../core/settings/connection-settings.ts';
import type { Connection } from '../core/settings/settings-schema.ts';
import { FileSettingsStore } from '../core/settings/settings-store.ts';
import { CONNECTION_KEY, isReadOnlySource } from '../../common/ipc/connection-kinds.ts';
import { cannotTell } from './exit-codes.ts';
import { chooseOneServer, chooseServers, hostOf, type ServerChoice, type Target } from './server-choice.ts';

/** Long enough for `watch` to poll through a night, short enough that a token left in a shell history is stale. */
const localTokenLifetimeSeconds = 24 * 3_600;

export class CliEnvironment {
  readonly #logger: Logger;
  #settings: FileSettingsStore | undefined;
  #secrets: Promise<SecretStore> | undefined;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  get settings(): FileSettingsStore {
    this.#settings ??= new FileSettingsStore({ directory: defaultSettingsDir(), logger: this.#logger });
    return this.#settings;
  }

  /** Opened once however many servers ask for their tokens at the same time. */
  secrets(): Promise<SecretStore> {
    this.#secrets ??= openSecretStore({ onUnavailable: 'fail', logger: this.#logger }).catch((error: unknown) => {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      throw new CliError(
        `The OS keychain (${keychainName()}) is not available, so saved tokens cannot be read: ${error.reason}. Reach a server with --base-url and VIGIL_TOKEN set instead.`,
        cannotTell,
      );
    });
    return this.#secrets;
  }

  servers(choice: ServerChoice): Target[] {
    return chooseServers(this.settings.read(), choice);
  }

  oneServer(choice: ServerChoice, command: string): Target {
    return chooseOneServer(this.settings.read(), choice, command);
  }

  /**
   * VIGIL_TOKEN when the command named the server with --base-url; for This computer, a short-lived token signed
   * with its service's own key (no keychain needed, as the app gets its token); else the keychain entry of the
   * saved connection. A source's API key likewise; '' for a source read without one.
   */
  async token(target: Target): Promise<string> {
    const fromEnv = process.env.VIGIL_TOKEN?.trim();
    const need = CONNECTION_KEY[target.sourceKind];
    // A kind read without a key is sent none, even one exported for another server.
    if (need === 'none') return '';
    if (fromEnv && target.namedByBaseUrl) return fromEnv;
    if (target.connection?.kind === 'local') return this.#localToken();
    // A source named by --base-url alone has no keychain entry to read.
    const token = target.connection && (await (await this.secrets()).get(target.connection.id));
    if (!token && need === 'optional') return '';
    if (!token && isReadOnlySource(target.sourceKind)) {
      const named = `--kind ${target.sourceKind} --base-url ${target.baseUrl}`;
      throw new CliError(`No API key for ${target.name}: save it with \`npm run vigil -- login ${named}\` (it reads the key from stdin), or pass ${named} with VIGIL_TOKEN set.`, cannotTell);
    }
    if (!token) {
      throw new CliError(
        `No token for ${target.name}: sign in with \`npm run vigil -- login --base-url ${target.baseUrl}\` (it reads the token from stdin), or pass --base-url with VIGIL_TOKEN set.`,
        cannotTell,
      );
    }
    return token;
  }

  /**
   * Main/core cannot load the service's code, so, as the app does, it asks the `token` command of this same command
   * line (scripts/vigil.mjs, this process's script) to sign one with the data folder's key.
   */
  async #localToken(): Promise<string> {
    const launcher = nodeLocalServiceLauncher({ dataDir: localServiceDataDir(), vigilScript: process.argv[1] ?? 'scripts/vigil.mjs', execArgv: [] });
    try {
      return await launcher.issueToken(localTokenLifetimeSeconds);
    } catch (error) {
      throw new CliError(error instanceof Error ? error.message : String(error), cannotTell);
    }
  }

  /**
   * Saves (or updates) a remote connection, a Vigil server's or a source's (`source`: its kind and Kuma's page);
   * signing in to it means watching it, so it is enabled. Its secret is kept (`keep`, given the connection's id)
   * before the settings are written: a running app follows the settings at once and must find the secret there.
   */
  async saveConnection(
    baseUrl: string,
    name: string | undefined,
    source: Pick<Connection, 'sourceKind' | 'page'>,
    keep: (connectionId: string) => Promise<void>,
  ): Promise<Connection> {
    const existing = this.settings.read().connections.find((c) => c.baseUrl === baseUrl && c.sourceKind === source.sourceKind && c.page === source.page);
    const id = existing?.id ?? randomUUID();
    await keep(id);
    const page = source.page === undefined ? {} : { page: source.page };
    const connection: Connection = { id, name: name ?? existing?.name ?? hostOf(baseUrl), baseUrl, kind: existing?.kind ?? 'remote', sourceKind: source.sourceKind, ...page, enabled: true, signedInAt: Date.now() };
    const saved = this.settings.update((current) => withConnection(current, connection)).connections.find((c) => c.id === id);
    if (saved === undefined) throw new Error('the connection was not saved');
    return saved;
  }

  keychainName(): string {
    return keychainName();
  }
}
