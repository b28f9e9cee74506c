// What the client commands share: the settings file, the OS keychain, and the token a server is reached with.
// Opened lazily, so `status` with VIGIL_TOKEN and --base-url never touches the keychain.
import { randomUUID } from 'node:crypto';
import { CliError } from '../../../common/cli/cli-error.ts';
import type { Logger } from '../../../common/logger.ts';
import { openSecretStore } from '../secrets/open-secret-store.ts';
import { KeychainUnavailableError, keychainName, type SecretStore } from '../secrets/secret-store.ts';
import { defaultSettingsDir } from '../settings/settings-dir.ts';
import type { Connection } from '../settings/settings-schema.ts';
import { ConfSettingsStore } from '../settings/settings-store.ts';
import { cannotTell } from './exit-codes.ts';
import { chooseOneServer, chooseServers, hostOf, type ServerChoice, type Target } from './server-choice.ts';

export class CliEnvironment {
  readonly #logger: Logger;
  #settings: ConfSettingsStore | undefined;
  #secrets: Promise<SecretStore> | undefined;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  get settings(): ConfSettingsStore {
    this.#settings ??= new ConfSettingsStore({ directory: defaultSettingsDir(), logger: this.#logger });
    return this.#settings;
  }

  /** Opened once however many servers ask for their tokens at the same time. */
  secrets(): Promise<SecretStore> {
    this.#secrets ??= openSecretStore({ onUnavailable: 'fail', logger: this.#logger }).catch((error: unknown) => {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      throw new CliError(`${error.message} A command-line run cannot keep it in memory; set VIGIL_TOKEN instead.`, cannotTell);
    });
    return this.#secrets;
  }

  servers(choice: ServerChoice): Target[] {
    return chooseServers(this.settings.read(), choice);
  }

  oneServer(choice: ServerChoice, command: string): Target {
    return chooseOneServer(this.settings.read(), choice, command);
  }

  /** VIGIL_TOKEN when the command named the server with --base-url, else the keychain entry of the saved connection. */
  async token(target: Target): Promise<string> {
    const fromEnv = process.env.VIGIL_TOKEN?.trim();
    if (fromEnv && target.namedByBaseUrl) return fromEnv;
    const token = target.connection && (await (await this.secrets()).get(target.connection.id));
    if (!token) {
      throw new CliError(
        `No token for ${target.name}: sign in with \`npm run vigil -- login --base-url ${target.baseUrl}\` (it reads the token from stdin), or pass --base-url with VIGIL_TOKEN set.`,
        cannotTell,
      );
    }
    return token;
  }

  /** Saves (or updates) a remote connection; signing in to it means watching it, so it is enabled. */
  saveConnection(baseUrl: string, name: string | undefined): Connection {
    const existing = this.settings.read().connections.find((c) => c.baseUrl === baseUrl);
    const id = existing?.id ?? randomUUID();
    const updated = this.settings.update((current) => {
      const others = current.connections.filter((c) => c.id !== id);
      const saved = { id, name: name ?? existing?.name ?? hostOf(baseUrl), baseUrl, kind: existing?.kind ?? 'remote', enabled: true } as const;
      return { ...current, connections: [...others, saved] };
    });
    const saved = updated.connections.find((c) => c.id === id);
    if (saved === undefined) throw new Error('the connection was not saved');
    return saved;
  }

  keychainName(): string {
    return keychainName();
  }
}
