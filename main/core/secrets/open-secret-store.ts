// Chooses the secret store at start-up: the OS keychain when it answers, else (only if the caller chose so,
// after asking the user) a memory store for this session. Never a file: there is no plain-text fallback.
import type { Logger } from '../../../common/logger.ts';
import { KeyringSecretStore, type KeyringSecretStoreOptions } from './keyring-secret-store.ts';
import { MemorySecretStore } from './memory-secret-store.ts';
import { KeychainUnavailableError, keychainName, type SecretStore } from './secret-store.ts';

/** Read (never written) to see whether the keychain answers. */
const probeAccount = 'vigil-keychain-probe';

export interface OpenSecretStoreOptions extends KeyringSecretStoreOptions {
  /** `memory`: fall back to a session-only store (the user agreed); `fail`: throw KeychainUnavailableError. */
  onUnavailable: 'memory' | 'fail';
  logger: Logger;
}

export async function openSecretStore(options: OpenSecretStoreOptions): Promise<SecretStore> {
  const keychain = new KeyringSecretStore(options);
  try {
    await keychain.get(probeAccount);
    return keychain;
  } catch (error) {
    if (!(error instanceof KeychainUnavailableError) || options.onUnavailable === 'fail') throw error;
    options.logger.warn(
      `The OS keychain (${keychainName()}) is not available, so tokens are kept in memory for this session only: ` +
        `${error.reason}.`,
    );
    return new MemorySecretStore(error.reason);
  }
}
