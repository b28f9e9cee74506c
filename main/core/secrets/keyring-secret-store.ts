// Secrets in the OS keychain through @napi-rs/keyring: Keychain on macOS, Credential Manager on Windows, the
// Secret Service (gnome-keyring, KWallet) on Linux. On Linux the entry is pinned to the Secret Service, so the
// library never falls back silently to the kernel keyring, which forgets everything at logout.
import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring';
import {
  checkAccount,
  checkSecret,
  KeychainUnavailableError,
  SECRET_SERVICE_NAME,
  type SecretStore,
} from './secret-store.ts';

/** Long enough to type a password into the OS's unlock prompt, short enough that Vigil never waits forever. */
const defaultTimeoutMs = 30_000;

const entryOptions: EntryOptions = { linux: { store: 'secret-service' } };

export interface KeyringSecretStoreOptions {
  /** The keychain service name; tests use their own. */
  service?: string;
  timeoutMs?: number;
}

export class KeyringSecretStore implements SecretStore {
  readonly kind = 'os-keychain';
  readonly #service: string;
  readonly #timeoutMs: number;
  /** Calls that timed out and have not finished: the keychain is stuck (often on an unanswered prompt). */
  #stuck = 0;

  constructor(options: KeyringSecretStoreOptions = {}) {
    this.#service = options.service ?? SECRET_SERVICE_NAME;
    this.#timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  }

  async get(account: string): Promise<string | undefined> {
    checkAccount(account);
    return (await this.#call(account, (entry, signal) => entry.getPassword(signal))) ?? undefined;
  }

  async set(account: string, secret: string): Promise<void> {
    checkAccount(account);
    checkSecret(secret);
    await this.#call(account, (entry, signal) => entry.setPassword(secret, signal));
  }

  async delete(account: string): Promise<boolean> {
    checkAccount(account);
    return this.#call(account, (entry, signal) => entry.deleteCredential(signal));
  }

  /**
   * Runs one keychain call under the timeout. The library honours the AbortSignal only before its work starts, so
   * the timeout also races the call; a call that times out keeps a worker thread until the keychain answers, and
   * while one is stuck further calls fail at once instead of piling up behind it. (Creating the entry connects to
   * D-Bus synchronously on Linux: a few milliseconds, and beyond any timeout's reach if the bus never answers.)
   */
  async #call<T>(account: string, operation: (entry: AsyncEntry, signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.#stuck > 0) {
      throw new KeychainUnavailableError(
        'it has not answered an earlier request yet (it may be locked and waiting for a password)',
      );
    }
    const signal = AbortSignal.timeout(this.#timeoutMs);
    let pending: Promise<T>;
    try {
      pending = operation(new AsyncEntry(this.#service, account, entryOptions), signal);
    } catch (error) {
      throw new KeychainUnavailableError(reasonOf(error), { cause: error });
    }
    const timedOut = new Promise<never>((_resolve, reject) => {
      const onTimeout = () => reject(new KeychainUnavailableError(this.#timeoutReason()));
      signal.addEventListener('abort', onTimeout, { once: true });
    });
    try {
      return await Promise.race([pending, timedOut]);
    } catch (error) {
      if (error instanceof KeychainUnavailableError) {
        // The timeout won; the call itself is still running.
        this.#waitOut(pending);
        throw error;
      }
      throw new KeychainUnavailableError(signal.aborted ? this.#timeoutReason() : reasonOf(error), { cause: error });
    }
  }

  #waitOut(pending: Promise<unknown>): void {
    this.#stuck++;
    const settle = () => {
      this.#stuck--;
    };
    pending.then(settle, settle);
  }

  #timeoutReason(): string {
    const seconds = Math.round(this.#timeoutMs / 100) / 10;
    const unit = seconds === 1 ? 'second' : 'seconds';
    return `it did not answer within ${seconds} ${unit} (it may be locked and waiting for a password)`;
  }
}

/** The library's message, which names the cause (never the secret) on one line, without a trailing full stop. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replaceAll(/\s+/g, ' ').trim().replace(/\.$/, '') || 'unknown error';
}
