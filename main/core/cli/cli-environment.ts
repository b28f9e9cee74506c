// What the client commands share: the settings file, the OS keychain, and which connection and token a
// command uses. Opened lazily, so `status` with VIGIL_TOKEN and --base-url never touches the keychain.
import { randomUUID } from 'node:crypto';
import { CliError } from '../../../common/cli/cli-error.ts';
import type { Logger } from '../../../common/logger.ts';
import { openSecretStore } from '../secrets/open-secret-store.ts';
import { KeychainUnavailableError, keychainName, type SecretStore } from '../secrets/secret-store.ts';
import { defaultSettingsDir } from '../settings/settings-dir.ts';
import type { Connection } from '../settings/settings-schema.ts';
import { ConfSettingsStore } from '../settings/settings-store.ts';

/** Exit code for "cannot tell" (monitoring-plugins' UNKNOWN). */
export const cannotTell = 3;

export interface Target {
  baseUrl: string;
  name: string;
  /** The saved connection, when the base URL is one. */
  connection: Connection | undefined;
}

export class CliEnvironment {
  readonly #logger: Logger;
  #settings: ConfSettingsStore | undefined;
  #secrets: SecretStore | undefined;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  get settings(): ConfSettingsStore {
    this.#settings ??= new ConfSettingsStore({ directory: defaultSettingsDir(), logger: this.#logger });
    return this.#settings;
  }

  async secrets(): Promise<SecretStore> {
    try {
      this.#secrets ??= await openSecretStore({ onUnavailable: 'fail', logger: this.#logger });
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error;
      throw new CliError(`${error.message} A command-line run cannot keep it in memory; set VIGIL_TOKEN instead.`, cannotTell);
    }
    return this.#secrets;
  }

  /** The connection a command is about: --base-url (saved or not), else the active or only saved one. */
  target(baseUrlFlag: string | undefined): Target {
    const { connections, activeConnectionId } = this.settings.read();
    if (baseUrlFlag !== undefined) {
      const baseUrl = baseUrlFlag.trim().replace(/\/+$/, '');
      const connection = connections.find((c) => c.baseUrl === baseUrl);
      return { baseUrl, name: connection?.name ?? hostOf(baseUrl), connection };
    }
    const connection = connections.find((c) => c.id === activeConnectionId) ?? (connections.length === 1 ? connections[0] : undefined);
    if (!connection) {
      throw new CliError('No connection is saved yet: pass --base-url URL, or sign in first with `npm run vigil -- login --base-url URL`.', cannotTell);
    }
    return { baseUrl: connection.baseUrl, name: connection.name, connection };
  }

  /**
   * VIGIL_TOKEN when the command names its server with --base-url, else the keychain entry of the saved
   * connection. The variable is never used for a connection chosen from the settings: a token exported for one
   * server must not go to whichever server happens to be active.
   */
  async token(target: Target, explicitBaseUrl: boolean): Promise<string> {
    const fromEnv = process.env.VIGIL_TOKEN?.trim();
    if (fromEnv && explicitBaseUrl) return fromEnv;
    const token = target.connection && (await (await this.secrets()).get(target.connection.id));
    if (!token) {
      throw new CliError(
        `No token for ${target.name}: sign in with \`npm run vigil -- login --base-url ${target.baseUrl}\` (it reads the token from stdin), or pass --base-url with VIGIL_TOKEN set.`,
        cannotTell,
      );
    }
    return token;
  }

  /** Saves (or updates) a remote connection and makes it the active one. */
  saveConnection(baseUrl: string, name: string | undefined): Connection {
    let saved: Connection | undefined;
    this.settings.update((current) => {
      const existing = current.connections.find((c) => c.baseUrl === baseUrl);
      saved = { id: existing?.id ?? randomUUID(), name: name ?? existing?.name ?? hostOf(baseUrl), baseUrl, kind: existing?.kind ?? 'remote' };
      const others = current.connections.filter((c) => c.id !== saved?.id);
      return { ...current, connections: [...others, saved], activeConnectionId: saved.id };
    });
    if (!saved) throw new Error('the connection was not saved');
    return saved;
  }

  keychainName(): string {
    return keychainName();
  }
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
