// Secrets for this session only, for when the user chose not to use (or cannot use) the OS keychain.
import { checkAccount, checkSecret, type SecretStore } from './secret-store.ts';

export class MemorySecretStore implements SecretStore {
  readonly kind = 'memory';
  readonly #secrets = new Map<string, string>();
  readonly keychainUnavailable: string | undefined;

  /** `keychainUnavailable`: why the OS keychain is not used, when this store stands in for it. */
  constructor(keychainUnavailable?: string) {
    this.keychainUnavailable = keychainUnavailable;
  }

  async get(account: string): Promise<string | undefined> {
    checkAccount(account);
    return this.#secrets.get(account);
  }

  async set(account: string, secret: string): Promise<void> {
    checkAccount(account);
    checkSecret(secret);
    this.#secrets.set(account, secret);
  }

  async delete(account: string): Promise<boolean> {
    checkAccount(account);
    return this.#secrets.delete(account);
  }
}
